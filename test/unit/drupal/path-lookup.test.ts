/**
 * What a path is on Drupal (worker/drupal/router.ts) against a fake fetch: decoupled_router's translate-path
 * (docs/drupal.md §1) on the answers a real Drupal 10.2 and 10.3 gave (test/fixtures/real-drupal/), and
 * decoupled_kit's redirect lookup (worker/drupal/clinic/redirects.ts, §7a) in the shapes the module's source gives: the URL each asks, what each
 * answer becomes and whether it is cached as a negative answer, and "One path's error" (a 500 for one path while
 * Drupal answers its entry point is that path's 404; otherwise an outage).
 */
import { describe, expect, it, vi } from 'vitest';
import { clinicRedirectCalls } from '../../../worker/drupal/clinic/redirects';
import { routerCalls } from '../../../worker/drupal/router';
import { BASE, byPath, fakeDrupal, originError, readable, recorded, recordedUrl, type Answer, type Sent, type Stack } from './fake-drupal';

/** JSON:API's entry point, as the "is Drupal up?" check of a one-path 500 asks it. */
const ENTRY_POINT: Answer = {
  status: 200,
  contentType: 'application/vnd.api+json',
  body: { jsonapi: { version: '1.0' }, data: [], links: { 'node--doctors': { href: `${BASE}/jsonapi/node/doctors` } } },
};

function router(answer: (sent: Sent) => Answer) {
  const drupal = fakeDrupal(answer);
  return { ...drupal, calls: routerCalls(drupal.context, drupal.cache) };
}

/** The router over one recording, answered whatever is asked: the test then checks what was asked. */
const replaying = (stack: Stack, name: string) => router(() => recorded(stack, name));

