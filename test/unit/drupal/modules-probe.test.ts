/**
 * The probe of which of the clinic's modules a Drupal has (worker/drupal/modules.ts; docs/drupal.md "Where the frame
 * comes from") against a fake fetch: the three endpoints it asks at once, a 404 or 403 as absent, a 2xx as present,
 * anything else (a 5xx, a timeout) as present but unsure, how long each verdict is kept, and that a verdict known
 * (in this isolate, in the shared store, or an old one) spares a page the wait; and, through the whole client
 * (worker/drupal/client.ts, module-sources.ts), that a path's lookup starts the probe and that a Drupal found
 * without decoupled_kit has its redirects read from the stock model's export.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createDrupalClient } from '../../../worker/drupal/client';
import { CLINIC_MODULES, modulesCalls, STOCK_MODULES, type ModulesSetting } from '../../../worker/drupal/modules';
import { resetIsolate } from '../../../worker/cache/isolate';
import { BASE, fakeDrupal, fakeFetch, memoryCache, neverAnswered, readable, recorded, type Answer, type Sent } from './fake-drupal';

const KEY = `${BASE}/__site/modules-probe`;

/** What the probe asks, as the paths and queries it sends. */
const PROBES = ['/blocks_for_page/menu/main', '/breadcrumb_headless?page=/', '/decoupled_kit/redirect?path=/'];

const NOT_FOUND: Answer = { status: 404, body: '<!DOCTYPE html><title>Page not found</title>' };

function probe(answer: (sent: Sent) => Answer | Promise<Answer>, setting: ModulesSetting = 'auto', timeoutMs = 5_000) {
  const drupal = fakeDrupal(answer, { origin: { timeoutMs, credentials: { user: 'api', password: 'secret' } } });
  return { ...drupal, calls: modulesCalls(drupal.context, setting, BASE) };
}

/** Each probe's answer by its path. */
const answering =
  (menu: Answer | 'never', breadcrumb: Answer | 'never', redirect: Answer | 'never') =>
  (sent: Sent): Answer | Promise<Answer> => {
    const answer = { '/blocks_for_page/menu/main': menu, '/breadcrumb_headless': breadcrumb, '/decoupled_kit/redirect': redirect }[
      sent.url.pathname
    ];
    if (!answer) throw new Error(`the probe asked ${sent.url.href}`);
    return answer === 'never' ? neverAnswered(sent) : answer;
  };

beforeEach(() => {
  resetIsolate();
});

describe('the modules probe', () => {
  it.each<ModulesSetting>(['clinic', 'stock'])('asks nothing when DRUPAL_MODULES fixes it (%s)', async (setting) => {
    const { calls, sent } = probe(() => NOT_FOUND, setting);
    expect(await calls.modules()).toEqual(setting === 'clinic' ? CLINIC_MODULES : STOCK_MODULES);
    expect(calls.knownModules()).toEqual(setting === 'clinic' ? CLINIC_MODULES : STOCK_MODULES);
    expect(sent).toHaveLength(0);
  });

  it('asks the three endpoints at once as the API account, takes 404s for absent, and keeps the verdict an hour', async () => {
    const { calls, sent, remembered } = probe(answering(NOT_FOUND, NOT_FOUND, NOT_FOUND));
    expect(calls.knownModules()).toBeUndefined();
    expect(await calls.modules()).toEqual(STOCK_MODULES);
    expect(sent.map((one) => readable(one.url)).sort()).toEqual([...PROBES].sort());
    expect(sent.every((one) => one.method === 'GET' && one.headers.get('authorization') === `Basic ${btoa('api:secret')}`)).toBe(true);
    expect(remembered.get(KEY)).toEqual({ value: STOCK_MODULES, seconds: 3_600 });
  });

  it('takes a 2xx for present and a 403 for absent (the module not open to the API account), each on its own', async () => {
    const { calls } = probe(
      answering(
        { status: 200, body: { data: { '#items': [] } } },
        { status: 403, body: { message: 'Access denied' } },
        { status: 200, body: [] },
      ),
    );
    expect(await calls.modules()).toEqual({ blocksForPage: true, breadcrumbHeadless: false, decoupledKitRedirect: true });
  });

  it("takes a 5xx for present, the clinic's default, and keeps that verdict a minute only", async () => {
    const { calls, remembered } = probe(answering({ status: 500, body: 'Error', contentType: 'text/plain' }, NOT_FOUND, NOT_FOUND));
    expect(await calls.modules()).toEqual({ blocksForPage: true, breadcrumbHeadless: false, decoupledKitRedirect: false });
    expect(remembered.get(KEY)?.seconds).toBe(60);
  });

  it('takes an endpoint that does not answer within the timeout for present, kept a minute only', async () => {
    const { calls, remembered } = probe(answering(NOT_FOUND, 'never', NOT_FOUND), 'auto', 5);
    expect(await calls.modules()).toEqual({ blocksForPage: false, breadcrumbHeadless: true, decoupledKitRedirect: false });
    expect(remembered.get(KEY)).toEqual({
      value: { blocksForPage: false, breadcrumbHeadless: true, decoupledKitRedirect: false },
      seconds: 60,
    });
  });

  it("answers the next request's client from this isolate's memory, asking nothing", async () => {
    const first = probe(answering(NOT_FOUND, NOT_FOUND, NOT_FOUND));
    await first.calls.modules();
    const next = probe(() => {
      throw new Error('asked Drupal again');
    });
    expect(next.calls.knownModules()).toEqual(STOCK_MODULES);
    expect(await next.calls.modules()).toEqual(STOCK_MODULES);
    expect(next.sent).toHaveLength(0);
  });

  it('takes the verdict the shared store keeps, asking nothing', async () => {
    const { calls, sent, cache } = probe(() => {
      throw new Error('asked Drupal');
    });
    await cache.remember(KEY, STOCK_MODULES, 3_600);
    expect(await calls.modules()).toEqual(STOCK_MODULES);
    expect(sent).toHaveLength(0);
  });

  it('answers at once with a verdict once learned and since expired, while the probe asks again', async () => {
    const { calls, sent, previous, remembered } = probe(
      answering({ status: 200, body: [] }, { status: 200, body: [] }, { status: 200, body: [] }),
    );
    previous.set(KEY, STOCK_MODULES);
    expect(await calls.modules()).toEqual(STOCK_MODULES);
    // The probe was sent in the background, and its new verdict is kept for the next request.
    expect(sent).toHaveLength(3);
    await expect.poll(() => remembered.get(KEY)?.value).toEqual(CLINIC_MODULES);
  });
});

