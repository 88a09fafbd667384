import type { PageCompressor } from '../../seams/seams';

/**
 * No encoding of the worker's own: Cloudflare's edge compresses every HTML answer itself, brotli or gzip as the
 * visitor takes, outside the worker's CPU, and better than workerd's CompressionStream could (gzip only). A body the
 * worker encoded itself (`encodeBody: 'manual'`) is passed on as it is; under `wrangler dev`, Chromium's prefetch of
 * such a page did not finish before the click it was made for (docs/architecture.md, "Kept pages").
 */
export function edgePageCompressor(): PageCompressor {
  return {
    encodings: [],
    compress: () => Promise.reject(new Error('Cloudflare compresses at the edge: the worker makes no encoding')),
  };
}
