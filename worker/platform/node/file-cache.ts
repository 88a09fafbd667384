/**
 * Drupal's public files kept on local disk, as the Cache API keeps them on Workers:
 * each response with its status and headers, until its Cache-Control max-age runs
 * out, the oldest dropped first once the folder passes its bound.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileCache } from '../../seams/seams';

interface Head {
  status: number;
  headers: [string, string][];
  expires: number;
}

const maxAgeOf = (cacheControl: string | null) => Number(/(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl ?? '')?.[1] ?? 0);

export function diskFileCache(dir: string, maxBytes: number): FileCache {
  mkdirSync(dir, { recursive: true });
  const nameOf = (request: Request) => createHash('sha256').update(request.url).digest('hex');
  let used: number | undefined;

  async function evict(): Promise<void> {
    const files = await Promise.all(
      (await readdir(dir))
        .filter((name) => name.endsWith('.body'))
        .map(async (name) => ({ name, ...(await stat(join(dir, name)).catch(() => ({ size: 0, mtimeMs: 0 }))) })),
    );
    used = files.reduce((sum, file) => sum + file.size, 0);
    files.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const file of files) {
      if (used <= maxBytes * 0.9) break;
      const base = join(dir, file.name.slice(0, -'.body'.length));
      await Promise.all([unlink(`${base}.body`), unlink(`${base}.head`)].map((p) => p.catch(() => undefined)));
      used -= file.size;
    }
  }

  return {
    async match(request) {
      const base = join(dir, nameOf(request));
      try {
        const head = JSON.parse(await readFile(`${base}.head`, 'utf8')) as Head;
        if (Date.now() > head.expires) return undefined;
        const body = head.status === 200 ? await readFile(`${base}.body`) : null;
        return new Response(body, { status: head.status, headers: head.headers });
      } catch {
        return undefined;
      }
    },
    async put(request, response) {
      const maxAge = maxAgeOf(response.headers.get('Cache-Control'));
      if (maxAge <= 0) return;
      const body = Buffer.from(await response.arrayBuffer());
      const base = join(dir, nameOf(request));
      const head: Head = { status: response.status, headers: [...response.headers], expires: Date.now() + maxAge * 1000 };
      // Written aside and renamed, so a reader never meets half a file.
      await writeFile(`${base}.body.tmp`, body);
      await rename(`${base}.body.tmp`, `${base}.body`);
      await writeFile(`${base}.head.tmp`, JSON.stringify(head));
      await rename(`${base}.head.tmp`, `${base}.head`);
      if (used === undefined || (used += body.length) > maxBytes) await evict();
    },
  };
}
