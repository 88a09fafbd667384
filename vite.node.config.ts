import { defineConfig } from 'vite';

/**
 * React's server build for Node in place of the one for edge runtimes that worker/render/ imports: the same API
 * (`renderToReadableStream`, `prerender`), but it copies the HTML into buffers rather than encoding every string
 * of it apart, and schedules its work with `setImmediate` where the edge build waits a `setTimeout` (at least a
 * millisecond on Node) before each flush (docs/architecture.md, "Rendering and streaming"). The `node` test project
 * takes the same.
 */
export const reactServerForNode = {
  'react-dom/server.edge': 'react-dom/server.node',
  'react-dom/static.edge': 'react-dom/static.node',
};

/**
 * Builds the Node target (worker/entries/node-server.ts) into dist/node/server.js:
 * the same app code as the worker, its npm dependencies left to node_modules.
 * Runs after the browser build, whose manifest the app reads.
 */
export default defineConfig({
  build: {
    ssr: 'worker/entries/node-server.ts',
    outDir: 'dist/node',
    emptyOutDir: true,
    target: 'node22',
    rollupOptions: {
      output: { entryFileNames: 'server.js' },
      // lucide-react marks its icons "use client"; on the server they only render to HTML.
      onwarn: (warning, warn) => (warning.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : warn(warning)),
    },
  },
  // As wrangler.toml's [define]: visitors get React's production build on both targets. React
  // picks its build from NODE_ENV when it is loaded, so it is bundled here for the define to reach it.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: { alias: reactServerForNode },
  ssr: { noExternal: ['react', 'react-dom', 'scheduler', 'lucide-react'] },
  oxc: { jsx: { runtime: 'automatic', development: false } },
});
