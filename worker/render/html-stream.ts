import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { prerender } from 'react-dom/static.edge';

export interface StreamOptions {
  status: number;
  headers?: Record<string, string>;
  /** Crawlers get the complete document, every boundary inline, rather than a stream. */
  waitForAll?: boolean;
  /** All data is at hand: write every boundary in place instead of swapping it in by script. */
  inline?: boolean;
  /** The response's CSP nonce, for the scripts React writes to swap streamed boundaries in. */
  nonce?: string;
}

const onError = (error: unknown) => {
  console.error('Ошибка отрисовки', error instanceof Error ? error.stack : error);
};

/** React's HTML as a Response; rendering errors inside boundaries are logged, not fatal. */
export async function streamHtml(document: ReactNode, { status, headers = {}, waitForAll, inline, nonce }: StreamOptions): Promise<Response> {
  // React outlines even a finished boundary when it is larger than progressiveChunkSize.
  const progressiveChunkSize = waitForAll || inline ? Number.MAX_SAFE_INTEGER : undefined;
  const body = waitForAll
    ? (await prerender(document, { onError, progressiveChunkSize })).prelude
    : await renderToReadableStream(document, { onError, progressiveChunkSize, nonce });
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers },
  });
}
