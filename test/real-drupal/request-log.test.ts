/**
 * What a developer sees under `npm start` is what ops see: the worker's one JSON line per
 * request, printed by wrangler dev beside its own lines (scripts/servers.ts starts every
 * wrangler dev at the log level that shows a worker's console.log).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { TARGETS, eventually, get } from './helpers';

const logs = inject('realSiteLogs');

describe.each(TARGETS)('the request lines of the site on %s', (target, site) => {
  it('are in its terminal output, one JSON line per request with its Drupal calls', async () => {
    // A path of its own, so that its line is told from the others (a line names the path, not the query).
    const path = `/stroka-${target}-${Date.now().toString(36)}.html`;
    expect((await get(site, path)).status).toBe(404);
    const line = await eventually(
      async () =>
        readFileSync(logs[target], 'utf8')
          .split('\n')
          .find((l) => l.startsWith('{') && l.includes(`"path":"${path}"`)),
      Boolean,
    );
    expect(line, `a JSON line for ${path}`).toBeDefined();
    const parsed = JSON.parse(line!) as { method: string; status: number; target: string; drupal: unknown[] };
    expect([parsed.method, parsed.status, parsed.target]).toEqual(['GET', 404, target]);
    expect(Array.isArray(parsed.drupal)).toBe(true);
  });
});