describe.each<Stack>(['10.2', '10.3'])('translate-path as Drupal %s answered it', (stack) => {
  it("asks decoupled_router for the path as the recording did, and reads a node's lookup, tagged with the node", async () => {
    const { calls, sent, loaded } = replaying(stack, 'translate-path-node');
    expect(await calls.translatePath('/doctors/ivanova.html')).toEqual({
      kind: 'entity',
      entityType: 'node',
      bundle: 'doctors',
      id: 5,
      uuid: '00000000-0000-4000-8000-000000000001',
      // A node's label is not kept: for an account that sees drafts it may be a draft's title.
      label: undefined,
      isHome: false,
      individual: 'http://drupal.test/jsonapi/node/doctors/00000000-0000-4000-8000-000000000001',
      resolvedPath: 'http://drupal.test/doctors/ivanova.html',
      redirects: [],
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('GET');
    expect(readable(sent[0]!.url)).toBe(readable(recordedUrl(recorded(stack, 'translate-path-node'))));
    expect(loaded.get(sent[0]!.url.href)).toMatchObject({ tags: ['node:5'] });
    expect(loaded.get(sent[0]!.url.href)?.negative).toBeUndefined();
  });

  it('reads a node reached through a redirect with its hops, the status as a number', async () => {
    const { calls } = replaying(stack, 'translate-path-redirect-entity');
    expect(await calls.translatePath('/old-services.html')).toMatchObject({
      kind: 'entity',
      bundle: 'page',
      id: 39,
      resolvedPath: 'http://drupal.test/services.html',
      redirects: [{ from: '/old-services.html', to: '/services.html', status: 301 }],
    });
  });

  it("reads a webform's page as that webform, by its machine name", async () => {
    const { calls } = replaying(stack, 'translate-path-webform');
    expect(await calls.translatePath('/form/consultation')).toEqual({ kind: 'webform', id: 'consultation' });
  });

  it('caches an unknown path as a negative not-found', async () => {
    const { calls, sent, loaded } = replaying(stack, 'translate-path-unknown');
    expect(await calls.translatePath('/no-such-page.html')).toEqual({ kind: 'not-found' });
    expect(loaded.get(sent[0]!.url.href)).toMatchObject({ negative: true });
  });

  it("caches a draft's 403 as a negative forbidden, never the draft", async () => {
    const { calls, sent, loaded } = replaying(stack, 'translate-path-draft');
    expect(await calls.translatePath('/draft.html')).toEqual({ kind: 'forbidden' });
    expect(loaded.get(sent[0]!.url.href)).toMatchObject({ negative: true });
  });

  it("takes search's 500 for a 404 when Drupal answers its entry point: one path's error, not an outage", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls, sent, loaded } = router(
      byPath({ '/router/translate-path': recorded(stack, 'translate-path-search'), '/jsonapi': ENTRY_POINT }),
    );
    expect(await calls.translatePath('/search')).toEqual({ kind: 'not-found' });
    expect(sent.map((one) => one.url.pathname)).toEqual(['/router/translate-path', '/jsonapi']);
    expect(loaded.get(sent[0]!.url.href)).toMatchObject({ negative: true });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('translate-path: answers no stack recorded', () => {
  it('encodes the path as one query value, whatever letters and signs it has', async () => {
    const { calls, sent } = replaying('10.3', 'translate-path-unknown');
    await calls.translatePath('/услуги/чистка лица.html?x=1&y=2#top');
    expect(sent[0]?.url.pathname).toBe('/router/translate-path');
    expect([...sent[0]!.url.searchParams]).toEqual([['path', '/услуги/чистка лица.html?x=1&y=2#top']]);
  });

  it("reads decoupled_router 2.0.6+'s redirect to another site, with no entity, as external (docs/drupal.md §1b)", async () => {
    const { calls } = router(() => ({
      status: 200,
      body: {
        resolved: 'http://example.com/foobar',
        isHomePath: false,
        redirect: [{ from: '/foobar', to: 'http://example.com/foobar', status: '301' }],
        isExternal: true,
      },
    }));
    expect(await calls.translatePath('/foobar')).toEqual({
      kind: 'external',
      redirects: [{ from: '/foobar', to: 'http://example.com/foobar', status: 301 }],
    });
  });

  // Webform allows `[a-z0-9_]`: a form titled «2024» is `2024`, which the schema reads as a number.
  it('reads a webform whose machine name is all digits as that webform', async () => {
    const body = structuredClone(recorded('10.3', 'translate-path-webform').body) as { entity: Record<string, unknown> };
    body.entity.id = '2024';
    const { calls } = router(() => ({ status: 200, body }));
    expect(await calls.translatePath('/form/2024')).toEqual({ kind: 'webform', id: '2024' });
  });

  it('refuses a 200 with neither an entity nor a redirect, as a problem of this call only', async () => {
    const { calls } = router(() => ({ status: 200, body: { resolved: 'http://drupal.test/x', isHomePath: false } }));
    const error = await originError(calls.translatePath('/x'));
    expect([error.status, error.unhealthy]).toEqual([200, false]);
  });

  it('refuses a 200 whose entity fails the schema (no uuid), as a problem of this call only, and caches nothing', async () => {
    const body = structuredClone(recorded('10.3', 'translate-path-node').body) as { entity: Record<string, unknown> };
    delete body.entity.uuid;
    const { calls, loaded } = router(() => ({ status: 200, body }));
    const error = await originError(calls.translatePath('/doctors/ivanova.html'));
    expect([error.status, error.unhealthy]).toEqual([200, false]);
    expect(error.message).toContain('entity.uuid');
    expect(loaded.size).toBe(0);
  });

  it('refuses malformed JSON in a 200 as Drupal being unwell', async () => {
    const { calls } = router(() => ({ status: 200, body: '{"resolved": "http://drupal.test/doc', contentType: 'application/json' }));
    expect((await originError(calls.translatePath('/doctors/ivanova.html'))).unhealthy).toBe(true);
  });

  it("keeps a 500 an outage when Drupal's entry point fails too, and caches nothing", async () => {
    const { calls, sent, loaded } = router(
      byPath({ '/router/translate-path': recorded('10.3', 'translate-path-search'), '/jsonapi': { status: 503, body: '' } }),
    );
    const error = await originError(calls.translatePath('/search'));
    expect([error.status, error.unhealthy]).toEqual([500, true]);
    expect(sent.map((one) => one.url.pathname)).toEqual(['/router/translate-path', '/jsonapi']);
    expect(loaded.size).toBe(0);
  });

  it('keeps a 503 an outage without asking the entry point: Drupal or its gateway is unavailable', async () => {
    const { calls, sent } = router(() => ({ status: 503, body: 'Site under maintenance', contentType: 'text/plain' }));
    expect((await originError(calls.translatePath('/doctors/ivanova.html'))).status).toBe(503);
    expect(sent).toHaveLength(1);
  });

  it('refuses any other 4xx (a 401 for wrong credentials) rather than caching it as a page', async () => {
    const { calls } = router(() => ({ status: 401, body: { message: 'Unauthorized' } }));
    const error = await originError(calls.translatePath('/doctors/ivanova.html'));
    expect([error.status, error.unhealthy]).toEqual([401, false]);
  });
});

describe("decoupled_kit's redirect lookup (docs/drupal.md §7a)", () => {
  const lookup = (answer: Answer) => {
    const drupal = fakeDrupal(() => answer);
    return { ...drupal, calls: clinicRedirectCalls(drupal.context) };
  };

  it("asks /decoupled_kit/redirect with the path and reads mode final's hop, the status as a number", async () => {
    const { calls, sent } = lookup({
      status: 200,
      body: { path: '/old', mode: 'final', data: { from: '/old', to: '/new', status: '301' } },
    });
    expect(await calls.redirect('/old')).toEqual({ from: '/old', to: '/new', status: 301 });
    expect(sent[0]?.url.pathname).toBe('/decoupled_kit/redirect');
    expect([...sent[0]!.url.searchParams]).toEqual([['path', '/old']]);
  });

  it("reads mode full's list of hops as its last one", async () => {
    const { calls } = lookup({
      status: 200,
      body: {
        path: '/a',
        mode: 'full',
        data: [
          { from: '/a', to: '/b', status: '301' },
          { from: '/b', to: '/c', status: '302' },
        ],
      },
    });
    expect(await calls.redirect('/a')).toEqual({ from: '/b', to: '/c', status: 302 });
  });

  it('reads the module\'s "nothing to say" `[]`, and `data: null`, as no redirect', async () => {
    expect(await lookup({ status: 200, body: [] }).calls.redirect('/doctors.html')).toBeNull();
    expect(await lookup({ status: 200, body: { path: '/x', data: null } }).calls.redirect('/x')).toBeNull();
  });

  it('caches the 404 of a Drupal without the module as a negative "no redirect"', async () => {
    const { calls, sent, loaded } = lookup({ status: 404, body: '<!DOCTYPE html><title>Page not found</title>' });
    expect(await calls.redirect('/old')).toBeNull();
    expect(loaded.get(sent[0]!.url.href)).toEqual({ value: null, negative: true });
  });

  it('refuses a hop without a target, and a 5xx, rather than caching them as no redirect', async () => {
    const odd = lookup({ status: 200, body: { path: '/old', data: { from: '/old' } } });
    expect((await originError(odd.calls.redirect('/old'))).unhealthy).toBe(false);
    expect(odd.loaded.size).toBe(0);
    const down = lookup({ status: 502, body: 'Bad gateway', contentType: 'text/plain' });
    expect((await originError(down.calls.redirect('/old'))).status).toBe(502);
  });
});
