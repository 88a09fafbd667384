import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { prerender } from 'react-dom/static.edge';
import { OriginError } from '../cache/origin-error';

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

/**
 * React's HTML as a Response. A part whose Drupal call failed (an OriginError) is
 * left out and the page carries on (docs/requirements.md §8). A failure of our own code in a part
 * rendered before the first byte fails the page, to be answered with the 500 page
 * (app.onError) rather than a 200 with a hole; one in a part streamed later can
 * only be logged, the status being sent.
 */
export async function streamHtml(
  document: ReactNode,
  { status, headers = {}, waitForAll, inline, nonce }: StreamOptions,
): Promise<Response> {
  let ownFailure: { error: unknown } | undefined;
  let sent = false;
  const onError = (error: unknown) => {
    console.error('Ошибка отрисовки', error instanceof Error ? error.stack : error);
    if (!sent && !ownFailure && !(error instanceof OriginError)) ownFailure = { error };
  };
  // React outlines even a finished boundary when it is larger than progressiveChunkSize.
  const progressiveChunkSize = waitForAll || inline ? Number.MAX_SAFE_INTEGER : undefined;
  const body = waitForAll
    ? (await prerender(document, { onError, progressiveChunkSize })).prelude
    : await renderToReadableStream(document, { onError, progressiveChunkSize, nonce });
  sent = true;
  if (ownFailure) {
    await body.cancel().catch(() => undefined);
    throw ownFailure.error;
  }
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers },
  });
}
