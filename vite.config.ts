import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

/** Each island and behaviour is an entry of its own, so the worker can name its chunk in the marker. */
const entriesIn = (folder: string, extension: string) =>
  Object.fromEntries(
    readdirSync(`client/${folder}`)
      .filter((file) => file.endsWith(extension))
      .map((file) => [`${folder}/${file.slice(0, -extension.length)}`, `client/${folder}/${file}`]),
  );
const islands = { ...entriesIn('islands', '.tsx'), ...entriesIn('behaviors', '.ts') };

/** The service worker (client/sw.ts) lives at a fixed address at the root: its scope is the whole site. */
const SERVICE_WORKER = 'sw.js';

/**
 * Writes the build's version into the service worker: a hash of every file name the
 * build wrote (each carries its content's hash), so a deploy that changes anything
 * the browser loads changes /sw.js too, and the browser installs the new worker,
 * which deletes the old caches. The worker is a classic script: a chunk it would
 * share with the pages would need `import`, so that fails the build.
 */
const serviceWorkerVersion: Plugin = {
  name: 'service-worker-version',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const worker = bundle[SERVICE_WORKER];
    if (!worker || worker.type !== 'chunk') return this.error(`${SERVICE_WORKER} was not built`);
    if (worker.imports.length > 0 || worker.dynamicImports.length > 0)
      return this.error(`${SERVICE_WORKER} must not import other chunks: ${worker.imports.join(', ')}`);
    const names = Object.keys(bundle)
      .filter((name) => name !== SERVICE_WORKER && name !== 'manifest.json')
      .sort();
    const version = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16);
    if (!worker.code.includes('__OFFLINE_VERSION__')) return this.error(`${SERVICE_WORKER} has no version placeholder`);
    worker.code = worker.code.replaceAll('__OFFLINE_VERSION__', version);
  },
};

/**
 * Builds the browser code: one small loader entry, one chunk per island, React in
 * a shared chunk that only islands import. The manifest tells the worker the
 * hashed names of the entry, its stylesheet and each island's chunk.
 */
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: 'manifest.json',
    target: 'es2022',
    cssCodeSplit: true,
    rollupOptions: {
      input: { entry: 'client/entry.ts', ...islands, sw: 'client/sw.ts' },
      preserveEntrySignatures: 'exports-only',
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? SERVICE_WORKER : 'assets/[name]-[hash].js') },
    },
  },
  plugins: [serviceWorkerVersion],
  oxc: { jsx: { runtime: 'automatic' } },
});
