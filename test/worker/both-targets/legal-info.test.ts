/**
 * ПП РФ № 736, Приказ Минздрава № 118н: the medical organisation's
 * details come from the site's settings, are checked there (ОГРН and ИНН by their
 * check digits), and show in the footer of every page and in full on
 * «Сведения о медицинской организации».
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MOSCOW_SUPERVISORS, validInn, validOgrn } from '../../../worker/config/legal';
import { bindings, firstAlias, freshStart, page } from '../helpers';

const LEGAL_PAGE = '/svedeniya.html';
const ampersands = (text: string) => text.replace(/&/g, '&amp;');
/** React escapes quotes in text as it likes; compare the words, not their encoding. */
const decoded = (html: string) =>
  html
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('the medical organisation’s details', () => {
  beforeAll(freshStart);

  it('are set in the demo’s settings', () => {
    // The rest of this file relies on them; wrangler.toml's [vars] give them to both targets.
    for (const name of [
      'LEGAL_NAME',
      'LEGAL_OGRN',
      'LEGAL_INN',
      'LEGAL_ADDRESS',
      'LICENSE_NUMBER',
      'LICENSE_DATE',
      'LICENSE_ISSUER',
    ] as const) {
      expect(bindings[name], name).toBeTruthy();
    }
  });

  it('show in short in the footer of every kind of page, with a link to the whole', async () => {
    const paths = ['/', await firstAlias('services'), await firstAlias('actions'), '/services.html', '/price.html', '/ultraformer.html'];
    for (const path of paths) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      const footer = decoded(html.slice(html.lastIndexOf('<footer')));
      expect(footer, path).toContain(bindings.LEGAL_NAME);
      expect(footer, path).toContain(`ОГРН ${bindings.LEGAL_OGRN}`);
      expect(footer, path).toContain(`ИНН ${bindings.LEGAL_INN}`);
      expect(footer, path).toContain(`Лицензия № ${bindings.LICENSE_NUMBER} от ${bindings.LICENSE_DATE}`);
      expect(footer, path).toContain(`<a href="${LEGAL_PAGE}">Сведения о медицинской организации</a>`);
    }
  });

  it('show in full on their own page: the entity, the licence, the supervisors and how to complain', async () => {
    const { status, html: raw } = await page(LEGAL_PAGE);
    expect(status).toBe(200);
    const html = decoded(raw);
    expect(html).toContain('<title>Сведения о медицинской организации');
    expect(html).toMatch(/<h1>Сведения о медицинской организации<\/h1>/);
    for (const name of [
      'LEGAL_NAME',
      'LEGAL_OGRN',
      'LEGAL_INN',
      'LEGAL_ADDRESS',
      'LICENSE_NUMBER',
      'LICENSE_DATE',
      'LICENSE_ISSUER',
    ] as const) {
      expect(html, name).toContain(`<dd>${bindings[name]}</dd>`);
    }
    for (const body of MOSCOW_SUPERVISORS) {
      expect(html).toContain(body.name);
      expect(html).toContain(body.address!);
      expect(html).toContain(`>${body.phone}</a>`);
      expect(html).toContain(`href="${body.site}"`);
    }
    expect(html).toContain('Роспотребнадзор');
    expect(html).toContain('Росздравнадзор');
    expect(html).toContain('Департамент здравоохранения города Москвы');
    expect(html).toContain('Как подать обращение или жалобу');
    // The standard text names where to write and whom to call.
    expect(html).toContain(`письменно по адресу: ${bindings.LEGAL_ADDRESS}`);
    expect(html).toContain(bindings.SITE_PHONE);
  });

  it('take the clinic’s own supervisors and complaint text from the settings', async () => {
    const bodies = [{ name: 'Министерство здравоохранения Московской области', phone: '+7 (498) 602-03-01', site: 'https://mz.mosreg.ru' }];
    const { status, html: raw } = await page(LEGAL_PAGE, {
      SUPERVISORY_BODIES: JSON.stringify(bodies),
      COMPLAINTS_TEXT: 'Жалобы принимает главный врач.\n\nОтвет — в течение 10 дней.',
    });
    expect(status).toBe(200);
    const html = decoded(raw);
    expect(html).toContain('Министерство здравоохранения Московской области');
    expect(html).toContain('href="https://mz.mosreg.ru"');
    expect(html).not.toContain('Оружейный переулок');
    expect(html).toContain('<p>Жалобы принимает главный врач.</p><p>Ответ — в течение 10 дней.</p>');
  });
});

describe('settings of the medical organisation’s details', () => {
  it('check ОГРН and ИНН by their check digits', () => {
    expect(validOgrn('1257700000007')).toBe(true);
    expect(validOgrn('1027700132195')).toBe(true); // a real one: Сбербанк
    expect(validOgrn('1257700000008')).toBe(false);
    expect(validOgrn('125770000000')).toBe(false);
    expect(validInn('7700000009')).toBe(true);
    expect(validInn('7707083893')).toBe(true); // Сбербанк
    expect(validInn('7707083894')).toBe(false);
    expect(validInn('770708389')).toBe(false);
    expect(validInn('770708389312')).toBe(false); // a person's ИНН is not a legal entity's
  });

  it.each([
    ['LEGAL_OGRN', '1257700000008', 'контрольной цифрой'],
    ['LEGAL_OGRN', '12577000000', '13 цифр'],
    ['LEGAL_INN', '7700000008', 'контрольной цифрой'],
    ['LEGAL_INN', 'ИНН 7700000009', '10 цифр'],
    ['LICENSE_DATE', '2025-09-01', 'ДД.ММ.ГГГГ'],
    ['LICENSE_DATE', '31.02.2025', 'ДД.ММ.ГГГГ'],
    ['SUPERVISORY_BODIES', '[{"name": "Росздравнадзор"', 'JSON'],
    ['SUPERVISORY_BODIES', '[]', 'хотя бы один'],
    ['LEGAL_NAME', '', 'не задан'],
    ['LICENSE_NUMBER', undefined, 'не задан'],
  ])('answer %s = %j with the configuration error page', async (setting, value, message) => {
    const { status, html } = await page('/', { [setting]: value });
    expect(status).toBe(500);
    expect(html).toContain('Ошибка настройки сайта');
    expect(html).toContain(`<code>${setting}</code>`);
    expect(html).toContain(message);
    // The page never echoes a value (config/misconfigured-page.ts).
    if (value) expect(html).not.toContain(ampersands(value));
  });
});
