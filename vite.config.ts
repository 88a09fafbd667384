import { readdirSync } from 'node:fs';
import { defineConfig } from 'vite';

/** Each island and behaviour is an entry of its own, so the worker can name its chunk in the marker. */
const entriesIn = (folder: string, extension: string) =>
  Object.fromEntries(
    readdirSync(`client/${folder}`)
      .filter((file) => file.endsWith(extension))
      .map((file) => [`${folder}/${file.slice(0, -extension.length)}`, `client/${folder}/${file}`]),
  );
const islands = { ...entriesIn('islands', '.tsx'), ...entriesIn('behaviors', '.ts') };

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
    rollupOptions: { input: { entry: 'client/entry.ts', ...islands }, preserveEntrySignatures: 'exports-only' },
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
