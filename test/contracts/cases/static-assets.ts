import { expect, it } from 'vitest';
import type { StaticAssets } from '../../../worker/seams/seams';

/** The built browser files (dist/client, `npm run build`) with client/public/_headers' headers (seams/seams.ts StaticAssets). */
export function staticAssetsContract(assets: () => StaticAssets) {
  it('serves a built file with its type and the headers of _headers', async () => {
    const response = await assets().fetch(new Request('http://127.0.0.1:8787/favicon.svg'));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(await response.text()).toContain('<svg');
  });

  it('answers 404 for a file that was not built', async () => {
    const response = await assets().fetch(new Request(`http://127.0.0.1:8787/contract-${crypto.randomUUID()}.js`));
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });
}
