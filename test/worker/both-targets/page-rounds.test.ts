import { beforeEach, describe, expect, it } from 'vitest';
import { describeRounds, originRounds } from '../../../demo-origin/request-rounds';
import { control, demo, firstAlias, freshStart, request } from '../helpers';

/**
 * A page needs Drupal twice at most: the path lookup, then the node with everything else
 * (docs/architecture.md, "What a page costs Drupal"). Each page kind is opened cold with every
 * origin call delayed, and its calls are grouped into rounds by the demo's request log: which
 * call arrived only after another had been answered (demo-origin/request-rounds.ts), not timings.
 * Cold means a site that has not even probed which of the clinic's modules Drupal has
 * (worker/drupal/modules.ts): the probe goes beside the path lookup.
 */
beforeEach(freshStart);

/**
 * Long enough that calls of one round, sent a little apart by a busy machine, are never taken for the next. On Node the
 * site runs in the test's own process, so whatever else that process does (a module loaded for the first time, a
 * garbage collection) pauses the page between its calls: under a whole `npm test` such a pause outlasted 500 ms twice
 * in twenty-two runs, and one round of a page was counted as two. workerd, its own process, was starved as long once
 * on a slower 2-core machine under the whole suite (the stock service page's pre-footer lists counted a round late).
 */
const DELAY_MS = 1_000;

/** What a type relates to is learned after the page's calls have answered, never waited for (worker/drupal/jsonapi.ts). */
const isSample = (url: string) => /^\/jsonapi\/[^?]+\?page(\[|%5B)limit(\]|%5D)=3$/.test(url);

/** The schedule system is another origin (docs/booking.md), whose own API a doctor's nearest times take step by step. */
const isSchedule = (url: string) => url.startsWith('/yclients/') || url.startsWith('/renovatio/');

async function roundsOf(path: string) {
  await demo.faults({ delayMs: DELAY_MS });
  const before = (await demo.requests()).total;
  const { response, settled } = await request(path);
  await response.text();
  const ended = Date.now();
  await settled();
  await demo.faults({});
  const made = (await demo.callsSince(before)).filter((call) => call.at <= ended && !isSample(call.url) && !isSchedule(call.url));
  return { status: response.status, rounds: originRounds(made) };
}

describe('every page kind, cold, in two rounds of Drupal calls at most', () => {
  const kinds: [string, () => Promise<string>, number][] = [
    ['the home page', async () => '/', 200],
    ['a service', () => firstAlias('services'), 200],
    ['a doctor', () => firstAlias('doctors'), 200],
    ['a news item', () => firstAlias('news'), 200],
    ['a listing', async () => '/news.html', 200],
    ['the price list', async () => '/price.html', 200],
    // The demo's services section: its service page has the term's name, so it answers 301 there (docs/requirements.md §4).
    ['a term', async () => '/taxonomy/term/1', 301],
  ];
  for (const [name, pathOf, status] of kinds) {
    it(name, async () => {
      const found = await roundsOf(await pathOf());
      expect(found.status).toBe(status);
      expect(found.rounds.length, describeRounds(found.rounds)).toBeLessThanOrEqual(2);
      // The calls were logged at all: a page that asked nothing would pass for the wrong reason.
      expect(found.rounds.flat().length).toBeGreaterThan(0);
    });
  }

  // A Drupal without the clinic's modules (docs/drupal.md, "Where the frame comes from"): the stock redirect export is
  // asked beside the probe, and a price list longer than a page is asked a page size ahead. The service page takes both.
  for (const [name, pathOf] of [
    ['a service, on a Drupal with only core and well-known contrib', () => firstAlias('services')],
    ['the price list, on a Drupal with only core and well-known contrib', async () => '/price.html'],
  ] as const) {
    it(name, async () => {
      await control.modules({ mode: 'stock' });
      const found = await roundsOf(await pathOf());
      expect(found.status).toBe(200);
      expect(found.rounds.length, describeRounds(found.rounds)).toBeLessThanOrEqual(2);
      // The stock model was asked: a page that took the clinic's modules would pass for the wrong reason.
      expect(found.rounds.flat().some((url) => url.startsWith('/jsonapi/node/price?'))).toBe(true);
    });
  }

  it('the rounds of a log: a call that arrives after another was answered is a round later', () => {
    const rounds = originRounds([
      { url: '/lookup', at: 0, done: 100 },
      { url: '/redirect', at: 2, done: 101 },
      { url: '/node', at: 110, done: 210 },
      { url: '/menu', at: 112, done: 212 },
      { url: '/after-the-node', at: 215 },
    ]);
    expect(rounds).toEqual([['/lookup', '/redirect'], ['/node', '/menu'], ['/after-the-node']]);
  });
});
