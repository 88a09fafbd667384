/**
 * Coming back after an outage. Once the breaker's retry window has passed, the request
 * that probes Drupal makes all of its calls, and requests with nothing cached wait for the probe's
 * outcome instead of failing at once; requests that have a copy still get it at once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { demo, eventually, firstAlias, freshStart, page, passTime } from './helpers';

beforeEach(freshStart);

/** A minute's retry window, passed with the test clock; payloads expire at once, so every visit consults the breaker. */
const SITE = { ORIGIN_RETRY_SECONDS: '60', CACHE_FRESH_SECONDS: '0', CACHE_STALE_SECONDS: '0' };

/**
 * Drupal fails until the breaker opens (three failed calls in a row), then the outage ends but Drupal answers slowly,
 * each call in `answerMs`.
 */
async function outageThenSlowRecovery(answerMs = 1_500) {
  await demo.faults({ rules: [{ match: '/', status: 502 }] });
  expect((await page('/doctors.html', SITE)).status).toBe(503);
  expect((await page('/doctors.html', SITE)).status).toBe(503);
  await demo.faults({ delayMs: answerMs });
  // Past ORIGIN_RETRY_SECONDS: the next call is the probe.
  passTime(61_000);
}

describe('coming back after an outage', () => {
  it('serves ten simultaneous first visits of a never-visited page once Drupal answers again, slowly', async () => {
    const path = await firstAlias('services');
    await outageThenSlowRecovery();
    const visits = await Promise.all(Array.from({ length: 10 }, () => page(path, SITE)));
    expect(visits.map((visit) => visit.status)).toEqual(Array(10).fill(200));
  });

  it('still serves a cached copy at once while the probe is under way, and a 503 when the probe fails', async () => {
    const cached = '/news.html';
    expect((await page(cached, SITE)).status).toBe(200);
    const never = await firstAlias('services');
    const other = await firstAlias('doctors');
    // Each call answered in 3 s: a copy served at once comes long before any of them, however loaded the machine.
    await outageThenSlowRecovery(3_000);
    const before = (await demo.requests()).total;
    const probe = page(never, SITE);
    // Under way once its first call has reached Drupal.
    await eventually(
      async () => (await demo.requests()).total,
      (total) => total > before,
    );
    const stale = await page(cached, SITE);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('X-Cache')).toBe('STALE');
    // At once: before Drupal answered any call made since the probe began, so the copy waited for none of them.
    expect((await demo.callsSince(before)).filter((call) => call.done !== undefined)).toEqual([]);
    expect((await probe).status).toBe(200);

    // Down again: the probe fails, and the visitors who waited for it get the honest 503.
    await demo.faults({ rules: [{ match: '/', status: 502 }] });
    expect((await page('/doctors.html', SITE)).status).toBe(503);
    expect((await page('/doctors.html', SITE)).status).toBe(503);
    await demo.faults({ rules: [{ match: '/', status: 502, delayMs: 500 }] });
    passTime(61_000);
    const answers = await Promise.all(Array.from({ length: 3 }, () => page(other, SITE)));
    expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503]);
  });
});
