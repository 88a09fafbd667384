import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { chooseEncoding, compressAll, entityTag, hashSource, inlineScripts, matchesTag, pageBytes } from '../../../worker/cache/page-bytes';
import type { PageCompressor } from '../../../worker/seams/seams';

const NONCE = 'n0nce+/A==';
const page = (nonce: string) =>
  `<!doctype html><html><head><script type="module" src="/assets/loader.js" nonce="${nonce}"></script>` +
  `<script type="speculationrules" nonce="${nonce}">{"prefetch":[]}</script>` +
  `<script type="application/ld+json">{"@type":"MedicalClinic"}</script></head>` +
  `<body><p>Цена: 3 500 ₽</p><script nonce="${nonce}">$RC("B:0","S:0")</script></body></html>`;

describe("a kept page's bytes", () => {
  it('are the page without its nonce, the same whatever nonce it was streamed with', async () => {
    const one = (await pageBytes(page(NONCE), NONCE))!;
    const other = (await pageBytes(page('other-nonce'), 'other-nonce'))!;
    const html = new TextDecoder().decode(one.identity);
    expect(html).not.toContain('nonce');
    expect(html).toContain('<script type="module" src="/assets/loader.js"></script>');
    expect(other.identity).toEqual(one.identity);
    expect(other.tag).toBe(one.tag);
    expect(one.tag).toMatch(/^[\w-]{22}$/);
  });

  it('name every inline script that runs by its hash, and neither an external script nor a data block', async () => {
    expect(inlineScripts(page(''))).toEqual(['{"prefetch":[]}', '$RC("B:0","S:0")']);
    const { scriptHashes } = (await pageBytes(page(NONCE), NONCE))!;
    expect(scriptHashes).toHaveLength(2);
    for (const hash of scriptHashes) expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it('name a script as the browser hashes it: SHA-256 of its UTF-8 text, in base64', async () => {
    for (const script of ['alert(1)', '$RC("B:0","S:0")', 'document.title = "Цены";'])
      expect(await hashSource(script)).toBe(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
  });

  it('are not made when the nonce shows anywhere else: such a page is rendered each time', async () => {
    expect(await pageBytes(page(NONCE) + `<p data-n="${NONCE}"></p>`, NONCE)).toBeUndefined();
  });

  it('tell a different page by a different tag', async () => {
    const one = (await pageBytes(page(NONCE), NONCE))!;
    const other = (await pageBytes(page(NONCE).replace('3 500', '3 600'), NONCE))!;
    expect(other.tag).not.toBe(one.tag);
  });

  it('are compressed in each encoding the platform makes, best first', async () => {
    const bytes = (await pageBytes(page(NONCE), NONCE))!;
    const made: string[] = [];
    const compressor: PageCompressor = {
      encodings: ['br', 'gzip'],
      compress: async (input, encoding) => {
        made.push(encoding);
        return input.slice(0, 3);
      },
    };
    await compressAll(bytes, compressor);
    expect(made).toEqual(['br', 'gzip']);
    expect(Object.keys(bytes.encoded)).toEqual(['br', 'gzip']);
  });
});

describe('the encoding a visitor gets', () => {
  const made = ['br', 'gzip'] as const;
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5, gzip;q=1', 'br'],
    ['identity', undefined],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['deflate', undefined],
  ])('for Accept-Encoding %j is %j', (accept, expected) => {
    expect(chooseEncoding(accept, made)).toBe(expected);
  });

  it('is one Workers makes when it makes gzip only', () => {
    expect(chooseEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
  });
});

describe('If-None-Match', () => {
  const tag = 'AbC-d_EfGhIjKlMnOpQrSt';
  it('matches the page in any representation, weak or strong, in a list, or *', () => {
    expect(matchesTag(entityTag(tag, undefined), tag)).toBe(true);
    expect(matchesTag(entityTag(tag, 'gzip'), tag)).toBe(true);
    expect(matchesTag(`W/${entityTag(tag, 'br')}`, tag)).toBe(true);
    expect(matchesTag(`"x", ${entityTag(tag, undefined)}`, tag)).toBe(true);
    expect(matchesTag('*', tag)).toBe(true);
  });
  it('does not match another page, a tag that only starts like it, or nothing', () => {
    expect(matchesTag('"another"', tag)).toBe(false);
    expect(matchesTag(`"${tag}-deflate"`, tag)).toBe(false);
    expect(matchesTag(`"${tag}x"`, tag)).toBe(false);
    expect(matchesTag(undefined, tag)).toBe(false);
    expect(matchesTag('', tag)).toBe(false);
  });
});
