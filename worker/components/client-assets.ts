import { z } from 'zod';
// Written by `vite build` (npm run build runs first in every script that needs it).
import rawManifest from '../../dist/client/manifest.json';

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    css: z.array(z.string()).optional(),
    assets: z.array(z.string()).optional(),
  }),
);

const manifest = ManifestSchema.parse(rawManifest);
const entry = manifest['entry.ts'];
if (!entry) throw new Error('dist/client/manifest.json has no entry.ts: run `npm run build`');

function chunkOf(source: string): string {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`dist/client/manifest.json has no ${source}: run \`npm run build\``);
  return `/${chunk.file}`;
}

/**
 * The hashed file names a page links: the island loader, the site's stylesheet,
 * the font files that stylesheet uses (to preload: they are found only once the
 * stylesheet has been parsed and the text laid out; not the rouble sign's file,
 * which only price pages need), and each island's chunk.
 */
export const clientAssets = {
  loader: `/${entry.file}`,
  stylesheets: (entry.css ?? []).map((file) => `/${file}`),
  fonts: (entry.assets ?? []).filter((file) => file.endsWith('.woff2') && !file.includes('latin-ext')).map((file) => `/${file}`),
  /** The rouble sign's font file (client/styles/fonts.css): preloaded by the pages that show the sign (PriceTable.tsx). */
  roubleFont: (entry.assets ?? []).filter((file) => file.endsWith('.woff2') && file.includes('latin-ext')).map((file) => `/${file}`)[0],
  island: (name: string): string => chunkOf(`islands/${name}.tsx`),
  behavior: (name: string): string => chunkOf(`behaviors/${name}.ts`),
} as const;

/**
 * The page's `Link` header: what its head preloads, the stylesheet and the fonts. Cloudflare keeps it from a page's
 * answer and sends it ahead as a 103 Early Hint while the next visitor's page is still being made, so the browser
 * fetches them during the site's wait for Drupal (docs/architecture.md, "Rendering and streaming"). Not the loader:
 * a browser with scripts off would fetch it for nothing, and the head names it among its first bytes anyway.
 */
export const preloadLinks = [
  ...clientAssets.stylesheets.map((href) => `<${href}>; rel=preload; as=style`),
  ...clientAssets.fonts.map((href) => `<${href}>; rel=preload; as=font; type="font/woff2"; crossorigin`),
].join(', ');
