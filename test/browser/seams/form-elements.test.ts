/**
 * Webform's element kinds in the browser: the discount popup carries webform's other
 * element kinds (a name composite, e-mail twice, checkboxes, radios, a number,
 * terms of service). A person fills each as they would, the form goes through the
 * worker to the demo Drupal and the demo CRM, and the popup stays accessible and
 * calm at phone and desktop widths. The sending runs on both targets, at a phone's
 * width on Node; the layout and axe-core are rendering, on Workers only.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CONSENT } from '../../../common/forms/definition';
import { POPUP_TITLES } from '../../../common/popups';
import { axeViolations } from '../axe';
import { PHONE, chromiumPerFile, onNodeTarget, screenshot, seamWidths, watchProblems, STEP_MS } from '../chromium';
import { newestAlias } from '../page-kinds';
import { demoControl } from '../../../demo-origin/control-client';

const chromium = chromiumPerFile();
const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');
const control = demoControl(demoUrl);

let promotion = '';
beforeAll(async () => {
  promotion = await newestAlias(demoUrl, 'actions');
});

let visitor = 0;
/** A context per test, as a client of its own (the site allows only a few posts a minute from one address: CF-Connecting-IP on Workers, X-Forwarded-For on Node). */
async function newPage(viewport: typeof PHONE): Promise<Page> {
  visitor += 1;
  const context = await (
    await chromium()
  ).newContext({
    viewport,
    extraHTTPHeaders: { 'CF-Connecting-IP': `198.51.100.${200 + visitor}`, 'X-Forwarded-For': `198.51.100.${200 + visitor}` },
  });
  return context.newPage();
}

async function openDiscount(page: Page): Promise<Locator> {
  await page.goto(siteUrl + promotion, { waitUntil: 'load' });
  const trigger = page.locator('[data-popup="discount"]').locator('visible=true').first();
  await trigger.scrollIntoViewIfNeeded();
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: POPUP_TITLES.discount });
  await dialog.locator('form').waitFor({ state: 'visible', timeout: STEP_MS });
  await page.waitForFunction(() => document.querySelector('dialog.popup')?.getAnimations({ subtree: true }).length === 0);
  return dialog;
}

/** The popup scrolled to `fraction` of its height, then photographed (the long form does not fit one screen). */
async function shoot(page: Page, name: string) {
  for (const [part, fraction] of [
    ['top', 0],
    ['middle', 0.5],
    ['bottom', 1],
  ] as const) {
    await page
      .locator('dialog.popup')
      .evaluate((d, f) => d.scrollTo({ top: (d.scrollHeight - d.clientHeight) * f, behavior: 'instant' }), fraction);
    await screenshot(page, `${name}-${part}`);
  }
  await page.locator('dialog.popup').evaluate((d) => d.scrollTo({ top: 0, behavior: 'instant' }));
}

type Submission = { webform_id: string; data: Record<string, unknown> };

