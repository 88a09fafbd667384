/**
 * A page's document as two parts joined: documentStart (components/Document.tsx), which is every page's alike
 * and may go out before Drupal answers, then React's render of <Document> less its own start. React writes
 * `<!DOCTYPE html><html …><head>` first and then what it hoists into the head (the pictures' preloads): that
 * start is taken off, and the rest follows documentStart's fixed part of the head (docs/architecture.md,
 * "Rendering and streaming").
 */

import { attribute } from '../components/Document';

const encoder = new TextEncoder();
const HEAD = encoder.encode('<head>');
const REACT_START = /^<!DOCTYPE html><html[^>]*><head>$/;

/** Where `needle` ends in `bytes`, or -1. */
function endOf(bytes: Uint8Array, needle: Uint8Array): number {
  outer: for (let at = 0; at + needle.length <= bytes.length; at++) {
    for (let i = 0; i < needle.length; i++) if (bytes[at + i] !== needle[i]) continue outer;
    return at + needle.length;
  }
  return -1;
}

/**
 * React's document stream with `start` in place of React's own start, everything up to and with its `<head>`:
 * documentStart's string, or nothing when it went out already.
 */
export function documentWith(start: string, react: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let held: Uint8Array | undefined = new Uint8Array();
  return react.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (!held) return controller.enqueue(chunk);
        const bytes = new Uint8Array(held.length + chunk.length);
        bytes.set(held);
        bytes.set(chunk, held.length);
        const end = endOf(bytes, HEAD);
        if (end < 0) {
          held = bytes;
          return;
        }
        const reactStart = new TextDecoder().decode(bytes.subarray(0, end));
        if (!REACT_START.test(reactStart)) throw new Error(`Начало документа не то, что ожидалось: ${reactStart.slice(0, 120)}`);
        held = undefined;
        // One chunk, as React wrote its start: the shell goes out in one write.
        const ours = encoder.encode(start);
        const first = new Uint8Array(ours.length + bytes.length - end);
        first.set(ours);
        first.set(bytes.subarray(end), ours.length);
        if (first.length > 0) controller.enqueue(first);
      },
      flush() {
        if (held) throw new Error('В документе нет <head>');
      },
    }),
  );
}

/** An answer sent as 200 before it turned out an error: search engines leave it out. */
const NOINDEX = '<meta name="robots" content="noindex"/>';
/** The rest of a document whose own rest could not be made. */
const FAILED_REST =
  '<title>Ошибка</title></head><body><p>Не удалось показать страницу. Попробуйте обновить её.</p><p><a href="/">На главную</a></p></body></html>';

/** Where a redirect of the site's own sends the browser (a path of this site), or undefined. */
function sitePathOf(response: Response): string | undefined {
  const location = response.headers.get('Location');
  return response.status >= 300 && response.status < 400 && location && /^\/(?![/\\])/.test(location) ? location : undefined;
}

/** The rest of a document that turned out a redirect once its start was sent: the head still open takes the browser there. */
function movedRest(to: string): string {
  const href = attribute(to);
  return `<meta http-equiv="refresh" content="0; url=${href}"/><title>Переход</title></head><body><p><a href="${href}">Перейти на страницу</a></p></body></html>`;
}

/**
 * A page answered 200 before its content is known: the head's fixed part (`start`) goes out at once with a 200,
 * while Drupal is still asked for the rest, and `rest` (rendered without that start) follows. A rest that turns
 * out an error page keeps the 200 already sent, says `noindex` in the head still open, and is not kept by a
 * browser's or a shared cache (`no-cache`); a redirect to a path of the site becomes a refresh to it in that head
 * (a 400 of Drupal's still takes the visitor to /400); anything else that is not a document's rest (the bare page
 * of a failed error page) is replaced by a short notice.
 */
export function startFirst(start: string, headers: Record<string, string>, rest: Promise<Response>): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  void (async () => {
    await writer.write(encoder.encode(start));
    const response = await rest.catch((error: unknown) => {
      console.error('Страница не отрисована после начала', error instanceof Error ? error.stack : error);
      return undefined;
    });
    const reader = response?.body?.getReader();
    const first = reader ? await reader.read() : undefined;
    if (!response || !first || first.done || new TextDecoder().decode(first.value.subarray(0, 9)) === '<!DOCTYPE') {
      await reader?.cancel().catch(() => undefined);
      const to = response && sitePathOf(response);
      await writer.write(encoder.encode(NOINDEX + (to ? movedRest(to) : FAILED_REST)));
      return writer.close();
    }
    if (response.status !== 200) await writer.write(encoder.encode(NOINDEX));
    await writer.write(first.value);
    for (let next = await reader!.read(); !next.done; next = await reader!.read()) await writer.write(next.value);
    await writer.close();
  })().catch((error: unknown) => writer.abort(error).catch(() => undefined));
  return new Response(readable, {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...headers },
  });
}
