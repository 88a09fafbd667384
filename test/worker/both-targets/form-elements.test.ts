/**
 * Every element of webform's initialised tree a patient can fill
 * reaches the popup (checkboxes, radios, number, terms of service, email_confirm,
 * composites), with lenient reading of each property, the same rules on both
 * sides, and the values carried to Drupal in webform_rest's shapes and to the CRM
 * as readable text.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT, type FormDefinition, type FormField } from '../../../common/forms/definition';
import { validateForm } from '../../../common/forms/validate';
import { webformFieldsOf } from '../../../worker/drupal/schemas/webform';
import { crmPayload, drupalBody } from '../../../worker/leads/lead';
import type { Lead } from '../../../worker/seams/lead-message';
import { control, demoUrl, eventually, freshStart, request } from '../helpers';

beforeEach(freshStart);
afterEach(() => vi.restoreAllMocks());

/** An element as webform initialises it: the metadata every element carries, then its own properties. */
const el = (key: string, own: Record<string, unknown>) => ({
  '#webform': 'test',
  '#webform_id': `test--${key}`,
  '#webform_key': key,
  '#webform_parent_key': '',
  '#webform_depth': 0,
  '#webform_children': [],
  '#admin_title': own['#title'] ?? key,
  '#webform_plugin_id': own['#type'],
  ...own,
});

/** A composite's part as webform initialises it. */
const part = (type: string, title: string | null, extra: Record<string, unknown> = {}) => ({ '#type': type, '#title': title, ...extra });

const TREE = {
  lichnoe: el('lichnoe', {
    '#type': 'fieldset',
    '#title': 'О вас',
    fio: el('fio', {
      '#type': 'webform_name',
      '#title': null,
      '#admin_title': 'ФИО',
      '#required': true,
      '#webform_composite': true,
      '#default_value': { first: 'Анна', degree: 'к. м. н.' },
      '#webform_composite_elements': {
        title: part('webform_select_other', 'Обращение', { '#access': false, '#options': { 'г-жа': 'Госпожа' } }),
        first: part('textfield', 'Имя', { '#required': true }),
        middle: part('textfield', 'Отчество', { '#access': false }),
        last: part('textfield', 'Фамилия', { '#required': '1' }),
        degree: part('textfield', 'Степень', { '#access': false }),
      },
    }),
  }),
  adres: el('adres', {
    '#type': 'webform_address',
    '#title': 'Адрес',
    '#default_value': 'не объект',
    '#webform_composite_elements': {
      address: part('textfield', 'Улица, дом'),
      city: part('textfield', 'Город'),
      country: part('select', 'Страна', { '#options': { RU: 'Россия', KZ: 'Казахстан' } }),
      postal_code: part('hidden', null),
    },
  }),
  kontakt: el('kontakt', {
    '#type': 'webform_contact',
    '#title': 'Контакт',
    '#webform_composite_elements': { name: part('textfield', 'Имя'), phone: part('tel', 'Телефон'), email: part('email', 'E-mail') },
  }),
  skrytyi: el('skrytyi', {
    '#type': 'webform_name',
    '#title': 'Скрытый',
    '#webform_composite_elements': { first: part('textfield', 'Имя', { '#access': false }) },
  }),
  procedury: el('procedury', {
    '#type': 'checkboxes',
    '#title': 'Процедуры',
    '#required': true,
    '#options': { chistka: 'Чистка', piling: 'Пилинг', massazh: 'Массаж' },
    '#default_value': ['chistka', 'net_takoi'],
  }),
  istochnik: el('istochnik', {
    '#type': 'radios',
    '#title': 'Откуда узнали',
    '#options': ['Интернет', 'Друзья'],
    '#default_value': 'Друзья',
  }),
  otvet: el('otvet', { '#type': 'radios', '#title': 'Ответ', '#options': 'yes_no' }),
  vozrast: el('vozrast', { '#type': 'number', '#title': 'Возраст', '#min': 18, '#max': '99', '#step': '1', '#default_value': 30 }),
  usloviya: el('usloviya', {
    '#type': 'webform_terms_of_service',
    '#title': 'Я принимаю {условия}',
    '#required': true,
    '#terms_title': 'Условия',
    '#terms_content': '<p>Текст условий</p>',
    '#default_value': false,
  }),
  pochta: el('pochta', { '#type': 'webform_email_confirm', '#title': 'Почта', '#default_value': null }),
  pochta2: el('pochta2', { '#type': 'email_confirm', '#title': 'Почта ещё', '#required': true }),
  rassylka: el('rassylka', { '#type': 'checkbox', '#title': 'Рассылка', '#default_value': true }),
  // Odd property types: each is ignored, the element stays.
  gorod: el('gorod', {
    '#type': 'textfield',
    '#title': 'Город',
    '#default_value': ['a'],
    '#placeholder': {},
    '#description': [],
    '#required': 1,
  }),
  kommentarii: el('kommentarii', {
    '#type': 'textarea',
    '#title': null,
    '#admin_title': null,
    '#default_value': true,
    '#minlength': 'много',
  }),
  podpis: el('podpis', { '#type': 'webform_signature', '#title': 'Подпись', '#required': true }),
  reiting: el('reiting', { '#type': 'webform_rating', '#title': 'Оценка' }),
  linia: el('linia', { '#type': 'webform_horizontal_rule' }),
  info: el('info', { '#type': 'webform_markup', '#title': null, '#markup': '<p>Важно</p>' }),
};

