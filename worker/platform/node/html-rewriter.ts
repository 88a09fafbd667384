/**
 * workerd's HTMLRewriter on Node: the same lol-html, compiled to WebAssembly, behind
 * the same API (the `htmlrewriter` package), so the sanitiser and the pictures-as-text
 * rewriting run unchanged. Installed once at start-up, before the first request.
 *
 * The package's wasm-bindgen glue hands a string with non-ASCII text to WebAssembly
 * in a buffer larger than the string, and lol-html frees it by the string's length:
 * with some forty Cyrillic letters (a long Russian alt or title) the
 * allocator traps ("unreachable"). Without `__wbindgen_realloc` the glue encodes
 * first and allocates the exact size, so the instance is given to the glue without it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import init from 'htmlrewriter/dist/html_rewriter.js';
import { HTMLRewriterWrapper } from 'htmlrewriter/dist/html_rewriter_wrapper.js';

type Instantiate = (source: unknown, imports?: WebAssembly.Imports) => Promise<unknown>;

async function exactStringsInstance(): Promise<void> {
  const bytes = readFileSync(createRequire(import.meta.url).resolve('htmlrewriter/dist/html_rewriter_bg.wasm'));
  const wasm = WebAssembly as unknown as { instantiate: Instantiate };
  const instantiate = wasm.instantiate;
  // Only these bytes' instantiation, and only while the glue instantiates them.
  wasm.instantiate = async (source, imports) => {
    if (source !== bytes) return instantiate(source, imports);
    const { module, instance } = (await instantiate(source, imports)) as { module: WebAssembly.Module; instance: WebAssembly.Instance };
    return { module, instance: { exports: { ...instance.exports, __wbindgen_realloc: undefined } } };
  };
  try {
    await init(bytes);
  } finally {
    wasm.instantiate = instantiate;
  }
}

export function installHtmlRewriter(): void {
  const global = globalThis as { HTMLRewriter?: unknown };
  global.HTMLRewriter ??= HTMLRewriterWrapper(exactStringsInstance());
}
