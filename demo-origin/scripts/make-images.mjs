// Writes the demo origin's placeholder files under public/sites/default/files/.
// Usage (from the repository root): node demo-origin/scripts/make-images.mjs
// Node 22.18+ strips the types of the imported .ts module by itself.
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { images, derivatives, documents, derivativePath, renderSvg, renderDerivative, renderPdf } from '../src/content/images.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'sites', 'default', 'files');
rmSync(root, { recursive: true, force: true });

function write(rel, content) {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

let total = 0;
for (const def of images) {
  const svg = renderSvg(def);
  total += Buffer.byteLength(svg);
  write(def.path, svg);
}
for (const d of derivatives) write(derivativePath(d.style, d.source), renderDerivative(d));
for (const doc of documents) write(doc.path, renderPdf(doc));
console.log(`${images.length} images (${Math.round(total / 1024)} KB), ${derivatives.length} derivatives, ${documents.length} documents`);
