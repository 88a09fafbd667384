/**
 * The six popup forms as real webforms (webform 6.2 and webform_rest 4.0.3): a person opens
 * each in Chromium, fills every element the way they would, and sends it; the submission is
 * then read back from Drupal's own tables — each value, each composite part, and the page it
 * came from. Then a closed form (the lead waits and arrives when the form reopens) and a
 * rule only Drupal checks (its message shown in Russian under the field).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONSENT, EMAIL_CONFIRM_PARTS, type FormDefinition, type FormField } from '../../common/forms/definition';
import { POPUP_TITLES, webformOf, type PopupForm } from '../../common/popups';
import { chromiumPerFile, screenshot } from '../browser/chromium';
import { DRUPAL_ONLY_RULE, POPUP_LINKS_PAGE } from './drupal';
import { TARGETS, drupal, eventually, newVisitor, publishedNodes } from './helpers';

const chromium = chromiumPerFile();
const crmUrl = inject('realCrmUrl');
const FORMS = Object.keys(POPUP_TITLES) as PopupForm[];
const PHONE_SHOWN = '+7 (999) 123-45-67';

/** Each form's button: the frame's on any page, a service's and a promotion's own, and an editor's popup links in a page's body. */
const pageOf: Record<PopupForm, string> = {
  consultation: '/news.html',
  callback: '/news.html',
  consultation1: '',
  review: '',
  discount: '',
  send_resume: POPUP_LINKS_PAGE,
};

beforeAll(async () => {
  const [[service], [promotion]] = await Promise.all([publishedNodes('services', 1), publishedNodes('actions', 1)]);
  Object.assign(pageOf, { consultation1: service!.alias, review: service!.alias, discount: promotion!.alias });
});

async function newPage(site: string): Promise<Page> {
  const context = await (await chromium()).newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: newVisitor() });
  const page = await context.newPage();
  // The site's own address only: nothing else is fetched.
  await page.route(
    (url) => !url.href.startsWith(site),
    (route) => route.abort(),
  );
  return page;
}

async function openPopup(page: Page, site: string, id: PopupForm): Promise<Locator> {
  await page.goto(site + encodeURI(pageOf[id]), { waitUntil: 'load' });
  const trigger = page.locator(`[data-popup="${id}"], a[href$="#${id}"]`).locator('visible=true').first();
  await trigger.scrollIntoViewIfNeeded();
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: POPUP_TITLES[id] });
  await dialog.locator('form').waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForFunction(() => document.querySelector('dialog.popup')?.getAnimations({ subtree: true }).length === 0);
  return dialog;
}

/** What Drupal should hold: by element key (a composite's part as `key.part`), its value or values. */
type Expected = Record<string, string | string[]>;

/**
 * A marker to find a submission by: short (a textfield may have a #maxlength the popup keeps to), Cyrillic
 * as a name is, and unique, so that its e-mail is too (a form may accept an address only once).
 */