describe("webform's initialised tree as the popup's fields", () => {
  it('keeps every element a patient can fill, each property read on its own', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const parsed = webformFieldsOf(TREE, 'forma-testa')!;
    const byKey = Object.fromEntries(parsed.fields.map((f) => [f.key, f])) as Record<string, FormField>;
    expect(parsed.fields.map((f) => f.key)).toEqual([
      'fio',
      'adres',
      'kontakt',
      'procedury',
      'istochnik',
      'otvet',
      'vozrast',
      'usloviya',
      'pochta',
      'pochta2',
      'rassylka',
      'gorod',
      'kommentarii',
      'podpis',
      'info',
    ]);
    expect(byKey.fio).toEqual({
      key: 'fio',
      kind: 'composite',
      label: 'ФИО',
      required: true,
      parts: [
        { key: 'first', kind: 'text', label: 'Имя', required: true },
        { key: 'last', kind: 'text', label: 'Фамилия', required: true },
      ],
      defaultValue: { first: 'Анна' },
    });
    expect(byKey.adres).toMatchObject({
      kind: 'composite',
      required: false,
      parts: [
        { key: 'address' },
        { key: 'city' },
        {
          key: 'country',
          kind: 'select',
          options: [
            { value: 'RU', label: 'Россия' },
            { value: 'KZ', label: 'Казахстан' },
          ],
        },
      ],
    });
    expect(byKey.adres!.defaultValue).toBeUndefined();
    expect(byKey.kontakt!.parts!.map((p) => p.kind)).toEqual(['text', 'tel', 'email']);
    expect(byKey.procedury).toMatchObject({
      kind: 'checkboxes',
      required: true,
      options: [{ value: 'chistka' }, { value: 'piling' }, { value: 'massazh' }],
      defaultValue: ['chistka'],
    });
    expect(byKey.istochnik).toMatchObject({
      kind: 'radios',
      options: [
        { value: 'Интернет', label: 'Интернет' },
        { value: 'Друзья', label: 'Друзья' },
      ],
      defaultValue: 'Друзья',
    });
    expect(byKey.otvet!.options).toEqual([
      { value: 'Yes', label: 'Да' },
      { value: 'No', label: 'Нет' },
    ]);
    expect(byKey.vozrast).toMatchObject({ kind: 'number', min: '18', max: '99', step: 1, defaultValue: '30' });
    expect(byKey.usloviya).toMatchObject({
      kind: 'terms',
      required: true,
      label: 'Я принимаю условия',
      termsTitle: 'Условия',
      html: '<p>Текст условий</p>',
    });
    expect(byKey.usloviya!.defaultValue).toBeUndefined();
    expect(byKey.pochta).toMatchObject({ kind: 'email_confirm', required: false, label: 'Почта' });
    expect(byKey.pochta2).toMatchObject({ kind: 'email_confirm', required: true });
    expect(byKey.rassylka).toMatchObject({ kind: 'checkbox', defaultValue: true });
    expect(byKey.gorod).toEqual({ key: 'gorod', kind: 'text', label: 'Город', required: true });
    expect(byKey.kommentarii).toEqual({ key: 'kommentarii', kind: 'textarea', required: false });
    // A required element the popup cannot draw is its nearest plain input; an optional one is left out.
    expect(byKey.podpis).toEqual({ key: 'podpis', kind: 'text', label: 'Подпись', required: true });
    expect(byKey.info).toMatchObject({ kind: 'markup', html: '<p>Важно</p>' });

    // Said once per isolate, with the form and the key, never a value.
    webformFieldsOf(TREE, 'forma-testa');
    const said = warn.mock.calls.map((call) => call.join(' '));
    expect(said.filter((line) => line.includes('podpis'))).toHaveLength(1);
    expect(said.filter((line) => line.includes('reiting'))).toHaveLength(1);
    expect(said.find((line) => line.includes('podpis'))).toMatch(/^Форма forma-testa: элемент «podpis».*обязателен/);
    expect(said.find((line) => line.includes('reiting'))).toMatch(/не показан/);
    expect(said.join('\n')).not.toMatch(/linia|info|fio/);
  });
});

