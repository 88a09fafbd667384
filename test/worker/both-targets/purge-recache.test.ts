/**
 * A payload cached after a purge counts as cached in every isolate, whatever that
 * isolate's memo of the purges says. Isolates are simulated by KV bindings that are distinct
 * objects over the same storage (each has its own memos, which are kept per binding), and by
 * forgetting the memory tier when "another isolate" serves.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { bumpGeneration } from '../../../worker/cache/generation';
import { isolate as thisIsolate } from '../../../worker/cache/isolate';
import { TEST_SECRETS } from '../../setup/secrets';
import { bindings, demo, freshStart, page, request } from '../helpers';

beforeEach(freshStart);

/** Another isolate's view of the same KV namespace: a binding object of its own. */
function isolate(): KVNamespace {
  const kv = bindings.DRUPAL_CACHE;
  return {
    get: kv.get.bind(kv),
    getWithMetadata: kv.getWithMetadata.bind(kv),
    put: kv.put.bind(kv),
    delete: kv.delete.bind(kv),
    list: kv.list.bind(kv),
  } as KVNamespace;
}

/** A visit served by the isolate that `kv` stands for (its memory tier is its own: forgotten on the way in). */
async function visitOn(kv: KVNamespace, path: string) {
  // Another isolate's memory tier (and pages rendered from it); the purge memos, kept per binding, stay.
  thisIsolate().memory.clear();
  thisIsolate().changed();
  return page(path, { DRUPAL_CACHE: kv });
}

describe('a purge followed by a quick re-cache', () => {
  it('a page cached after "purge everything" by an isolate that has not yet seen the purge is a HIT everywhere', async () => {
    const a = isolate();
    const b = isolate();
    // Isolate A has read the purge state (its memo is fresh for a few seconds).
    expect((await visitOn(a, '/')).status).toBe(200);
    // Isolate B (the editors' page) purges everything.
    await bumpGeneration(b);
    // A visitor lands on A, within its memo: the never-visited page is fetched and cached.
    expect((await visitOn(a, '/news.html')).headers.get('X-Cache')).toBe('MISS');
    const fetches = await demo.count('/jsonapi/node/news?');
    // A few seconds later visitors land on B, on A, and on a third isolate: all are served the copy.
    expect((await visitOn(b, '/news.html')).headers.get('X-Cache')).toBe('HIT');
    expect((await visitOn(a, '/news.html')).headers.get('X-Cache')).toBe('HIT');
    expect((await visitOn(isolate(), '/news.html')).headers.get('X-Cache')).toBe('HIT');
    expect(await demo.count('/jsonapi/node/news?')).toBe(fetches);
  });

  it("a payload cached after a tag's purge, by an isolate that has not yet seen it, is not taken for outdated", async () => {
    const a = isolate();
    const b = isolate();
    expect((await visitOn(a, '/')).status).toBe(200);
    // Drupal's revalidate call lands on B.
    const { response, settled } = await request(`/api/revalidate?tags=node_list:news&secret=${TEST_SECRETS.PURGE_SECRET}`, {
      DRUPAL_CACHE: b,
    });
    expect(response.status).toBe(200);
    await settled();
    expect((await visitOn(a, '/news.html')).headers.get('X-Cache')).toBe('MISS');
    expect((await visitOn(b, '/news.html')).headers.get('X-Cache')).toBe('HIT');
    expect((await visitOn(isolate(), '/news.html')).headers.get('X-Cache')).toBe('HIT');
    // And a revalidate call with a wrong secret purges nothing.
    const wrong = await request('/api/revalidate?tags=node_list:news&secret=wrong', { DRUPAL_CACHE: b });
    expect(wrong.response.status).toBe(401);
    await wrong.settled();
    expect((await visitOn(b, '/news.html')).headers.get('X-Cache')).toBe('HIT');
  });

  it('serves a copy cached before "purge everything" while Drupal is down, rather than nothing', async () => {
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('MISS');
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('HIT');
    await bumpGeneration(bindings.DRUPAL_CACHE);
    await demo.faults({ rules: [{ match: '/', status: 502 }] });
    const down = await page('/news.html');
    expect(down.status).toBe(200);
    expect(down.headers.get('X-Cache')).toBe('STALE');
  });
});
