import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { PageCompressor } from '../seams';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * zlib on libuv's thread pool, so a page's compression does not hold other requests. Brotli at its
 * highest quality: a kept page is compressed once for many visitors (docs/architecture.md, "Kept pages").
 */
export function zlibPageCompressor(): PageCompressor {
  return {
    encodings: ['br', 'gzip'],
    async compress(bytes, encoding) {
      const out =
        encoding === 'br'
          ? await brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            })
          : await gzipped(bytes, { level: constants.Z_BEST_COMPRESSION });
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    },
  };
}
