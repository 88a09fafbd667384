/**
 * The six popup request forms in the browser, each opened from its
 * button, drawn from the worker's definition, checked before sending, sent
 * through the worker to the demo Drupal, and the visitor on /thank-you.html.
 * The sending goes through the platform's seams and runs on both targets; the
 * popup pages, a form on its way, the phone mask and axe-core are rendering, on Workers only.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CONSENT, HONEYPOT, type FormDefinition, type FormField } from '../../../common/forms/definition';
import { POPUP_PAGES, POPUP_TITLES, type PopupForm } from '../../../common/popups';
import { axeViolations } from '../axe';
import { DESKTOP, PHONE, chromiumPerFile, onNodeTarget, screenshot, seamWidths, watchProblems, STEP_MS } from '../chromium';
import { newestAlias } from '../page-kinds';
import { demoControl } from '../../../demo-origin/control-client';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');
const control = demoControl(demoUrl);
const PHONE_SHOWN = '+7 (999) 123-45-67';

/** A page with each form's button: the frame's for consultation and callback, content pages' for the others. */
const pageOf: Record<PopupForm, string> = {
  consultation: '/news.html',
  callback: '/news.html',
  consultation1: '',
  review: '',
  send_resume: '',
  discount: '',
};
const definitions = new Map<string, FormDefinition>();

beforeAll(async () => {
  const [service, vacancy, promotion] = await Promise.all([
    newestAlias(demoUrl, 'services'),
    newestAlias(demoUrl, 'vacancy'),
    newestAlias(demoUrl, 'actions'),
  ]);
  Object.assign(pageOf, { consultation1: service, review: service, send_resume: vacancy, discount: promotion });
  for (const id of Object.keys(POPUP_TITLES)) {
    const res = await fetch(`${siteUrl}/api/forms/${id}`);
    expect(res.status, `GET /api/forms/${id}`).toBe(200);
    definitions.set(id, (await res.json()) as FormDefinition);
  }
});

let visitor = 0;
/**
 * A context of its own, as a client
 * of its own: the site allows only a few posts a minute from one address, and
 * these tests are many visitors, not one. In production Cloudflare sets
 * CF-Connecting-IP (wrangler dev keeps what the client sent), and on Node the
 * reverse proxy sets X-Forwarded-For (the Node site drops CF-Connecting-IP); both
 * carry the address, so either target sees the same visitor.
 */
async function newPage(viewport: typeof PHONE): Promise<Page> {
  visitor += 1;
  const address = `198.51.100.${visitor}`;
  const context: BrowserContext = await (
    await chromium()
  ).newContext({ viewport, extraHTTPHeaders: { 'CF-Connecting-IP': address, 'X-Forwarded-For': address } });
  return context.newPage();
}

/** The fields a visitor sees, in order, with the consent before the last of them (docs/requirements.md §5). */
function shownFields(definition: FormDefinition): FormField[] {
  const visible = definition.fields.filter((f) => f.kind !== 'hidden');
  const at = Math.max(visible.length - 1, 0);
  return [...visible.slice(0, at), { key: CONSENT.key, kind: 'checkbox', label: CONSENT.label, required: true }, ...visible.slice(at)];
}

const settledDialog = (page: Page) =>
  page.waitForFunction(() => document.querySelector('dialog.popup')?.getAnimations({ subtree: true }).length === 0);