const DEFINITION: FormDefinition = {
  id: 'discount',
  title: 'Получить скидку',
  submitLabel: 'Отправить',
  fields: [
    {
      key: 'fio',
      kind: 'composite',
      label: 'Ваше имя',
      required: true,
      parts: [
        { key: 'first', kind: 'text', label: 'Имя', required: true },
        { key: 'last', kind: 'text', label: 'Фамилия', required: true },
      ],
    },
    {
      key: 'adres',
      kind: 'composite',
      label: 'Адрес',
      required: true,
      parts: [
        { key: 'city', kind: 'text', label: 'Город', required: false },
        { key: 'zip', kind: 'number', label: 'Индекс', required: false, min: '100000' },
      ],
    },
    {
      key: 'procedury',
      kind: 'checkboxes',
      label: 'Процедуры',
      required: true,
      options: [
        { value: 'chistka', label: 'Чистка' },
        { value: 'piling', label: 'Пилинг' },
      ],
    },
    { key: 'istochnik', kind: 'radios', label: 'Откуда узнали', required: true, options: [{ value: 'internet', label: 'Интернет' }] },
    { key: 'vozrast', kind: 'number', label: 'Возраст', required: false, min: '18', max: '99', step: 1 },
    { key: 'usloviya', kind: 'terms', label: 'Я принимаю условия', required: true },
    { key: 'pochta', kind: 'email_confirm', label: 'E-mail', required: true },
  ],
};

