/**
 * The structure rules of docs/architecture.md, checked in `npm test`'s first step:
 * no import cycle, no two folders of worker/ that import each other, no import against the layers' direction, no file
 * in worker/ over 300 lines, a bundle's view read only in its own folder, and comments that cite the repository's docs,
 * not documents a newcomer cannot open. Prints every breach and exits 1 when there is one.
 *
 * `node scripts/check-structure.ts --graph` also prints the folder graph of worker/, bottom first: each folder (or file
 * at worker/'s root) and the ones it imports.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import madge from 'madge';

const ROOT = new URL('..', import.meta.url).pathname;
const SOURCE = ['worker', 'client', 'common'];
const MAX_LINES = 300;

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const breaches: string[] = [];
const sources = SOURCE.flatMap(filesUnder);

const graph = await madge(
  SOURCE.map((dir) => join(ROOT, dir)),
  { fileExtensions: ['ts', 'tsx'], tsConfig: join(ROOT, 'tsconfig.worker.json'), baseDir: ROOT },
);
for (const cycle of graph.circular()) breaches.push(`import cycle: ${cycle.join(' → ')} → ${cycle[0]}`);

/**
 * Arrows point down only (docs/architecture.md, "Who may import whom"): what each folder
 * must never import. Type-only imports count too: a type names the layer it belongs to.
 */
const NEVER: [from: string, to: string[]][] = [
  ['worker/components/', ['worker/screens/', 'worker/routes/', 'worker/loaders/', 'worker/middleware/']],
  ['worker/screens/', ['worker/routes/', 'worker/loaders/', 'worker/middleware/']],
  ['worker/render/', ['worker/routes/', 'worker/loaders/', 'worker/middleware/']],
  ['worker/bundles/', ['worker/routes/', 'worker/middleware/']],
  ['worker/loaders/', ['worker/routes/', 'worker/middleware/']],
  [
    'worker/drupal/',
    ['worker/bundles/', 'worker/screens/', 'worker/components/', 'worker/routes/', 'worker/loaders/', 'worker/middleware/'],
  ],
  [
    'worker/cache/',
    [
      'worker/drupal/',
      'worker/leads/',
      'worker/bundles/',
      'worker/screens/',
      'worker/components/',
      'worker/routes/',
      'worker/loaders/',
      'worker/middleware/',
    ],
  ],
  ['common/', ['worker/', 'client/']],
  ['client/', ['worker/']],
];
for (const [file, imports] of Object.entries(graph.obj())) {
  const rule = NEVER.find(([from]) => file.startsWith(from));
  for (const imported of rule ? imports : []) {
    const layer = rule![1].find((to) => imported.startsWith(to));
    if (layer) breaches.push(`${file}: imports ${imported} (${rule![0]} never imports ${layer})`);
  }
}

/**
 * No two folders of worker/ import each other (docs/architecture.md, "Who may import whom"): a folder is a first-level
 * entry of worker/, a folder or a file at its root. Type-only imports count, as above.
 */
const unitOf = (file: string): string | undefined => {
  const [top, first, second] = file.split('/');
  return top === 'worker' && first ? (second === undefined ? `worker/${first}` : `worker/${first}/`) : undefined;
};
/** Each unit → the units it imports → one of the imports that make it so (file → file), for the breach's message. */
const folders = new Map<string, Map<string, string>>();
for (const file of sources.map((path) => path.split(sep).join('/'))) {
  const unit = unitOf(file);
  if (unit && !folders.has(unit)) folders.set(unit, new Map());
}
for (const [file, imports] of Object.entries(graph.obj())) {
  const from = unitOf(file);
  for (const imported of from ? imports : []) {
    const to = unitOf(imported);
    if (to && to !== from && !folders.get(from!)!.has(to)) folders.get(from!)!.set(to, `${file} → ${imported}`);
  }
}
for (const [from, imports] of folders)
  for (const [to, example] of imports) {
    const back = folders.get(to)?.get(from);
    if (back && from < to) breaches.push(`folders that import each other: ${from} ↔ ${to} (${example}; ${back})`);
  }

if (process.argv.includes('--graph')) {
  // Bottom first: a folder is printed once every folder it imports has been (those in a loop last, as they come).
  const printed = new Set<string>();
  const order: string[] = [];
  for (let added = true; added;) {
    added = false;
    for (const [unit, imports] of [...folders].sort(([a], [b]) => a.localeCompare(b)))
      if (!printed.has(unit) && [...imports.keys()].every((to) => printed.has(to))) {
        order.push(unit);
        printed.add(unit);
        added = true;
      }
  }
  order.push(...[...folders.keys()].filter((unit) => !printed.has(unit)).sort());
  const width = Math.max(...order.map((unit) => unit.length));
  console.log(`worker/'s folder graph, bottom first (${order.length} folders):`);
  for (const unit of order) console.log(`  ${unit.padEnd(width)}  → ${[...folders.get(unit)!.keys()].sort().join(', ') || '(nothing)'}`);
}

for (const file of sources) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const lines = text.split('\n');
  if (file.startsWith(`worker${sep}`) && lines.length > MAX_LINES) breaches.push(`${file}: ${lines.length} lines (at most ${MAX_LINES})`);
  lines.forEach((line, index) => {
    const at = `${relative(ROOT, join(ROOT, file))}:${index + 1}`;
    if (/view\.bundle\s*===/.test(line) && !file.startsWith(join('worker', 'bundles')))
      breaches.push(`${at}: a bundle's view read outside its folder`);
    if (/issue [0-9]|spec §|(drupal-api|site-spec|design-card|booking-apis|roadmap)\.md/i.test(line))
      breaches.push(`${at}: cites a document outside the repository (${line.trim()})`);
  });
}

if (breaches.length) {
  console.error(`structure: ${breaches.length} breaches of docs/architecture.md\n${breaches.join('\n')}`);
  process.exit(1);
}
console.log(`structure: ${sources.length} files, no cycle, no breach`);
