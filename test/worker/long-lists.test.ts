/**
 * Lists past 50. JSON:API gives at most 50 resources a request
 * and, in core, no count; a listing without pages (/doctors.html) and the
 * sitemap follow Drupal's next links, so a clinic with 66 doctors shows 66.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_SECRETS } from '../setup/secrets';
import { control, demo, freshStart, page, request } from './helpers';

/** The demo's six doctors and the switch's extra ones. */
const OWN_DOCTORS = 6;
const EXTRA = 60;

async function extraDoctors(count: number) {
  expect(await control.doctors(count)).toEqual({ count });
}

const cardsOf = (html: string) => [...html.matchAll(/<li class="card[\s\S]*?<\/li>/g)].map((m) => m[0]);

beforeEach(freshStart);

describe('a clinic with more than 50 doctors', () => {
  it('gets them from the demo 50 at a time, with a next link and no count, as core JSON:API gives them', async () => {
    await extraDoctors(EXTRA);
    const first = await demo.json<{ data: unknown[]; links: { next?: { href: string } }; meta?: unknown }>(
      '/jsonapi/node/doctors?filter[status]=1&page[limit]=1000',
    );
    expect(first.data).toHaveLength(50);
    expect(first.meta).toBeUndefined();
    expect(first.links.next?.href).toContain('page%5Boffset%5D=50');
    const second = await demo.json<{ data: unknown[]; links: { next?: unknown } }>(
      new URL(first.links.next!.href).pathname + new URL(first.links.next!.href).search,
    );
    expect(second.data).toHaveLength(OWN_DOCTORS + EXTRA - 50);
    expect(second.links.next).toBeUndefined();
  });

  it('shows every doctor on /doctors.html, each card linking to its page', async () => {
    await extraDoctors(EXTRA);
    const { status, html } = await page('/doctors.html');
    expect(status).toBe(200);
    const cards = cardsOf(html);
    expect(cards).toHaveLength(OWN_DOCTORS + EXTRA);
    for (let n = 1; n <= EXTRA; n++) expect(html, `doctor ${n}`).toContain(`href="/doctors/vrach-${n}.html"`);
    // The clinic's own doctors, the newest, still come first.
    expect(cards[0]).toContain('/doctors/');
    expect(cards.at(-1)).toContain(`/doctors/vrach-${EXTRA}.html`);
  });

  it("keeps the whole list as one cached payload that the bundle's list tag purges", async () => {
    await extraDoctors(EXTRA);
    await page('/doctors.html');
    const before = await demo.count('/jsonapi/node/doctors?');
    const again = await page('/doctors.html');
    expect(again.headers.get('X-Cache')).toBe('HIT');
    expect(cardsOf(again.html)).toHaveLength(OWN_DOCTORS + EXTRA);
    expect(await demo.count('/jsonapi/node/doctors?')).toBe(before);

    const purge = await request(`/api/revalidate?tags=node_list:doctors&secret=${TEST_SECRETS.PURGE_SECRET}`);
    expect(purge.response.status).toBe(200);
    await purge.settled();
    await extraDoctors(EXTRA + 5);
    const after = await page('/doctors.html');
    expect(after.headers.get('X-Cache')).toBe('MISS');
    expect(cardsOf(after.html)).toHaveLength(OWN_DOCTORS + EXTRA + 5);
  });

  it('lists every doctor in the sitemap', async () => {
    await extraDoctors(EXTRA);
    const { status, html: xml } = await page('/sitemap.xml');
    expect(status).toBe(200);
    const doctors = [...xml.matchAll(/<loc>[^<]*\/doctors\/[^<]*<\/loc>/g)];
    expect(doctors).toHaveLength(OWN_DOCTORS + EXTRA);
    for (let n = 1; n <= EXTRA; n++) expect(xml, `doctor ${n}`).toContain(`/doctors/vrach-${n}.html</loc>`);
  });

  it("opens an extra doctor's own page", async () => {
    await extraDoctors(EXTRA);
    const { status, html } = await page(`/doctors/vrach-${EXTRA}.html`);
    expect(status).toBe(200);
    expect(html).toContain(`(${EXTRA})`);
  });
});