describe('the rules of the new kinds, shared by the popup and the worker', () => {
  it('names each problem in Russian, by field or by Form API part name', () => {
    const empty = validateForm(DEFINITION, { fio: { first: '', last: '' }, procedury: [], vozrast: '' });
    expect(empty).toEqual({
      'fio][first': 'Заполните это поле',
      'fio][last': 'Заполните это поле',
      'adres][city': 'Заполните это поле',
      procedury: 'Отметьте хотя бы один вариант',
      istochnik: 'Выберите один из вариантов',
      usloviya: 'Примите условия, чтобы отправить заявку',
      'pochta][mail_1': 'Заполните это поле',
      [CONSENT.key]: expect.stringMatching(/согласия/),
    });
    const wrong = validateForm(DEFINITION, {
      fio: { first: 'Анна', last: 'Петрова' },
      adres: { zip: '123' },
      procedury: ['chistka', 'lishnee'],
      istochnik: 'televizor',
      vozrast: '17',
      usloviya: true,
      pochta: { mail_1: 'anna@example.ru', mail_2: 'anna@example.com' },
      [CONSENT.key]: true,
    });
    expect(wrong).toEqual({
      'adres][zip': 'Введите число не меньше 100000',
      procedury: 'Выберите значения из списка',
      istochnik: 'Выберите значение из списка',
      vozrast: 'Введите число не меньше 18',
      'pochta][mail_2': 'Адреса e-mail не совпадают',
    });
    expect(validateForm(DEFINITION, { vozrast: '100' }).vozrast).toBe('Введите число не больше 99');
    expect(validateForm(DEFINITION, { vozrast: '30,5' }).vozrast).toBe('Введите число с шагом 1');
    expect(validateForm(DEFINITION, { vozrast: 'тридцать' }).vozrast).toBe('Введите число');
    expect(validateForm(DEFINITION, { pochta: { mail_1: 'anna@', mail_2: 'anna@' } })['pochta][mail_1']).toMatch(/e-mail/);
    const right = {
      fio: { first: 'Анна', last: 'Петрова' },
      adres: { city: 'Москва' },
      procedury: ['piling'],
      istochnik: 'internet',
      vozrast: '30',
      usloviya: true,
      pochta: { mail_1: 'anna@example.ru', mail_2: 'anna@example.ru' },
      [CONSENT.key]: true,
    };
    expect(validateForm(DEFINITION, right)).toEqual({});
  });

  it('finds the name, phone and e-mail in composites and lists the other answers readably for the CRM', () => {
    const lead: Lead = {
      id: 'x',
      form: 'discount',
      webformId: 'discount',
      fields: [
        {
          key: 'fio',
          kind: 'composite',
          label: 'Ваше имя',
          value: { first: 'Анна', last: 'Петрова' },
          text: 'Имя: Анна, Фамилия: Петрова',
          parts: [
            { key: 'first', kind: 'text' },
            { key: 'last', kind: 'text' },
          ],
        },
        {
          key: 'kontakt',
          kind: 'composite',
          label: 'Контакт',
          value: { phone: '+7 (999) 123-45-67', email: 'anna@example.ru' },
          parts: [
            { key: 'phone', kind: 'tel' },
            { key: 'email', kind: 'email' },
          ],
        },
        { key: 'procedury', kind: 'checkboxes', label: 'Услуги', value: ['chistka', 'piling'], text: 'Чистка, Пилинг' },
        { key: 'usloviya', kind: 'terms', label: 'Я принимаю условия', value: '1' },
      ],
      files: [],
      page: {},
      consent: { version: CONSENT.version, at: '2026-11-24T10:00:00.000Z' },
      receivedAt: '2026-11-24T10:00:00.000Z',
    };
    const payload = crmPayload(lead, 'Получить скидку');
    expect(payload).toMatchObject({ name: 'Анна Петрова', phone: '+7 (999) 123-45-67', email: 'anna@example.ru' });
    expect(payload.comment.split('\n')).toEqual(
      expect.arrayContaining(['Услуги: Чистка, Пилинг', 'Я принимаю условия: да', 'Ваше имя: Имя: Анна, Фамилия: Петрова']),
    );
    expect(drupalBody(lead)).toMatchObject({ fio: { first: 'Анна', last: 'Петрова' }, procedury: ['chistka', 'piling'], usloviya: 1 });
  });
});

// ---- The demo's discount form, through the worker --------------------------------------------------------

