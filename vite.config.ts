import { defineConfig } from 'vite';

/**
 * Builds the browser code: one small loader entry, one chunk per island, React in
 * a shared chunk that only islands import. The manifest tells the worker the
 * hashed names of the entry and its stylesheet.
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
    rollupOptions: { input: 'client/entry.ts' },
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