/** Every field the visitor sees has a visible label tied to its control; hidden fields are not drawn; the robots' field is out of reach. */
async function expectFieldsOf(dialog: Locator, definition: FormDefinition) {
  for (const field of shownFields(definition)) {
    if (field.kind === 'markup') continue;
    const control = dialog.getByLabel(field.label ?? field.key);
    expect(await control.count(), `one control labelled «${field.label}»`).toBe(1);
    expect(await control.getAttribute('name')).toBe(field.key);
    expect(
      await control.evaluate((el) => Array.from((el as HTMLInputElement).labels ?? []).some((l) => l.checkVisibility())),
      `«${field.label}» visible`,
    ).toBe(true);
  }
  for (const field of definition.fields.filter((f) => f.kind === 'hidden'))
    expect(await dialog.locator(`[name="${field.key}"]`).count()).toBe(0);
  // The controls in the order of docs/requirements.md §5: the consent before the last field.
  const names = await dialog
    .locator('form [name]')
    .evaluateAll((els, trap) => els.map((el) => el.getAttribute('name')).filter((n) => n !== trap), HONEYPOT);
  expect(names).toEqual(
    shownFields(definition)
      .filter((f) => f.kind !== 'markup')
      .map((f) => f.key),
  );
  const trap = dialog.locator(`[name="${HONEYPOT}"]`);
  expect(await trap.getAttribute('tabindex')).toBe('-1');
  expect(await trap.getAttribute('autocomplete')).toBe('off');
  expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
  // Out of sight: a box of a pixel at most, clipped away (display: none would tell a robot to skip it).
  expect(
    await trap.evaluate(
      (el) => el.parentElement!.getBoundingClientRect().width <= 1 && getComputedStyle(el.parentElement!).clipPath !== 'none',
    ),
  ).toBe(true);
  const consent = dialog.getByRole('link', { name: /согласие на обработку/ });
  expect(await consent.getAttribute('href')).toBe(CONSENT.url);
  expect(await dialog.getByLabel(CONSENT.label).isChecked()).toBe(false);
}

/** A submit of the empty form: a message under each required field, tied to it, and focus on the first. */
async function expectEmptySubmitRefused(page: Page, dialog: Locator, definition: FormDefinition) {
  await dialog.getByRole('button', { name: definition.submitLabel }).click();
  const required = shownFields(definition).filter((f) => f.required && f.kind !== 'markup');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true', undefined, { timeout: STEP_MS });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(required[0]!.key);
  for (const field of shownFields(definition)) {
    if (field.kind === 'markup') continue;
    const control = dialog.locator(`[name="${field.key}"]`);
    if (!field.required) {
      expect(await control.getAttribute('aria-invalid'), field.key).toBeNull();
      continue;
    }
    expect(await control.getAttribute('aria-invalid'), field.key).toBe('true');
    const message = await control.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id))
        .filter((node) => node?.classList.contains('form-field__error'))
        .map((node) => node!.textContent)
        .join(' '),
    );
    expect(message, `the message under «${field.label}»`).toMatch(/[а-яё]{3}/i);
  }
}

/** A local date as a date input holds it, `days` from today (the browser runs on this machine, in its time zone). */
const isoDate = (days = 0) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Fills every field the way a visitor would (the first text field with `name`); the phone typed digit by digit through the mask. */
async function fill(dialog: Locator, definition: FormDefinition, name: string) {
  let named = false;
  for (const field of shownFields(definition)) {
    const control = dialog.locator(`[name="${field.key}"]`);
    switch (field.kind) {
      case 'text':
        await control.fill(named ? 'Тестовое значение' : name);
        named = true;
        // A message goes as soon as its field is right.
        expect(await control.getAttribute('aria-invalid')).toBeNull();
        break;
      case 'tel':
        await control.click();
        await control.pressSequentially('79991234567');
        expect(await control.inputValue()).toBe(PHONE_SHOWN);
        expect(await control.getAttribute('aria-invalid')).toBeNull();
        break;
      case 'email':
        await control.fill('test@example.ru');
        break;
      case 'date':
        if (field.min === 'today') expect(await control.getAttribute('min'), 'min «today» is today').toBe(isoDate());
        await control.fill(isoDate(1));
        break;
      case 'time':
        await control.fill(field.min && field.min > '10:00' ? field.min : '10:00');
        break;
      case 'textarea':
        await control.fill('Хочу узнать подробнее о процедуре и записаться в удобное время.');
        break;
      case 'select':
        await control.selectOption(field.options![0]!.value);
        break;
      case 'checkbox':
        await control.check();
        break;
      case 'file':
        await control.setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% test resume\n') });
        break;
      default:
        break;
    }
  }
}

type Submission = { webform_id: string; data: Record<string, unknown> };

