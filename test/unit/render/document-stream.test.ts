/**
 * A page's document as documentStart, then React's render less its own start (worker/render/document-stream.ts):
 * the start can go out before the page's content exists, and an error met after it is told in the page.
 */
import { describe, expect, it } from 'vitest';
import { documentWith, startFirst } from '../../../worker/render/document-stream';

const encoder = new TextEncoder();
const START = '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"/><link rel="stylesheet" href="/a.css"/>';

/** A stream of these chunks, as React writes them. */
const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });

const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("React's document less its start", () => {
  it('begins right after its <head>, wherever the chunks split it', async () => {
    const react = streamOf(
      '<!DOCTYPE html><html lang="ru" class="lv">',
      '<he',
      'ad><link rel="preload" as="image" href="/p.jpg"/>',
      '<title>Т</title></head><body>ё</body></html>',
    );
    expect(await text(documentWith('', react))).toBe(
      '<link rel="preload" as="image" href="/p.jpg"/><title>Т</title></head><body>ё</body></html>',
    );
  });

  it('fails rather than send a document that starts otherwise', async () => {
    await expect(text(documentWith('', streamOf('<p>не документ</p><head>')))).rejects.toThrow(/Начало документа/);
    await expect(text(documentWith('', streamOf('<!DOCTYPE html><html>')))).rejects.toThrow(/нет <head>/);
  });

  it('follows the start given', async () => {
    const react = streamOf('<!DOCTYPE html><html lang="ru"><head><title>Т</title></head><body></body></html>');
    expect(await text(documentWith(START, react))).toBe(`${START}<title>Т</title></head><body></body></html>`);
  });
});

describe('a page whose start goes out first', () => {
  it('sends its start with a 200 while its rest is not yet made', async () => {
    const response = startFirst(START, { 'X-Cache': 'MISS' }, new Promise<Response>(() => {}));
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Cache')).toBe('MISS');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    const first = await response.body!.getReader().read();
    expect(new TextDecoder().decode(first.value)).toBe(START);
  });

  it('then its rest, as rendered', async () => {
    const rest = new Response(streamOf('<title>Т</title>', '</head><body>ё</body></html>'));
    expect(await startFirst(START, {}, Promise.resolve(rest)).text()).toBe(`${START}<title>Т</title></head><body>ё</body></html>`);
  });

  it('keeps its 200 when the rest turns out an error page, and tells search engines to leave it out', async () => {
    const rest = new Response(streamOf('<title>Страница не найдена</title></head><body></body></html>'), { status: 404 });
    const html = await startFirst(START, {}, Promise.resolve(rest)).text();
    expect(html).toBe(`${START}<meta name="robots" content="noindex"/><title>Страница не найдена</title></head><body></body></html>`);
  });

  it('ends in a short notice when no rest could be made, or only a whole document of its own', async () => {
    for (const rest of [
      Promise.reject(new Error('сбой')),
      Promise.resolve(new Response('<!DOCTYPE html><html lang="ru"><head></head><body>Ошибка</body></html>', { status: 500 })),
      // A redirect off the site (or to no address) is not followed from the page.
      Promise.resolve(new Response(null, { status: 302, headers: { Location: 'https://evil.example/' } })),
      Promise.resolve(new Response(null, { status: 302, headers: { Location: '//evil.example/' } })),
      Promise.resolve(new Response(null, { status: 302 })),
    ]) {
      const html = await startFirst(START, {}, rest).text();
      expect(html.startsWith(`${START}<meta name="robots" content="noindex"/>`)).toBe(true);
      expect(html).toContain('Не удалось показать страницу');
      expect(html.endsWith('</html>')).toBe(true);
      expect(html.match(/<!DOCTYPE/g)).toHaveLength(1);
    }
  });

  it("sends the browser on in the head still open when the rest turns out a redirect of the site's own (a 400 to /400)", async () => {
    for (const location of ['/400', '/a?b="c"&d']) {
      const rest = Promise.resolve(new Response(null, { status: 302, headers: { Location: location } }));
      const html = await startFirst(START, {}, rest).text();
      const href = location.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
      expect(html).toBe(
        `${START}<meta name="robots" content="noindex"/><meta http-equiv="refresh" content="0; url=${href}"/>` +
          `<title>Переход</title></head><body><p><a href="${href}">Перейти на страницу</a></p></body></html>`,
      );
    }
  });
});