let visitor = 0;
const newVisitor = () => `198.51.100.${(visitor = (visitor + 1) % 250) + 1}`;

async function post(body: unknown) {
  const multipart = body instanceof FormData;
  const { response, settled } = await request(
    '/api/forms/discount',
    {},
    {
      method: 'POST',
      body: multipart ? body : JSON.stringify(body),
      headers: { 'CF-Connecting-IP': newVisitor(), ...(multipart ? {} : { 'Content-Type': 'application/json' }) },
    },
  );
  const json = (await response.json()) as { sid?: string; errors?: Record<string, string> };
  await settled();
  return { status: response.status, json };
}

interface Submission {
  webform_id: string;
  data: Record<string, unknown>;
}
const submissions = () => control.submissions<Submission>();
const crmLeads = () => control.crm.received<{ data: { name: string; phone: string; email: string; comment: string } }>();

const PAGE = { send_page_url: 'http://127.0.0.1:8787/actions/skidka.html', send_page_title: 'Скидка' };
const FILLED = {
  fio: { first: 'Вера', last: 'Смирнова' },
  vash_telefon: '8 999 222 33 44',
  email: { mail_1: 'vera@example.ru', mail_2: 'vera@example.ru' },
  procedury: ['chistka', 'piling'],
  kak_uznali: 'druzya',
  vozrast: '34',
  soglasie_na_rassylku: true,
  usloviya: true,
  [CONSENT.key]: true,
  ...PAGE,
};

describe('the demo discount form, end to end', () => {
  it('GET /api/forms/discount shows each new element kind', async () => {
    const { response, settled } = await request('/api/forms/discount');
    const form = (await response.json()) as FormDefinition;
    await settled();
    const byKey = Object.fromEntries(form.fields.map((f) => [f.key, f]));
    expect(byKey.fio).toMatchObject({
      kind: 'composite',
      required: true,
      parts: [
        { key: 'first', required: true },
        { key: 'last', required: true },
      ],
    });
    expect(byKey.email).toMatchObject({ kind: 'email_confirm' });
    expect(byKey.procedury).toMatchObject({
      kind: 'checkboxes',
      defaultValue: ['chistka'],
      options: expect.arrayContaining([{ value: 'piling', label: 'Пилинг' }]),
    });
    expect(byKey.kak_uznali).toMatchObject({ kind: 'radios', required: true });
    expect(byKey.vozrast).toMatchObject({ kind: 'number', min: '18', max: '99', step: 1 });
    expect(byKey.soglasie_na_rassylku).toMatchObject({ kind: 'checkbox', defaultValue: true });
    expect(byKey.usloviya).toMatchObject({ kind: 'terms', required: true, label: 'Я принимаю условия акции', termsTitle: 'Условия акции' });
    expect(byKey.discount_info).toMatchObject({ kind: 'markup' });
  });

  it("carries each value to Drupal in webform_rest's shapes and the lead to the CRM", async () => {
    const { status, json } = await post(FILLED);
    expect(status).toBe(200);
    expect(json.sid).toEqual(expect.any(String));
    const [submission] = await submissions();
    expect(submission).toMatchObject({
      webform_id: 'discount',
      data: {
        fio: { first: 'Вера', last: 'Смирнова' },
        vash_telefon: '+7 (999) 222-33-44',
        email: 'vera@example.ru',
        procedury: ['chistka', 'piling'],
        kak_uznali: 'druzya',
        vozrast: '34',
        soglasie_na_rassylku: 1,
        usloviya: 1,
        ...PAGE,
      },
    });
    const mine = (list: Awaited<ReturnType<typeof crmLeads>>) => list.find((l) => l.data.name === 'Вера Смирнова');
    const lead = mine(await eventually(crmLeads, (list) => mine(list) !== undefined));
    expect(lead?.data).toMatchObject({ name: 'Вера Смирнова', phone: '+7 (999) 222-33-44', email: 'vera@example.ru' });
    const lines = lead!.data.comment.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Какие процедуры вас интересуют?: Чистка лица, Пилинг',
        'Как вы о нас узнали?: От друзей',
        'Ваш возраст: 34',
      ]),
    );
  });

  it('reads the same values from multipart, as a browser names them (key[part], key[])', async () => {
    const data = new FormData();
    data.append('fio[first]', 'Олег');
    data.append('fio[last]', 'Иванов');
    data.append('vash_telefon', '+7 (999) 333-44-55');
    data.append('email[mail_1]', 'oleg@example.ru');
    data.append('email[mail_2]', 'oleg@example.ru');
    data.append('procedury[]', 'massazh');
    data.append('kak_uznali', 'internet');
    data.append('usloviya', 'true');
    data.append(CONSENT.key, 'true');
    const { status } = await post(data);
    expect(status).toBe(200);
    const [submission] = await submissions();
    expect(submission!.data).toMatchObject({
      fio: { first: 'Олег', last: 'Иванов' },
      email: 'oleg@example.ru',
      procedury: ['massazh'],
      kak_uznali: 'internet',
      usloviya: 1,
    });
  });

  it('refuses what webform would, with a Russian message for each new kind, and sends Drupal nothing', async () => {
    const { status, json } = await post({
      ...FILLED,
      fio: { first: '', last: 'Смирнова' },
      email: { mail_1: 'vera@example.ru', mail_2: 'vera@example.com' },
      procedury: ['botoks'],
      kak_uznali: '',
      vozrast: '120',
      usloviya: false,
    });
    expect(status).toBe(400);
    expect(json.errors).toEqual({
      'fio][first': 'Заполните это поле',
      'email][mail_2': 'Адреса e-mail не совпадают',
      procedury: 'Выберите значения из списка',
      kak_uznali: 'Выберите один из вариантов',
      vozrast: 'Введите число не больше 99',
      usloviya: 'Примите условия, чтобы отправить заявку',
    });
    expect(await submissions()).toEqual([]);
    // Deeper nesting than a composite, or a list of objects, is no form's value.
    expect((await post({ ...FILLED, fio: { first: { x: 1 } } })).status).toBe(400);
    expect((await post({ ...FILLED, procedury: [{ a: 1 }] })).status).toBe(400);
    expect((await post({ ...FILLED, procedury: Array.from({ length: 500 }, () => 'chistka') })).status).toBe(400);
  });
});