/** The demo Drupal's record of the submission that carries `name` (it may take a moment when queued). */
async function submissionNamed(name: string): Promise<Submission | undefined> {
  for (let i = 0; i < 40; i++) {
    const all = await control.submissions<Submission>();
    const found = all.find((s) => Object.values(s.data).includes(name));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

describe.each(seamWidths())('the popup forms on a %s', (label, viewport) => {
  // The discount form carries webform's other element kinds (checkboxes, radios, composites…): form-elements.test.ts walks it.
  it.each((Object.keys(POPUP_TITLES) as PopupForm[]).filter((id) => id !== 'discount'))(
    '%s: opens from its button, refuses the empty form, sends the filled one',
    async (id) => {
      const definition = definitions.get(id)!;
      const page = await newPage(viewport);
      const problems = watchProblems(page);
      await page.goto(siteUrl + pageOf[id], { waitUntil: 'load' });
      const trigger = page.locator(`[data-popup="${id}"]`).locator('visible=true').first();
      await trigger.scrollIntoViewIfNeeded();
      await trigger.click();
      const dialog = page.getByRole('dialog', { name: POPUP_TITLES[id] });
      await dialog.locator('form').waitFor({ state: 'visible', timeout: STEP_MS });
      expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
      expect(await trigger.getAttribute('aria-busy')).toBeNull();
      await settledDialog(page);
      await expectFieldsOf(dialog, definition);

      await expectEmptySubmitRefused(page, dialog, definition);
      // How the form looks is the same rendering on both targets: axe-core on Workers only.
      if (!onNodeTarget()) expect(await axeViolations(page, 'dialog.popup')).toEqual([]);
      await screenshot(page, `popup-form-${id}-${label}`);

      const name = `Тест ${id} ${label} ${Date.now().toString(36)}`;
      await fill(dialog, definition, name);
      // A submit while one is in flight is ignored (docs/requirements.md §4); the success is announced to the page.
      const posts: string[] = [];
      page.on('request', (req) => {
        if (req.method() === 'POST') posts.push(req.url());
      });
      await page.evaluate(() => {
        document.addEventListener('form:success', (event) =>
          sessionStorage.setItem('form:success', JSON.stringify((event as CustomEvent).detail)),
        );
        // A counter function without a counter id: no goal is sent.
        (window as unknown as { ym: () => void }).ym = () => sessionStorage.setItem('ym', 'called');
      });
      const pageUrl = page.url();
      const pageTitle = await page.title();
      await dialog.getByRole('button', { name: definition.submitLabel }).dblclick();
      await page.waitForURL((url) => url.pathname === '/thank-you.html', { timeout: 15_000 });
      expect(posts).toEqual([`${siteUrl}/api/forms/${id}`]);
      expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('form:success'))) ?? 'null')).toEqual({
        form: id,
        queued: false,
      });
      expect(await page.evaluate(() => sessionStorage.getItem('ym'))).toBeNull();

      const submission = await submissionNamed(name);
      expect(submission, `the demo Drupal holds ${name}`).toBeDefined();
      const data = submission!.data;
      for (const field of definition.fields.filter((f) => f.kind === 'tel')) expect(data[field.key]).toBe(PHONE_SHOWN);
      for (const field of definition.fields.filter((f) => f.kind === 'hidden')) {
        if (field.prefill === 'page_url') expect(data[field.key]).toBe(pageUrl);
        if (field.prefill === 'page_title') expect(data[field.key]).toBe(pageTitle);
      }
      expect(definition.fields.some((f) => f.prefill === 'page_url')).toBe(true);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );
});

