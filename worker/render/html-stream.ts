import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';

export interface StreamOptions {
  status: number;
  headers?: Record<string, string>;
  /** Crawlers get the whole document at once rather than streamed boundaries. */
  waitForAll?: boolean;
}

/** React's HTML stream as a Response; rendering errors inside boundaries are logged, not fatal. */
export async function streamHtml(document: ReactNode, { status, headers = {}, waitForAll }: StreamOptions): Promise<Response> {
  const stream = await renderToReadableStream(document, {
    onError(error: unknown) {
      console.error('Ошибка отрисовки', error instanceof Error ? error.stack : error);
    },
  });
  if (waitForAll) await stream.allReady;
  return new Response(stream, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers },
  });
}