async function waitFor<T>(read: () => Promise<T | undefined>): Promise<T | undefined> {
  for (let i = 0; i < 60; i++) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

describe.each(seamWidths())('the discount popup on a %s', (label, viewport) => {
  it('shows each element kind with its label, refuses it empty, and sends it filled as a person fills it', async () => {
    const page = await newPage(viewport);
    const problems = watchProblems(page);
    const dialog = await openDiscount(page);

    // Every control named by a visible label; the groups by their legends.
    expect(await dialog.getByRole('group', { name: /Ваше имя/ }).count()).toBe(1);
    const first = dialog.getByLabel(/^Имя/);
    const last = dialog.getByLabel(/^Фамилия/);
    expect(await first.getAttribute('name')).toBe('fio[first]');
    expect(await first.getAttribute('autocomplete')).toBe('given-name');
    expect(await last.getAttribute('name')).toBe('fio[last]');
    const mail = dialog.getByLabel(/^E-mail/);
    const again = dialog.getByLabel('Повторите e-mail');
    const services = dialog.getByRole('group', { name: 'Какие процедуры вас интересуют?' });
    const source = dialog.getByRole('group', { name: /Как вы о нас узнали/ });
    expect(await services.getByRole('checkbox').count()).toBe(4);
    expect(await source.getByRole('radio').count()).toBe(3);
    // Drupal's #default_value: an array ticks its option, a boolean its box.
    expect(await services.getByLabel('Чистка лица').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Хочу получать новости об акциях').isChecked()).toBe(true);
    const age = dialog.getByLabel('Ваш возраст');
    expect([
      await age.getAttribute('type'),
      await age.getAttribute('min'),
      await age.getAttribute('max'),
      await age.getAttribute('step'),
    ]).toEqual(['number', '18', '99', '1']);
    const terms = dialog.getByLabel('Я принимаю условия акции');
    expect(await terms.isChecked()).toBe(false);
    await dialog.getByText('Условия акции', { exact: true }).click();
    expect(await dialog.getByText(/Скидка действует на первое посещение/).isVisible()).toBe(true);

    // axe-core is the look, the same rendering on both targets: on Workers only.
    if (!onNodeTarget()) expect(await axeViolations(page, 'dialog.popup')).toEqual([]);

    // The empty submit: a Russian message under each required input, focus on the first.
    await dialog.getByRole('button', { name: 'Получить скидку' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true', undefined, { timeout: STEP_MS });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('fio[first]');
    for (const control of [first, last, source.getByRole('radio').first(), terms]) {
      expect(await control.getAttribute('aria-invalid')).toBe('true');
      const message = await control.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(message).toMatch(/[а-яё]{3}/i);
    }
    if (!onNodeTarget()) expect(await axeViolations(page, 'dialog.popup')).toEqual([]);
    await shoot(page, `form-elements-errors-${label}`);

    // Filled as a person would.
    const name = `Вера${label === 'phone' ? 'фон' : 'стол'}${Date.now().toString(36).replace(/\d/g, '')}`;
    await first.fill(name);
    expect(await first.getAttribute('aria-invalid')).toBeNull();
    await last.fill('Смирнова');
    const phone = dialog.getByLabel('Ваш телефон');
    await phone.click();
    await phone.pressSequentially('79992223344');
    await mail.fill('vera@example.ru');
    await again.fill('vera@example.com');
    await dialog.getByRole('button', { name: 'Получить скидку' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true', undefined, { timeout: STEP_MS });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email[mail_2]');
    await again.fill('vera@example.ru');
    expect(await again.getAttribute('aria-invalid')).toBeNull();
    await services.getByLabel('Пилинг').check();
    await source.getByLabel('От друзей').check();
    expect(await source.getByRole('radio').first().getAttribute('aria-invalid')).toBeNull();
    await age.fill('34');
    await terms.check();
    await dialog.getByLabel(CONSENT.label).check();
    await shoot(page, `form-elements-filled-${label}`);

    await dialog.getByRole('button', { name: 'Получить скидку' }).click();
    await page.waitForURL((url) => url.pathname === '/thank-you.html', { timeout: 15_000 });

    const submission = await waitFor(async () => {
      const all = await control.submissions<Submission>();
      return all.find((s) => (s.data.fio as { first?: string } | undefined)?.first === name);
    });
    expect(submission).toMatchObject({
      webform_id: 'discount',
      data: {
        fio: { first: name, last: 'Смирнова' },
        vash_telefon: '+7 (999) 222-33-44',
        email: 'vera@example.ru',
        procedury: ['chistka', 'piling'],
        kak_uznali: 'druzya',
        vozrast: '34',
        soglasie_na_rassylku: 1,
        usloviya: 1,
      },
    });
    const lead = await waitFor(async () => {
      const all = await control.crm.received<{ data: { name: string; email: string; comment: string } }>();
      return all.find((l) => l.data.name === `${name} Смирнова`);
    });
    expect(lead?.data.email).toBe('vera@example.ru');
    expect(lead?.data.comment).toContain('Какие процедуры вас интересуют?: Чистка лица, Пилинг');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.skipIf(onNodeTarget())('lays the popup out calmly: nothing wider than the dialog, boxes aligned with their labels', async () => {
    const page = await newPage(viewport);
    const dialog = await openDiscount(page);
    await shoot(page, `form-elements-${label}`);
    const overflow = await dialog.evaluate((d) => {
      const box = d.getBoundingClientRect();
      return Array.from(d.querySelectorAll('form *'))
        .filter((el) => el.checkVisibility() && !el.closest('.popup-form__trap'))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
        })
        .map((el) => el.outerHTML.slice(0, 80));
    });
    expect(overflow).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Each option's box sits on its label's first line: four checkboxes and three radios.
    expect(await dialog.locator('.form-field__option').count()).toBe(7);
    const misaligned = await dialog.locator('.form-field__option').evaluateAll((options) =>
      options
        .map((option) => {
          const box = option.querySelector('input')!.getBoundingClientRect();
          const text = option.querySelector('span')!.getBoundingClientRect();
          return Math.abs(box.top + box.height / 2 - (text.top + Math.min(text.height, 24) / 2)) > 4 ? option.textContent : null;
        })
        .filter(Boolean),
    );
    expect(misaligned).toEqual([]);
    await page.context().close();
  });
});
