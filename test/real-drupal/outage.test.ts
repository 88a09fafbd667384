/**
 * The real Drupal stopped: pages visited before are still served, a page never visited is an
 * honest 503, and a lead sent meanwhile is kept and reaches Drupal once it is back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TARGETS, drupal, eventually, get, h1, newVisitor, publishedNodes } from './helpers';

/** Drupal back, and each site trusting it again (a site leaves a failing Drupal alone for ORIGIN_RETRY_SECONDS). */
afterAll(async () => {
  await drupal.start();
  for (const [, site] of TARGETS) {
    await eventually(
      async () => (await get(site, `/posle-sboya-${Date.now().toString(36)}.html`)).status,
      (status) => status === 404,
      60_000,
    );
  }
});

/** The callback form's body as the popup posts it: its required fields, the consent, and a marker to find it by. */
async function callbackBody(site: string, marker: string): Promise<Record<string, unknown>> {
  const definition = (await (await fetch(`${site}/api/forms/callback`)).json()) as { fields: { key: string; kind: string }[] };
  const body: Record<string, unknown> = { soglasie_na_obrabotku: true };
  let named = false;
  for (const field of definition.fields) {
    if (field.kind === 'tel') body[field.key] = '+7 (999) 765-43-21';
    if (field.kind === 'text' && !named) {
      body[field.key] = marker;
      named = true;
    }
  }
  return body;
}

describe('while the real Drupal is stopped', () => {
  it('serves what was visited, is an honest 503 for the rest, and delivers a lead kept meanwhile once Drupal is back', async () => {
    const [service] = await publishedNodes('services', 1);
    const paths = ['/', '/news.html', service!.alias];
    const seen = new Map<string, string | undefined>();
    const markers = new Map<string, string>();
    for (const [target, site] of TARGETS) {
      for (const path of paths) {
        const page = await get(site, encodeURI(path));
        expect(page.status, `${target} ${path}`).toBe(200);
        seen.set(`${target}${path}`, h1(page.html));
      }
      // The form's fields are known before Drupal goes (the popup asks for them as it opens).
      markers.set(target, `Ожидание${target}${Date.now().toString(36).replace(/\d/g, '')}`);
    }
    const bodies = new Map<string, Record<string, unknown>>();
    for (const [target, site] of TARGETS) bodies.set(target, await callbackBody(site, markers.get(target)!));

    await drupal.stop();
    for (const [target, site] of TARGETS) {
      for (const path of paths) {
        const page = await get(site, encodeURI(path));
        expect(page.status, `${target} ${path}`).toBe(200);
        // From the cache: HIT or STALE for what Drupal sent; the home page's parts Drupal answered 404 are rendered anew.
        expect(page.cache, `${target} ${path}`).not.toBe('ERROR');
        expect(h1(page.html), `${target} ${path}`).toBe(seen.get(`${target}${path}`));
      }
      const never = await get(site, '/nikogda-ne-otkryvali.html');
      expect(never.status, target).toBe(503);
      expect(never.html).toContain('Сайт временно недоступен');

      const sent = await fetch(`${site}/api/forms/callback`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: site, Referer: `${site}/news.html`, ...newVisitor() },
        body: JSON.stringify(bodies.get(target)),
      });
      expect(sent.status, `${target}: the lead is kept`).toBe(202);
      expect(await sent.json()).toEqual({ queued: true });
    }

    await drupal.start();
    for (const [target] of TARGETS) {
      const marker = markers.get(target)!;
      const rows = await eventually(
        () =>
          drupal.query(`SELECT sid FROM webform_submission_data WHERE webform_id = 'callback' AND value = :marker`, { ':marker': marker }),
        (found) => found.length > 0,
        90_000,
      );
      expect(rows.length, `${target}: the kept lead reached Drupal once`).toBe(1);
    }
  });
});
