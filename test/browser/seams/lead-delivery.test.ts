/**
 * No lead lost, in the browser: a resume sent from the send_resume popup to a
 * stock webform_rest (the demo without its upload patch) lands the visitor on
 * /thank-you.html, and the clinic's CRM has the file itself.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CONSENT, type FormDefinition } from '../../../common/forms/definition';
import { POPUP_TITLES } from '../../../common/popups';
import { DESKTOP, chromiumPerFile, watchProblems, STEP_MS } from '../chromium';
import { newestAlias } from '../page-kinds';
import { demoControl } from '../../../demo-origin/control-client';

const chromium = chromiumPerFile();
const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');
const control = demoControl(demoUrl);

const RESUME = Buffer.from('%PDF-1.4\n% резюме для проверки доставки в CRM\n');

async function newPage(): Promise<Page> {
  // A client of its own: the site allows only a few posts a minute from one address (CF-Connecting-IP on Workers, X-Forwarded-For on Node).
  const context = await (
    await chromium()
  ).newContext({ viewport: DESKTOP, extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.213', 'X-Forwarded-For': '198.51.100.213' } });
  return context.newPage();
}

interface CrmLead {
  data: { name: string };
  files: { name: string; type: string | null; size: number; sha256: string }[];
}

describe('a resume on a stock webform_rest', () => {
  it('reaches the thank-you page, and the CRM has the file', async () => {
    const modules = await control.moduleState();
    expect(modules.webformUpload, 'the demo Drupal is stock: no upload resource').toBe(false);
    const definition = (await (await fetch(`${siteUrl}/api/forms/send_resume`)).json()) as FormDefinition;
    const vacancy = await newestAlias(demoUrl, 'vacancy');
    const page = await newPage();
    const problems = watchProblems(page);
    await page.goto(siteUrl + vacancy, { waitUntil: 'load' });
    const trigger = page.locator('[data-popup="send_resume"]').locator('visible=true').first();
    await trigger.scrollIntoViewIfNeeded();
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: POPUP_TITLES.send_resume });
    await dialog.locator('form').waitFor({ state: 'visible', timeout: STEP_MS });

    const name = `Соискатель ${Date.now().toString(36)}`;
    let named = false;
    for (const field of definition.fields) {
      const control = dialog.locator(`[name="${field.key}"]`);
      switch (field.kind) {
        case 'text':
          await control.fill(named ? 'Тестовое значение' : name);
          named = true;
          break;
        case 'tel':
          await control.click();
          await control.pressSequentially('79991234567');
          break;
        case 'email':
          await control.fill('soiskatel@example.ru');
          break;
        case 'select':
          await control.selectOption(field.options![0]!.value);
          break;
        case 'textarea':
          await control.fill('Прошу рассмотреть моё резюме.');
          break;
        case 'file':
          await control.setInputFiles({ name: 'rezyume-test.pdf', mimeType: 'application/pdf', buffer: RESUME });
          break;
        default:
          break;
      }
    }
    await dialog.getByLabel(CONSENT.label).check();
    await dialog.getByRole('button', { name: definition.submitLabel }).click();
    await page.waitForURL((url) => url.pathname === '/thank-you.html', { timeout: 15_000 });

    const leads = await control.crm.received<CrmLead>();
    const mine = leads.filter((lead) => lead.data.name === name);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.files).toEqual([
      {
        name: 'rezyume-test.pdf',
        type: 'application/pdf',
        size: RESUME.byteLength,
        sha256: createHash('sha256').update(RESUME).digest('hex'),
      },
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
