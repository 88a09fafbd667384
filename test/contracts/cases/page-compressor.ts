import { expect, it } from 'vitest';
import type { PageCompressor, PageEncoding } from '../../../worker/seams/seams';

/** Reads back what an encoding made: the runtime's own decoder, as a browser would (given by the platform's test file). */
export type Decoder = (bytes: Uint8Array, encoding: PageEncoding) => Promise<Uint8Array>;

/** A kept page compressed once for every visitor after (seams/seams.ts PageCompressor). */
export function pageCompressorContract(compressor: () => PageCompressor, decode: Decoder) {
  // A page's kind of text, Cyrillic included, long enough that compressing it pays.
  const page = new TextEncoder().encode(
    '<!doctype html><html lang="ru"><body>' +
      Array.from({ length: 400 }, (_, i) => `<p class="price">Консультация врача-косметолога № ${i}: 3 500 ₽</p>`).join('') +
      '</body></html>',
  );

  it('names its encodings best first without repeating one', () => {
    const { encodings } = compressor();
    expect(new Set(encodings).size).toBe(encodings.length);
    if (encodings.includes('br')) expect(encodings[0]).toBe('br');
  });

  it('gives back, in each encoding, bytes that decode to the page exactly and are smaller than it', async () => {
    for (const encoding of compressor().encodings) {
      const compressed = await compressor().compress(page, encoding);
      expect(compressed.byteLength, encoding).toBeLessThan(page.byteLength / 4);
      expect(await decode(compressed, encoding), encoding).toEqual(page);
    }
  });

  it('compresses an empty page too', async () => {
    for (const encoding of compressor().encodings) {
      expect(await decode(await compressor().compress(new Uint8Array(), encoding), encoding), encoding).toEqual(new Uint8Array());
    }
  });
}
