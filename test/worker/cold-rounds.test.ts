import { beforeEach, describe, expect, it } from 'vitest';
import { bumpGeneration } from '../../worker/cache/generation';
import { TEST_SECRETS } from '../setup/secrets';
import { bindings, demo, eventually, firstAlias, freshStart, page, request } from './helpers';

/**
 * Issue 16 §6: a cold page takes the path lookup and one round of everything else. These tests
 * hold one Drupal call back and see which others Drupal is asked meanwhile (the order of arrival,
 * not times): what does not depend on the held answer must not wait for it.
 */
beforeEach(freshStart);

/** Every custom block of the demo's one bundle, in one payload. */
const BUNDLE_BODIES = '/jsonapi/block_content/basic?';
/** One block's own document. */
const ONE_BLOCK = '/jsonapi/block_content/basic/';
/** Bodies of blocks the demo places on every service page (sidebar and the page's own advantages). */
const SERVICE_BLOCK_TEXTS = ['Администратор расскажет о процедуре', 'Работаем с 2013 года'];
const HELD_MS = 2_500;

/** Whether `promise` has settled by now, without waiting for it. */
function settledYet(promise: Promise<unknown>): () => boolean {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  return () => done;
}

describe('a cold page in two rounds', () => {
  it("asks a bundle's block bodies beside the page's placements, and no block alone", async () => {
    const service = await firstAlias('services');
    // A page seen before (by any request of the isolate) says which bundles placements use.
    await page(service);
    await freshStart();

    await demo.faults({ rules: [{ match: `/blocks_for_page?page=${service}`, delayMs: HELD_MS }] });
    const pending = request(service);
    const answered = settledYet(pending);
    // The page waits for its placements (they choose its layout), so Drupal is asked for the bodies while the list is held.
    expect(await eventually(() => demo.count(BUNDLE_BODIES), (n) => n >= 1, HELD_MS - 500)).toBe(1);
    expect(answered()).toBe(false);

    const { response, settled } = await pending;
    const html = await response.text();
    await settled();
    expect(response.status).toBe(200);
    for (const text of SERVICE_BLOCK_TEXTS) expect(html).toContain(text);
    expect(await demo.count(ONE_BLOCK)).toBe(0);
    expect(await demo.count(BUNDLE_BODIES)).toBe(1);
  });

  it("serves every page's blocks from the one payload until a block's save purges it", async () => {
    const service = await firstAlias('services');
    await page(service);
    await page('/contacts.html');
    expect(await demo.count(BUNDLE_BODIES)).toBe(1);

    // What the `next` module sends for a saved custom block.
    const { response, settled } = await request(`/api/revalidate?tags=block_content:3&secret=${TEST_SECRETS.PURGE_SECRET}`, {}, { method: 'POST' });
    expect(response.status).toBe(200);
    await settled();

    const again = await page(service);
    for (const text of SERVICE_BLOCK_TEXTS) expect(again.html).toContain(text);
    expect(await demo.count(BUNDLE_BODIES)).toBe(2);
    expect(await demo.count(ONE_BLOCK)).toBe(0);
  });

  it('asks a block alone when its bundle cannot be listed', async () => {
    const service = await firstAlias('services');
    await demo.faults({ rules: [{ match: BUNDLE_BODIES, status: 403 }] });
    const { status, html } = await page(service);
    expect(status).toBe(200);
    for (const text of SERVICE_BLOCK_TEXTS) expect(html).toContain(text);
    expect(await demo.count(ONE_BLOCK)).toBeGreaterThanOrEqual(SERVICE_BLOCK_TEXTS.length);
  });

  it('asks for the node after "purge everything" without waiting to relearn what its type relates to', async () => {
    const service = await firstAlias('services');
    // The first visit learns node--services' relationships (a sample of three) and caches it.
    await page(service);
    await bumpGeneration(bindings.DRUPAL_CACHE);

    // Relearning hangs: the node must be asked all the same, with what was learned before.
    await demo.faults({ rules: [{ match: '/jsonapi/node/services?page[limit]=3', hang: true }] });
    const nodesBefore = await demo.count('/jsonapi/node/services/');
    const pending = request(service);
    expect(await eventually(() => demo.count('/jsonapi/node/services/'), (n) => n > nodesBefore, 2_000)).toBe(nodesBefore + 1);

    const { response, settled } = await pending;
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('</html>');
    // The hung relearning ends at the origin's timeout; the copy learned before stays.
    await settled();
  });
});