describe.skipIf(onNodeTarget())('the popup pages open their forms over the home page', () => {
  it.each(Object.entries(POPUP_PAGES))('%s', async (path, id) => {
    const page = await newPage(PHONE);
    const problems = watchProblems(page);
    const res = await page.goto(siteUrl + path, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    const dialog = page.getByRole('dialog', { name: POPUP_TITLES[id] });
    await dialog.locator('form').waitFor({ state: 'visible', timeout: STEP_MS });
    await page.waitForFunction(() => document.querySelector('dialog.popup')?.matches(':modal'));
    await settledDialog(page);
    await expectFieldsOf(dialog, definitions.get(id)!);
    expect(await axeViolations(page, 'dialog.popup')).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

/** /news.html with the footer's «Заказать звонок» clicked: its popup (what shows in it is the caller's to wait for). */
async function callbackPopup(page: Page): Promise<Locator> {
  await page.goto(`${siteUrl}/news.html`, { waitUntil: 'load' });
  await page.locator('.site-footer [data-popup="callback"]').click();
  return page.getByRole('dialog', { name: POPUP_TITLES.callback });
}

describe.skipIf(onNodeTarget())('the popup while its form is on the way', () => {
  it('fetches the form on hover, shows the button busy until it is there, then opens', async () => {
    const page = await newPage(DESKTOP);
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/news.html`, { waitUntil: 'load' });
    // The first use wakes the popup island; from then on a pointer over a button fetches its form.
    await page.locator('.care-banner [data-popup="consultation"]').click();
    const consultation = page.getByRole('dialog', { name: POPUP_TITLES.consultation });
    await consultation.locator('form').waitFor({ state: 'visible', timeout: STEP_MS });
    await page.keyboard.press('Escape');
    await consultation.waitFor({ state: 'hidden' });

    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/forms/callback', async (route) => {
      await held;
      await route.continue();
    });
    const callback = page.locator('.site-footer [data-popup="callback"]');
    await callback.scrollIntoViewIfNeeded();
    const asked = page.waitForRequest((req) => req.url().endsWith('/api/forms/callback'));
    await callback.hover();
    await asked;
    await callback.click();
    expect(await callback.getAttribute('aria-busy')).toBe('true');
    expect(await page.locator('dialog.popup').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    release();
    const dialog = page.getByRole('dialog', { name: POPUP_TITLES.callback });
    await dialog.locator('form').waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await callback.getAttribute('aria-busy')).toBeNull();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('stays open over the page until the page is left for /thank-you.html: a second click lands on it, not on a link beneath', async () => {
    const page = await newPage(DESKTOP);
    const problems = watchProblems(page);
    const dialog = await callbackPopup(page);
    await dialog.locator('form').waitFor({ state: 'visible', timeout: STEP_MS });
    await fill(dialog, definitions.get('callback')!, `Тест двойного нажатия ${Date.now().toString(36)}`);
    // Noted as the page is left, before anything else the page does then.
    await page.evaluate(() =>
      window.addEventListener('pagehide', () => {
        const popup = document.querySelector<HTMLDialogElement>('dialog.popup');
        sessionStorage.setItem('left with', `${popup?.matches(':modal')} ${popup?.querySelector('form')?.getAttribute('aria-busy')}`);
      }),
    );
    await dialog.getByRole('button', { name: definitions.get('callback')!.submitLabel }).click();
    await page.waitForURL((url) => url.pathname === '/thank-you.html', { timeout: 15_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('left with'))).toBe('true true');
    // Back on the page sent from, the popup is closed.
    await page.goBack({ waitUntil: 'load' });
    expect(await page.locator('dialog.popup').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens with a calm word and the phone when the form cannot be loaded', async () => {
    const page = await newPage(PHONE);
    await page.route('**/api/forms/callback', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    const dialog = await callbackPopup(page);
    await dialog.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await dialog.locator('#popup-text').textContent()).toMatch(/Позвоните нам/);
    expect(await dialog.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await dialog.locator('form').count()).toBe(0);
    await page.context().close();
  });
});

describe.skipIf(onNodeTarget())('the phone mask', () => {
  it('reads a number pasted or typed from 8 or from its code as +7', async () => {
    const page = await newPage(DESKTOP);
    const problems = watchProblems(page);
    const dialog = await callbackPopup(page);
    await dialog.locator('form').waitFor({ state: 'visible', timeout: STEP_MS });
    const phone = dialog.locator('input[type="tel"]');
    for (const pasted of ['8 999 123 45 67', '+7 999 1234567', '8(999)123-45-67']) {
      await phone.evaluate((el, text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, pasted);
      expect(await phone.inputValue(), `pasted ${pasted}`).toBe(PHONE_SHOWN);
    }
    for (const typed of ['89991234567', '9991234567', '79991234567']) {
      await phone.fill('');
      await phone.pressSequentially(typed);
      expect(await phone.inputValue(), `typed ${typed}`).toBe(PHONE_SHOWN);
    }
    await phone.fill('');
    await phone.pressSequentially('7999123');
    await dialog.getByRole('button', { name: definitions.get('callback')!.submitLabel }).click();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
