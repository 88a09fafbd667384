import type { PageCompressor } from '../seams';

/**
 * gzip by workerd's CompressionStream, which makes no brotli. A visitor who takes brotli gets the gzip: Cloudflare
 * passes a response the worker encoded itself on as it is (docs/architecture.md, "Kept pages").
 */
export function streamPageCompressor(): PageCompressor {
  return {
    encodings: ['gzip'],
    async compress(bytes) {
      const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    },
  };
}
