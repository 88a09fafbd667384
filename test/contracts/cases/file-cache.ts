import { expect, it } from 'vitest';
import type { FileCache } from '../../../worker/seams/seams';

/** Drupal's files kept for outages (seams/seams.ts FileCache), as routes/files.ts puts and matches them. */
export function fileCacheContract(cache: () => FileCache) {
  const fileRequest = () => new Request(`http://127.0.0.1:8787/sites/default/files/contract-${crypto.randomUUID()}.txt`);

  it('gives back a kept file with its status, headers and body; nothing for a file never kept', async () => {
    const request = fileRequest();
    const headers = { 'Content-Type': 'text/plain', 'Cache-Control': 'public, max-age=3600', ETag: '"contract"' };
    await cache().put(request, new Response('содержимое файла', { status: 200, headers }));
    const kept = await cache().match(new Request(request.url));
    expect(kept?.status).toBe(200);
    expect(kept?.headers.get('Content-Type')).toBe('text/plain');
    expect(kept?.headers.get('ETag')).toBe('"contract"');
    expect(await kept?.text()).toBe('содержимое файла');
    expect(await cache().match(fileRequest())).toBeUndefined();
  });

  it("keeps Drupal's 404 for a file, for its max-age", async () => {
    const request = fileRequest();
    await cache().put(request, new Response(null, { status: 404, headers: { 'Cache-Control': 'public, max-age=60' } }));
    const kept = await cache().match(new Request(request.url));
    expect(kept?.status).toBe(404);
  });
}
