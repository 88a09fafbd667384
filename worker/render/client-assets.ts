import { z } from 'zod';
// Written by `vite build` (npm run build runs first in every script that needs it).
import rawManifest from '../../dist/client/manifest.json';

const ManifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), isEntry: z.boolean().optional(), css: z.array(z.string()).optional() }),
);

const manifest = ManifestSchema.parse(rawManifest);
const entry = manifest['entry.ts'];
if (!entry) throw new Error('dist/client/manifest.json has no entry.ts: run `npm run build`');

/** The hashed file names a page links: the island loader, the site's stylesheet, and each island's chunk. */
export const clientAssets = {
  loader: `/${entry.file}`,
  stylesheets: (entry.css ?? []).map((file) => `/${file}`),
  island: (name: string): string => {
    const chunk = manifest[`islands/${name}.tsx`];
    if (!chunk) throw new Error(`dist/client/manifest.json has no island ${name}: run \`npm run build\``);
    return `/${chunk.file}`;
  },
} as const;
