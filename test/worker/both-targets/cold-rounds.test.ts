import { beforeEach, describe, expect, it } from 'vitest';
import { cacheKey } from '../../../worker/cache/cache-key';
import { bumpGeneration } from '../../../worker/cache/generation';
import { endpoints } from '../../../worker/drupal/endpoints';
import { resetIsolate } from '../../../worker/cache/isolate';
import { TEST_SECRETS } from '../../setup/secrets';
import { bindings, control, demo, eventually, firstAlias, freshStart, page, request } from '../helpers';

/**
 * A cold page takes the path lookup and one round of everything else. These tests
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
    expect(
      await eventually(
        () => demo.count(BUNDLE_BODIES),
        (n) => n >= 1,
        HELD_MS - 500,
      ),
    ).toBe(1);
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
    const { response, settled } = await request(
      `/api/revalidate?tags=block_content:3&secret=${TEST_SECRETS.PURGE_SECRET}`,
      {},
      { method: 'POST' },
    );
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
    expect(
      await eventually(
        () => demo.count('/jsonapi/node/services/'),
        (n) => n > nodesBefore,
        2_000,
      ),
    ).toBe(nodesBefore + 1);

    const { response, settled } = await pending;
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('</html>');
    // The hung relearning ends at the origin's timeout; the copy learned before stays.
    await settled();
  });
});

/** The first heading of a page: its node's title. */
const headingOf = (html: string) => /<h1[^>]*>([^<]+)</.exec(html)?.[1]?.trim();

async function revalidate(tags: string) {
  const res = await request(`/api/revalidate?tags=${tags}&secret=${encodeURIComponent(TEST_SECRETS.PURGE_SECRET)}`);
  expect(res.response.status).toBe(200);
  await res.settled();
}

async function nidOf(alias: string): Promise<number> {
  const doc = await demo.json<{ entity: { id: string | number } }>(`/router/translate-path?path=${encodeURIComponent(alias)}&_format=json`);
  return Number(doc.entity.id);
}

describe('a page Drupal has been asked for before: one round after a purge', () => {
  it("asks for the node while the path's lookup is asked again, once the node was saved", async () => {
    const service = await firstAlias('services');
    const { html: before } = await page(service);
    await revalidate(`node:${await nidOf(service)}`);

    // The path's lookups are held (the purge reached one or both): the node must be on its way all the same.
    const lookups = async () => (await demo.count('/router/translate-path')) + (await demo.count('/decoupled_kit/redirect'));
    await demo.faults({
      rules: [
        { match: '/router/translate-path', delayMs: HELD_MS },
        { match: '/decoupled_kit/redirect', delayMs: HELD_MS },
      ],
    });
    const [nodesBefore, lookupsBefore] = [await demo.count('/jsonapi/node/services/'), await lookups()];
    const pending = request(service);
    const answered = settledYet(pending);
    expect(
      await eventually(
        () => demo.count('/jsonapi/node/services/'),
        (n) => n > nodesBefore,
        2_000,
      ),
    ).toBe(nodesBefore + 1);
    expect(answered()).toBe(false);

    const { response, settled } = await pending;
    const html = await response.text();
    await settled();
    expect(await lookups()).toBeGreaterThan(lookupsBefore);
    expect(response.status).toBe(200);
    expect(headingOf(html)).toBe(headingOf(before));
  });

  it('shows the node Drupal names now when it is not the one it named before, and only that one', async () => {
    const service = await firstAlias('services');
    const doctor = await firstAlias('doctors');
    const { html: servicePage } = await page(service);
    const { html: doctorPage } = await page(doctor);
    expect(headingOf(servicePage)).not.toBe(headingOf(doctorPage));
    // What the cache remembers of the doctor's address is now the service's lookup: a wrong guess.
    const lookupUrl = (path: string) => endpoints(bindings.DRUPAL_BASE_URL).translatePath(path);
    const copy = await bindings.DRUPAL_CACHE.getWithMetadata(await cacheKey(lookupUrl(service)), 'text');
    expect(copy.value).not.toBeNull();
    await bindings.DRUPAL_CACHE.put(await cacheKey(lookupUrl(doctor)), copy.value!, { metadata: copy.metadata });
    resetIsolate();
    await bumpGeneration(bindings.DRUPAL_CACHE);

    const { status, html } = await page(doctor);
    expect(status).toBe(200);
    expect(headingOf(html)).toBe(headingOf(doctorPage));
  });

  it('answers with the error page for a node unpublished since, whatever the guess', async () => {
    const service = await firstAlias('services');
    const nid = await nidOf(service);
    const { html: shown } = await page(service);
    await control.edit(nid, { status: false });
    await revalidate(`node:${nid}`);
    // Drupal refuses the path (403) or its node (404) now, by its own rules: the page is gone either way.
    for (let visit = 0; visit < 2; visit++) {
      const gone = await page(service);
      expect([403, 404]).toContain(gone.status);
      expect(headingOf(gone.html)).not.toBe(headingOf(shown));
    }
  });
});
