import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { PageCompressor } from '../../seams/seams';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli's quality: a kept page lives seconds, not a deploy's lifetime (docs/architecture.md, "Kept pages").
 * On a 78 KB page quality 5 takes about 3 ms for 11.2 KB; 11 takes 160 ms for 10.2 KB, and under load
 * (pages kept anew every second while Drupal is down) those compressions took both cores from the answers.
 */
const BROTLI_QUALITY = 5;
/** gzip's default level: the highest makes the same size here. */
const GZIP_LEVEL = 6;

/** zlib on libuv's thread pool, so a page's compression does not hold other requests. */
export function zlibPageCompressor(): PageCompressor {
  return {
    encodings: ['br', 'gzip'],
    async compress(bytes, encoding) {
      const out =
        encoding === 'br'
          ? await brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            })
          : await gzipped(bytes, { level: GZIP_LEVEL });
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    },
  };
}
