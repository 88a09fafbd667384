/**
 * Paths that are not nodes. decoupled_router resolves a
 * webform's page or a contact form to a config entity whose id is its machine
 * name (a string). One of the popup forms goes to the page that opens it; any
 * other such path is the 404 page, never an error.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { demo, demoUrl, freshStart, page } from './helpers';

beforeEach(freshStart);

describe('config entity paths', () => {
  it('are resolved by the demo as decoupled_router does: a string id, a webform resource', async () => {
    const res = await fetch(`${demoUrl}/router/translate-path?path=/form/consultation`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { entity: Record<string, unknown>; jsonapi: Record<string, unknown> };
    expect(body.entity).toMatchObject({ type: 'webform', bundle: 'webform', id: 'consultation' });
    expect(body.jsonapi.individual).toMatch(/\/jsonapi\/webform\/webform\/[0-9a-f-]{36}$/);
    expect(body.jsonapi.resourceName).toBe('webform--webform');
  });

  it("sends a popup form's page to the page that opens that popup", async () => {
    for (const [path, target] of [
      ['/form/consultation', '/consultation.html'],
      ['/form/callback', '/callback.html'],
      ['/form/review', '/review.html'],
      // A form without a page of its own opens where the site's buttons for it lead.
      ['/form/send-resume', '/consultation.html'],
    ] as const) {
      const { status, headers } = await page(path);
      expect(status, path).toBe(301);
      expect(headers.get('Location'), path).toBe(target);
    }
  });

  it('answers any other config entity, or an unknown form, with the 404 page', async () => {
    for (const path of ['/contact/feedback', '/form/unknown-thing']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('Страница не найдена');
    }
  });

  it('does the same with decoupled_router 2.0.6+ (the lean schema), which may send the id as it is', async () => {
    await demo.schema('lean');
    const lookup = (await (await fetch(`${demoUrl}/router/translate-path?path=/form/callback`)).json()) as { entity: { id: unknown } };
    expect(lookup.entity.id).toBe('callback');
    const popup = await page('/form/callback');
    expect(popup.status).toBe(301);
    expect(popup.headers.get('Location')).toBe('/callback.html');
    expect((await page('/contact/feedback')).status).toBe(404);
  });
});