describe('the probe in the whole client', () => {
  const client = (answer: (sent: Sent) => Answer, memory = memoryCache()) => {
    const drupal = fakeFetch(answer);
    return { client: createDrupalClient({ baseUrl: BASE, cache: memory.cache, timeoutMs: 5_000, fetch: drupal.fetch }), sent: drupal.sent };
  };

  it("starts the probe beside a page path's lookup", async () => {
    const { client: drupal, sent } = client((one) =>
      one.url.pathname === '/router/translate-path' ? recorded('10.3', 'translate-path-node') : NOT_FOUND,
    );
    expect(await drupal.translatePath('/doctors/ivanova.html')).toMatchObject({ kind: 'entity', id: 5 });
    // Sent by the lookup itself, before anything asked for the modules.
    expect(sent.map((one) => readable(one.url)).sort()).toEqual(['/router/translate-path?path=/doctors/ivanova.html', ...PROBES].sort());
    expect(await drupal.modules()).toEqual(STOCK_MODULES);
  });

  it("reads a redirect from the stock model's export, asked beside the probe, on a Drupal found without decoupled_kit", async () => {
    const LOOKUP = '/decoupled_kit/redirect?path=/old-news.html';
    /** For each probe's answer, whether both lookups, the clinic's and the stock export, had been sent by then. */
    const lookupBeforeAnswer: boolean[] = [];
    const { client: drupal, sent } = client((one) => {
      if (PROBES.includes(readable(one.url)))
        lookupBeforeAnswer.push([LOOKUP, '/rest/redirects'].every((lookup) => sent.some((other) => readable(other.url) === lookup)));
      return one.url.pathname === '/rest/redirects' ? recorded('10.3', 'rest-redirects') : NOT_FOUND;
    });
    expect(await drupal.redirect('/old-news.html')).toEqual({ from: '/old-news.html', to: '/news.html', status: 301 });
    // Both lookups were asked beside the probe, not after its verdict (one round whichever this Drupal has); the
    // clinic's 404 was left unread.
    expect(lookupBeforeAnswer).toEqual([true, true, true]);
    expect(sent.map((one) => readable(one.url)).sort()).toEqual([...PROBES, LOOKUP, '/rest/redirects'].sort());
  });

  it('asks no stock export of a Drupal whose verdict the store holds (an isolate new to it): the clinic lookup alone', async () => {
    const memory = memoryCache();
    // An old verdict: the probe asks again in the background, the page reads the clinic's lookup at once.
    memory.previous.set(KEY, CLINIC_MODULES);
    const { client: drupal, sent } = client((one) => (PROBES.includes(readable(one.url)) ? { status: 200, body: [] } : NOT_FOUND), memory);
    expect(await drupal.redirect('/old-news.html')).toBeNull();
    expect(sent.map((one) => readable(one.url))).not.toContain('/rest/redirects');
    expect(sent.map((one) => readable(one.url))).toContain('/decoupled_kit/redirect?path=/old-news.html');
  });
});