const newMarker = () => `Тест${Math.random().toString(36).slice(2, 8)}`;
const emailOf = (marker: string) => `t${marker.slice('Тест'.length)}@example.ru`;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Fills one plain control (a field or a composite's part) of `kind`, and says what Drupal should then hold. */
async function fillControl(
  control: Locator,
  field: Pick<FormField, 'kind' | 'options' | 'min' | 'max' | 'key'>,
  marker: string,
  first: boolean,
): Promise<string | undefined> {
  switch (field.kind) {
    case 'text':
      await control.fill(first ? marker : 'Иванова');
      return first ? marker : 'Иванова';
    case 'tel':
      await control.click();
      await control.pressSequentially('79991234567');
      return PHONE_SHOWN;
    case 'email':
      await control.fill(emailOf(marker));
      return emailOf(marker);
    case 'number': {
      const value = String(Math.max(Number(field.min ?? 1), Math.min(Number(field.max ?? 5), 5)));
      await control.fill(value);
      return value;
    }
    case 'date':
      await control.fill(tomorrow());
      return tomorrow();
    case 'time':
      await control.fill('10:00');
      return '10:00';
    case 'textarea':
      await control.fill('Хочу записаться в удобное время, спасибо.');
      return 'Хочу записаться в удобное время, спасибо.';
    case 'select':
      await control.selectOption(field.options![0]!.value);
      return field.options![0]!.value;
    default:
      return undefined;
  }
}

/** Fills every field the visitor sees, as a person would, the first text field with `marker`. */
async function fillForm(dialog: Locator, definition: FormDefinition, marker: string): Promise<Expected> {
  const expected: Expected = {};
  let first = true;
  for (const field of definition.fields) {
    const named = (name: string) => dialog.locator(`[name="${name}"]`);
    switch (field.kind) {
      case 'hidden':
      case 'markup':
        break;
      case 'composite':
        for (const part of field.parts ?? []) {
          const value = await fillControl(named(`${field.key}[${part.key}]`), part, marker, first && part.kind === 'text');
          if (part.kind === 'text') first = false;
          if (value !== undefined) expected[`${field.key}.${part.key}`] = value;
        }
        break;
      case 'email_confirm': {
        const mail = emailOf(marker);
        for (const part of EMAIL_CONFIRM_PARTS) await named(`${field.key}[${part}]`).fill(mail);
        expected[field.key] = mail;
        break;
      }
      case 'radios':
        await named(field.key).first().check();
        expected[field.key] = field.options![0]!.value;
        break;
      case 'checkboxes': {
        // The first option ticked as well as what Drupal ticked by default.
        await named(field.key).first().check();
        const ticked = await named(field.key).evaluateAll((boxes) =>
          boxes.filter((b) => (b as HTMLInputElement).checked).map((b) => (b as HTMLInputElement).value),
        );
        expected[field.key] = ticked.sort();
        break;
      }
      case 'checkbox':
      case 'terms':
        await named(field.key).check();
        expected[field.key] = '1';
        break;
      case 'file':
        await named(field.key).setInputFiles({
          name: 'resume.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(`%PDF-1.4\n% ${marker}\n`),
        });
        break;
      default: {
        const value = await fillControl(named(field.key), field, marker, first && field.kind === 'text');
        if (field.kind === 'text') first = false;
        if (value !== undefined) expected[field.key] = value;
      }
    }
  }
  await dialog.getByLabel(CONSENT.label).check();
  return expected;
}

interface Row {
  sid: number;
  uri: string;
  name: string;
  property: string;
  delta: number;
  value: string;
}

/** The submission holding `marker`, read from Drupal's own tables: `key` or `key.part` → its values, and its `uri`. */
async function submissionWith(id: string, marker: string): Promise<{ values: Record<string, string[]>; uri: string } | undefined> {
  const rows = await drupal.query<Row>(
    `SELECT d.sid, s.uri, d.name, d.property, d.delta, d.value FROM webform_submission_data d JOIN webform_submission s ON s.sid = d.sid
     WHERE d.webform_id = :id AND d.sid IN (SELECT sid FROM webform_submission_data WHERE webform_id = :id AND value LIKE :marker) ORDER BY d.delta`,
    { ':id': id, ':marker': `%${marker}%` },
  );
  if (rows.length === 0) return undefined;
  const values: Record<string, string[]> = {};
  for (const row of rows) (values[row.property ? `${row.name}.${row.property}` : row.name] ??= []).push(String(row.value));
  return { values, uri: rows[0]!.uri };
}

const definitions = new Map<string, FormDefinition>();

describe.each(TARGETS)('the popup forms on %s, into a real webform', (target, site) => {
  beforeAll(async () => {
    for (const id of FORMS) {
      const res = await fetch(`${site}/api/forms/${id}`);
      expect(res.status, `GET /api/forms/${id}`).toBe(200);
      definitions.set(`${target}:${id}`, (await res.json()) as FormDefinition);
    }
  });

  it.each(FORMS)('%s: filled and sent as a person would, every value kept by Drupal', async (id) => {
    const definition = definitions.get(`${target}:${id}`)!;
    const page = await newPage(site);
    const dialog = await openPopup(page, site, id);
    const marker = newMarker();
    const expected = await fillForm(dialog, definition, marker);
    const pageUrl = page.url();
    await dialog.getByRole('button', { name: definition.submitLabel }).click();
    await page.waitForURL((url) => url.pathname === '/thank-you.html', { timeout: 20_000 });
    await screenshot(page, `real-drupal-${id}-${target}`);

    const submission = await eventually(() => submissionWith(webformOf(id), marker), Boolean);
    expect(submission, `Drupal holds the ${id} submission`).toBeDefined();
    const withFile = definition.fields.some((f) => f.kind === 'file');
    for (const [key, value] of Object.entries(expected)) {
      const kept = submission!.values[key]?.slice().sort();
      // A file the stock webform_rest cannot take is named in the note instead, for the clinic to find in the CRM.
      const note = withFile && definition.fields.find((f) => f.key === key)?.kind === 'textarea';
      if (note) expect(kept?.[0], `${id}: ${key}`).toMatch(new RegExp(`^${value as string}\\s+Файл «resume\\.pdf»`));
      else expect(kept, `${id}: ${key}`).toEqual(Array.isArray(value) ? value : [value]);
    }
    // The page it came from: the hidden field the popup fills, as the page's address.
    for (const field of definition.fields.filter((f) => f.prefill === 'page_url'))
      expect(submission!.values[field.key], field.key).toEqual([pageUrl]);
    // A file the stock webform_rest cannot take reaches the clinic through the CRM, and Drupal's record says so.
    if (withFile) {
      const received = await eventually(
        async () => JSON.stringify(await (await fetch(crmUrl)).json()),
        (text) => text.includes(marker),
      );
      expect(received).toContain('resume.pdf');
    }
    await page.context().close();
  });
});

describe('what only a real webform decides', () => {
  const [target, site] = TARGETS[0];
  afterAll(async () => {
    await drupal.php(`\\Drupal\\webform\\Entity\\Webform::load('callback')->setStatus('open')->save();`);
  });

  it('a closed form: the visitor is thanked, and the lead arrives in Drupal once the form reopens', async () => {
    await drupal.php(`\\Drupal\\webform\\Entity\\Webform::load('callback')->setStatus('closed')->save();`);
    const page = await newPage(site);
    const dialog = await openPopup(page, site, 'callback');
    const marker = newMarker();
    await fillForm(dialog, definitions.get(`${target}:callback`)!, marker);
    await dialog.getByRole('button', { name: definitions.get(`${target}:callback`)!.submitLabel }).click();
    await page.waitForURL((url) => url.pathname === '/thank-you.html', { timeout: 20_000 });
    await page.context().close();
    expect(await submissionWith('callback', marker)).toBeUndefined();
    await drupal.php(`\\Drupal\\webform\\Entity\\Webform::load('callback')->setStatus('open')->save();`);
    const arrived = await eventually(() => submissionWith('callback', marker), Boolean, 60_000);
    expect(arrived, 'the kept lead reaches Drupal').toBeDefined();
  });

  it('a rule only Drupal checks: its message, in Russian, under the field, and what was typed kept', async () => {
    const { form, field } = DRUPAL_ONLY_RULE;
    const definition = definitions.get(`${target}:${form}`)!;
    const sendOnce = async (marker: string) => {
      const page = await newPage(site);
      const dialog = await openPopup(page, site, form);
      await fillForm(dialog, definition, marker);
      await dialog.locator(`[name="${field}"]`).fill('odin-i-tot-zhe@example.ru');
      await dialog.getByRole('button', { name: definition.submitLabel }).click();
      return { page, dialog };
    };
    const first = await sendOnce(newMarker());
    await first.page.waitForURL((url) => url.pathname === '/thank-you.html', { timeout: 20_000 });
    await first.page.context().close();

    const second = await sendOnce(newMarker());
    const control = second.dialog.locator(`[name="${field}"]`);
    await second.page.waitForFunction(
      (name) => document.querySelector(`[name="${name}"]`)?.getAttribute('aria-invalid') === 'true',
      field,
      { timeout: 20_000 },
    );
    const message = await control.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id))
        .filter((node) => node?.classList.contains('form-field__error'))
        .map((node) => node!.textContent ?? '')
        .join(' '),
    );
    expect(message).toMatch(/[а-яё]{4}/i);
    expect(message).not.toMatch(/[a-z]{4}/i);
    expect(await control.inputValue()).toBe('odin-i-tot-zhe@example.ru');
    expect(new URL(second.page.url()).pathname).not.toBe('/thank-you.html');
    await screenshot(second.page, 'real-drupal-drupal-only-rule');
    await second.page.context().close();
  });
});