describe("the demo's webform_rest checks the new kinds as webform does", () => {
  const submit = (data: Record<string, unknown>) =>
    fetch(`${demoUrl}/webform_rest/submit?_format=json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ webform_id: 'discount', ...data }),
    });

  it('names composite parts key][part and checks options, numbers, e-mail and terms', async () => {
    const res = await submit({
      vash_telefon: '+7 (999) 222-33-44',
      fio: { first: 'Вера' },
      procedury: ['botoks'],
      kak_uznali: 'televizor',
      vozrast: '12',
      email: 'vera@',
      usloviya: 0,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: Record<string, string> };
    expect(Object.keys(body.error).sort()).toEqual([
      'email][mail_1',
      'email][mail_2',
      'fio][last',
      'kak_uznali',
      'procedury',
      'usloviya',
      'vozrast',
    ]);
    expect(body.error['fio][last']).toBe('Поле «Фамилия» обязательно для заполнения.');
    expect(body.error.usloviya).toBe('Поле «Я принимаю условия акции» обязательно для заполнения.');
    const ok = await submit({
      vash_telefon: '+7 (999) 222-33-44',
      fio: { first: 'Вера', last: 'Смирнова', hacked: 'x' },
      kak_uznali: 'internet',
      usloviya: 1,
    });
    expect(ok.status).toBe(200);
    const [stored] = await submissions();
    expect(stored!.data.fio).toEqual({ first: 'Вера', last: 'Смирнова' });
  });
});
