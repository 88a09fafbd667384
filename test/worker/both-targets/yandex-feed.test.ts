import { beforeEach, describe, expect, it, vi } from 'vitest';
import { composeFeed, cityOf, experienceYears, pricedServices } from '../../../worker/loaders/yandex-feed';
import { yandexFeedXml, xmlText } from '../../../worker/render/yandex-feed-xml';
import type { NodeData } from '../../../worker/drupal/types';
import type { PriceGroup } from '../../../worker/drupal/schemas/price';
import { TEST_SECRETS } from '../../setup/secrets';
import { bindings, control, demo, demoUrl, freshStart, page, request } from '../helpers';
import type { NodeEdit } from '../../../demo-origin/control-client';

beforeEach(freshStart);

const SITE = 'http://127.0.0.1:8787';
const FEED = '/feeds/yandex-doctors.xml';

// ---- A strict XML 1.0 reader: no parser is installed, and workerd has no DOMParser -----------------

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: (XmlElement | string)[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*/;
/** Characters XML 1.0 allows (tab, newlines, and the rest from U+0020 on, surrogate pairs whole). */
const CHARS = /^(?:[\t\n\r\u0020-\ud7ff\ue000-\ufffd]|[\ud800-\udbff][\udc00-\udfff])*$/;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with its references resolved; a bare `&` or an unknown entity is an error, as it is to any XML parser. */
function decode(raw: string, where: string): string {
  return raw.replace(/&([^;]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new Error(`${where}: bare &`);
    if (PREDEFINED[ref]) return PREDEFINED[ref];
    const num = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(ref);
    if (!num) throw new Error(`${where}: unknown entity &${ref};`);
    const ch = String.fromCodePoint(num[1] ? parseInt(num[1], 16) : Number(num[2]));
    if (!CHARS.test(ch)) throw new Error(`${where}: reference to a character XML forbids`);
    return ch;
  });
}

/** Parses a whole document (one root; declaration, comments and white space around it); throws where it is not well-formed. */
function parseXml(xml: string): XmlElement {
  if (!CHARS.test(xml)) throw new Error('a character XML forbids');
  let at = 0;
  const rest = () => xml.slice(at);
  const fail = (what: string): never => {
    throw new Error(`${what} at ${at}: ${JSON.stringify(xml.slice(at, at + 40))}`);
  };
  const skipMisc = () => {
    for (;;) {
      const space = /^\s*/.exec(rest())![0];
      at += space.length;
      if (rest().startsWith('<!--')) {
        const end = xml.indexOf('-->', at + 4);
        if (end < 0 || xml.slice(at + 4, end).includes('--')) fail('bad comment');
        at = end + 3;
      } else return;
    }
  };
  const name = (): string => {
    const found = NAME.exec(rest())?.[0] ?? fail('name expected');
    at += found.length;
    return found;
  };
  const element = (): XmlElement => {
    if (xml[at] !== '<') fail('< expected');
    at++;
    const el: XmlElement = { name: name(), attrs: {}, children: [] };
    for (;;) {
      const space = /^\s*/.exec(rest())![0];
      at += space.length;
      if (rest().startsWith('/>')) {
        at += 2;
        return el;
      }
      if (xml[at] === '>') {
        at++;
        break;
      }
      if (!space) fail('space expected between attributes');
      const attr = name();
      if (Object.hasOwn(el.attrs, attr)) fail(`attribute ${attr} twice`);
      const quoted = /^\s*=\s*("([^"]*)"|'([^']*)')/.exec(rest()) ?? fail('quoted value expected');
      const value = quoted[2] ?? quoted[3] ?? '';
      if (value.includes('<')) fail('< in an attribute value');
      el.attrs[attr] = decode(value, `attribute ${attr}`);
      at += quoted[0].length;
    }
    for (;;) {
      const next = xml.indexOf('<', at);
      if (next < 0) fail(`</${el.name}> missing`);
      const raw = xml.slice(at, next);
      if (raw.includes(']]>')) fail(']]> in text');
      if (raw) el.children.push(decode(raw, `text of ${el.name}`));
      at = next;
      if (rest().startsWith('</')) {
        at += 2;
        const closing = name();
        if (closing !== el.name) fail(`</${closing}> closes <${el.name}>`);
        const end = /^\s*>/.exec(rest()) ?? fail('> expected');
        at += end[0].length;
        return el;
      }
      if (rest().startsWith('<!--')) {
        const end = xml.indexOf('-->', at + 4);
        if (end < 0 || xml.slice(at + 4, end).includes('--')) fail('bad comment');
        at = end + 3;
        continue;
      }
      if (rest().startsWith('<!') || rest().startsWith('<?')) fail('markup this reader does not take');
      el.children.push(element());
    }
  };
  const declaration = /^<\?xml\s+version="1\.0"(?:\s+encoding="UTF-8")?\s*\?>/.exec(xml);
  if (xml.startsWith('<?') && !declaration) fail('bad declaration');
  if (declaration) at = declaration[0].length;
  skipMisc();
  const root = element();
  skipMisc();
  if (at !== xml.length) fail('content after the root');
  return root;
}

const kids = (el: XmlElement | undefined, name: string): XmlElement[] =>
  (el?.children ?? []).filter((child): child is XmlElement => typeof child !== 'string' && child.name === name);
const kid = (el: XmlElement | undefined, name: string): XmlElement | undefined => kids(el, name)[0];
const textOf = (el: XmlElement | undefined): string | undefined =>
  el === undefined ? undefined : el.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');

/** The feed's groups as plain objects, read from the parsed XML only. */
function read(xml: string) {
  const root = parseXml(xml);
  expect(root.name).toBe('shop');
  expect(root.attrs.version).toBe('2.0');
  const shop = root;
  const field = (el: XmlElement, name: string) => textOf(kid(el, name));
  const offerEls = kids(kid(shop, 'offers'), 'offer');
  // A doctor's speciality is said where the doctor gives a service: in the offer, under its clinic.
  const specialityOf = (id: string) =>
    offerEls
      .flatMap((el) => kids(kid(el, 'clinic'), 'doctor'))
      .filter((el) => el.attrs.id === id)
      .map((el) => field(el, 'speciality'))
      .find(Boolean);
  return {
    root,
    shop: { name: field(shop, 'name'), company: field(shop, 'company'), url: field(shop, 'url') },
    clinics: kids(kid(shop, 'clinics'), 'clinic').map((el) => ({
      id: el.attrs.id,
      name: field(el, 'name'),
      phone: field(el, 'phone'),
      url: field(el, 'url'),
      city: field(el, 'city'),
    })),
    doctors: kids(kid(shop, 'doctors'), 'doctor').map((el) => ({
      id: el.attrs.id!,
      name: field(el, 'name'),
      url: field(el, 'url'),
      picture: field(el, 'picture'),
      experience: field(el, 'experience_years'),
      speciality: specialityOf(el.attrs.id!),
      children: el.children.filter((child): child is XmlElement => typeof child !== 'string').map((child) => child.name),
    })),
    services: kids(kid(shop, 'services'), 'service').map((el) => ({ id: el.attrs.id!, name: field(el, 'name')! })),
    offers: offerEls.map((el) => ({
      id: el.attrs.id!,
      url: field(el, 'url'),
      price: Number(textOf(kid(kid(el, 'price'), 'base_price'))),
      currency: textOf(kid(kid(el, 'price'), 'currency')),
      clinic: kid(el, 'clinic')?.attrs.id,
      doctor: kid(kid(el, 'clinic'), 'doctor')?.attrs.id,
      service: kid(el, 'service')!.attrs.id!,
      params: Object.fromEntries(kids(el, 'param').map((p) => [p.attrs.name!, textOf(p)])),
    })),
  };
}

// ---- What the demo origin holds, read through its own API -------------------------------------------

interface DemoDoctor {
  nid: number;
  title: string;
  alias: string;
  services: number[];
}

/** Every published doctor, along JSON:API's next links. */
async function demoDoctors(): Promise<DemoDoctor[]> {
  const found: DemoDoctor[] = [];
  let next: string | undefined = `${demoUrl}/jsonapi/node/doctors?filter[status]=1&page[limit]=50`;
  while (next) {
    const doc: {
      data: {
        attributes: { title: string; drupal_internal__nid: number | string; path: { alias: string } };
        relationships: Record<string, { data: unknown }>;
      }[];
      links?: { next?: { href: string } };
    } = await (await fetch(next)).json();
    for (const r of doc.data) {
      const refs = r.relationships.field_services?.data;
      const services = (Array.isArray(refs) ? refs : []).map((ref: { meta?: { drupal_internal__target_id?: number | string } }) =>
        Number(ref.meta?.drupal_internal__target_id),
      );
      found.push({ nid: Number(r.attributes.drupal_internal__nid), title: r.attributes.title, alias: r.attributes.path.alias, services });
    }
    next = doc.links?.next?.href;
  }
  return found;
}

interface DemoPrice {
  code: string;
  item: string;
  sum: number;
  nid?: number;
}

/** Every row of the price list with a sum (children included), as the demo sends it. */
async function demoPrices(): Promise<DemoPrice[]> {
  type Row = { field_code: string; field_price_item: string; field_price_sum: string; nid: string; childs: Row[] };
  const doc = await demo.json<{ data: Record<string, { data: Row[] }> }>('/blocks_for_page/special_links/price.html?page=/price.html');
  const found: DemoPrice[] = [];
  const walk = (rows: Row[]) => {
    for (const row of rows) {
      if (row.field_price_sum)
        found.push({
          code: row.field_code,
          item: row.field_price_item,
          sum: Number(row.field_price_sum),
          ...(row.nid && { nid: Number(row.nid) }),
        });
      walk(row.childs ?? []);
    }
  };
  for (const group of Object.values(doc.data)) walk(group.data);
  return found;
}

const feed = async () => {
  const { status, headers, html } = await page(FEED);
  expect(status).toBe(200);
  expect(headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
  return read(html);
};

/** The feed's service of a price row (its name, or a child's «parent: name»). */
const serviceFor = (services: { id: string; name: string }[], row: DemoPrice) =>
  services.filter((s) => s.name === row.item || s.name.endsWith(`: ${row.item}`));

async function revalidate(tags: string) {
  const { response, settled } = await request(`/api/revalidate?tags=${encodeURIComponent(tags)}&secret=${TEST_SECRETS.PURGE_SECRET}`);
  expect(response.status).toBe(200);
  await response.text();
  await settled();
}

async function setPrices(sums: Record<string, string>) {
  await control.prices(sums);
}

async function editNode(nid: number, edit: NodeEdit) {
  await control.edit(nid, edit);
}

// ---- The reader itself ---------------------------------------------------------------------------

describe("the test's XML reader", () => {
  it('takes a well-formed document and resolves its references', () => {
    const root = parseXml('<?xml version="1.0" encoding="UTF-8"?>\n<!-- x --><a b="1 &amp; 2"><c>&lt;d&gt; &#1046;&#x416;</c><e/></a>\n');
    expect(root.attrs.b).toBe('1 & 2');
    expect(textOf(kid(root, 'c'))).toBe('<d> ЖЖ');
    expect(kids(root, 'e')).toHaveLength(1);
  });

  it.each([
    ['a crossed nesting', '<a><b></a></b>'],
    ['an unclosed element', '<a><b></b>'],
    ['a bare ampersand', '<a>Tom & Jerry</a>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['< in an attribute', '<a b="<"/>'],
    ['an unquoted attribute', '<a b=1/>'],
    ['a repeated attribute', '<a b="1" b="2"/>'],
    ['two roots', '<a/><b/>'],
    ['a forbidden character', '<a>\u0001</a>'],
    [']]> in text', '<a>]]></a>'],
    ['text after the root', '<a/>x'],
  ])('refuses %s', (_what, xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});

// ---- The pure parts ---------------------------------------------------------------------------------

const NOW = new Date('2026-11-24T12:00:00Z');

const doctorNode = (over: Partial<NodeData> = {}): NodeData => ({
  uuid: 'u',
  nid: 7,
  bundle: 'doctors',
  title: 'Петров Пётр',
  path: '/doctors/petrov.html',
  published: true,
  texts: {},
  html: {},
  flags: {},
  images: {},
  links: {},
  ...over,
});

const CONFIG = {
  siteUrl: SITE,
  site: {
    name: 'Клиника',
    phone: '+7 (495) 000-00-00',
    shopUrl: undefined,
    legal: {
      name: 'ООО «Клиника»',
      ogrn: '',
      inn: '',
      address: '123000, г. Москва, ул. Примерная, д. 1',
      licence: { number: '', date: '', issuer: '' },
      supervisors: [],
      complaints: '',
    },
  },
} as unknown as Parameters<typeof composeFeed>[0];

describe('the feed, composed', () => {
  it('reads experience only where Drupal says it', () => {
    expect(experienceYears(doctorNode({ texts: { field_subtitle: 'Стаж 22 года' } }), NOW)).toBe(22);
    expect(experienceYears(doctorNode({ texts: { field_subtitle: 'Стаж — 15 лет' } }), NOW)).toBe(15);
    expect(experienceYears(doctorNode({ texts: { field_post: 'Врач-косметолог, стаж с 2004 года' } }), NOW)).toBe(22);
    expect(experienceYears(doctorNode({ texts: { field_experience: '9' } }), NOW)).toBe(9);
    expect(experienceYears(doctorNode({ texts: { field_career_start: '2010-09-01', field_staj_since: '2010' } }), NOW)).toBe(16);
    expect(
      experienceYears(doctorNode({ texts: { field_post: 'Врач-косметолог', field_subtitle: 'Кандидат медицинских наук' } }), NOW),
    ).toBeUndefined();
    expect(experienceYears(doctorNode({ texts: { body: 'Стаж 30 лет' } }), NOW)).toBeUndefined();
    expect(experienceYears(doctorNode({ texts: { field_experience: '1850' } }), NOW)).toBeUndefined();
  });

  it('takes the city from a Russian address, or none', () => {
    expect(cityOf('123000, г. Москва, ул. Примерная, д. 1')).toBe('Москва');
    expect(cityOf('город Химки, ул. Ленина, 5')).toBe('Химки');
    expect(cityOf('ул. Примерная, д. 1')).toBeUndefined();
  });

  it('leaves out the photo, experience and speciality of a doctor Drupal gives none of', () => {
    const bare = doctorNode();
    const full = doctorNode({
      nid: 8,
      title: 'Иванова Анна',
      path: '/doctors/ivanova.html',
      texts: { field_post: 'Врач-дерматолог', field_subtitle: 'Стаж 12 лет' },
      images: { field_photo: [{ url: '/sites/default/files/doctors/ivanova.jpg', alt: '' }] },
    });
    // The speciality is said in the doctor's offers: one priced service Drupal links the full doctor to.
    const prices: PriceGroup[] = [
      { key: 'g', title: 'Дерматология', rows: [{ kind: 'item', name: 'Приём', sum: 3000, nid: 30, children: [] }] },
    ];
    const linked: NodeData = { ...full, links: { field_services: [{ title: 'Приём', nid: 30 }] } };
    const { doctors } = read(yandexFeedXml(composeFeed(CONFIG, { doctors: [bare, linked], prices }, NOW)));
    expect(doctors.find((d) => d.id === 'd7')?.children).toEqual(['name', 'url']);
    expect(doctors.find((d) => d.id === 'd8')).toMatchObject({
      picture: `${SITE}/sites/default/files/doctors/ivanova.jpg`,
      experience: '12',
      speciality: 'Врач-дерматолог',
      url: `${SITE}/doctors/ivanova.html`,
    });
  });

  it('offers a priced service with each doctor Drupal links to it, and with the clinic alone when none is', () => {
    const prices: PriceGroup[] = [
      {
        key: 'g',
        title: 'Косметология',
        rows: [
          { kind: 'title', name: 'Пилинги', nid: 21, children: [] },
          { kind: 'item', code: 'K02.001', name: 'Миндальный пилинг', sum: 2500, nid: 21, url: '/services/pilingi.html', children: [] },
          { kind: 'item', name: 'Консультация', sum: 1000.5, children: [] },
          {
            kind: 'title',
            code: 'A01.020',
            name: 'SMAS тела',
            nid: 40,
            children: [{ kind: 'item', name: 'Живот', sum: 30000, nid: 40, children: [] }],
          },
        ],
      },
    ];
    const doctor = doctorNode({ links: { field_services: [{ title: 'Пилинги', nid: 21 }] } });
    const other = doctorNode({
      nid: 9,
      title: 'Сидоров',
      path: '/doctors/sidorov.html',
      links: { field_services: [{ title: 'Пилинги', nid: 21 }] },
    });
    const { services, offers } = read(yandexFeedXml(composeFeed(CONFIG, { doctors: [doctor, other], prices }, NOW)));
    expect(services.map((s) => s.name)).toEqual(['Миндальный пилинг', 'Консультация', 'SMAS тела: Живот']);
    expect(pricedServices(prices).map((s) => s.category)).toEqual([
      'Косметология — Пилинги',
      'Косметология — Пилинги',
      'Косметология — SMAS тела',
    ]);
    const peel = services[0]!.id;
    expect(offers.filter((o) => o.service === peel).map((o) => [o.doctor, o.price, o.url])).toEqual([
      ['d7', 2500, `${SITE}/doctors/petrov.html`],
      ['d9', 2500, `${SITE}/doctors/sidorov.html`],
    ]);
    expect(offers.find((o) => o.service === services[1]!.id)).toMatchObject({
      doctor: undefined,
      price: 1000.5,
      clinic: '1',
      url: `${SITE}/price.html`,
      currency: 'RUB',
    });
    expect(new Set(offers.map((o) => o.id)).size).toBe(offers.length);
    expect(new Set(services.map((s) => s.id)).size).toBe(services.length);
  });

  it('escapes every text, and drops what XML cannot hold at all', () => {
    const hostile = '<b>Д-р "Смит" & Ко</b> ]]> \u0001\ud800';
    expect(xmlText(hostile)).toBe('&lt;b&gt;Д-р &quot;Смит&quot; &amp; Ко&lt;/b&gt; ]]&gt; ');
    const prices: PriceGroup[] = [{ key: 'g', title: hostile, rows: [{ kind: 'item', name: hostile, sum: 100, nid: 30, children: [] }] }];
    const doctor = doctorNode({ title: hostile, texts: { field_post: hostile }, links: { field_services: [{ title: 'x', nid: 30 }] } });
    const xml = yandexFeedXml(composeFeed(CONFIG, { doctors: [doctor], prices }, NOW));
    const { doctors, services } = read(xml);
    expect(doctors[0]).toMatchObject({ name: '<b>Д-р "Смит" & Ко</b> ]]> ', speciality: '<b>Д-р "Смит" & Ко</b> ]]> ' });
    expect(services[0]?.name).toBe('<b>Д-р "Смит" & Ко</b> ]]> ');
  });
});

// ---- The route, against the demo origin ---------------------------------------------------------------

describe('/feeds/yandex-doctors.xml', () => {
  it('lists the clinic, every published doctor and every priced service of the demo origin', async () => {
    const [expectedDoctors, expectedPrices, { root, shop, clinics, doctors, services, offers }] = await Promise.all([
      demoDoctors(),
      demoPrices(),
      feed(),
    ]);
    expect(root.attrs.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(shop).toEqual({ name: bindings.SITE_NAME, company: bindings.LEGAL_NAME, url: `${SITE}/` });
    expect(clinics).toEqual([{ id: '1', name: bindings.SITE_NAME, phone: bindings.SITE_PHONE, url: `${SITE}/`, city: 'Москва' }]);

    expect(expectedDoctors.length).toBeGreaterThan(0);
    expect(doctors.map((d) => [d.name, d.url]).sort()).toEqual(expectedDoctors.map((d) => [d.title, `${SITE}${d.alias}`]).sort());
    for (const doctor of doctors) {
      // The demo's doctors all have a photo and a «Стаж N лет» line: each shows, on the site's own files path.
      expect(doctor.picture).toMatch(new RegExp(`^${SITE}/sites/default/files/`));
      expect(doctor.experience).toMatch(/^\d+$/);
      expect(doctor.speciality).toBeTruthy();
    }

    expect(expectedPrices.length).toBeGreaterThan(0);
    expect(services).toHaveLength(expectedPrices.length);
    for (const row of expectedPrices) {
      const matching = serviceFor(services, row);
      expect(matching.length, row.item).toBeGreaterThan(0);
      expect(
        offers.some((o) => matching.some((s) => s.id === o.service) && o.price === row.sum),
        row.item,
      ).toBe(true);
    }
    for (const offer of offers) {
      expect(offer.currency).toBe('RUB');
      expect(offer.clinic).toBe('1');
      expect(services.some((s) => s.id === offer.service)).toBe(true);
      if (offer.doctor) expect(doctors.some((d) => d.id === offer.doctor)).toBe(true);
    }
  });

  it("lists every doctor of a bigger clinic, past JSON:API's 50 a page", async () => {
    await control.doctors(60);
    const [expectedDoctors, { doctors }] = await Promise.all([demoDoctors(), feed()]);
    expect(expectedDoctors.length).toBeGreaterThan(50);
    expect(doctors.map((d) => d.url).sort()).toEqual(expectedDoctors.map((d) => `${SITE}${d.alias}`).sort());
  });

  it('offers each doctor with the priced services Drupal links the doctor to, and the clinic alone for the rest', async () => {
    const [expectedDoctors, expectedPrices, { doctors, services, offers }] = await Promise.all([demoDoctors(), demoPrices(), feed()]);
    const nameOf = (id: string | undefined) => doctors.find((d) => d.id === id)?.name;
    let linked = 0;
    for (const row of expectedPrices) {
      const ids = new Set(serviceFor(services, row).map((s) => s.id));
      const offered = offers.filter((o) => ids.has(o.service) && o.price === row.sum);
      const withDoctors = expectedDoctors.filter((d) => row.nid !== undefined && d.services.includes(row.nid)).map((d) => d.title);
      linked += withDoctors.length;
      if (withDoctors.length === 0)
        expect(
          offered.map((o) => o.doctor),
          row.item,
        ).toEqual([undefined]);
      else expect(offered.map((o) => nameOf(o.doctor)).sort(), row.item).toEqual(withDoctors.sort());
    }
    // The demo links its doctors to priced services: the check above is not only of clinic-only offers.
    expect(linked).toBeGreaterThan(0);
  });

  it('marks the offers of doctors booked online «Онлайн-расписание», leading to the booking page at that doctor', async () => {
    const { doctors, offers } = await feed();
    const ivanova = doctors.find((d) => d.name === 'Иванова Елена Сергеевна')!;
    const hers = offers.filter((o) => o.doctor === ivanova.id);
    expect(hers.length).toBeGreaterThan(0);
    for (const offer of hers) {
      // The schedule names her «Иванова Е. С.», id 1001 (demo-origin/README.md, "Schedule system").
      expect(offer.params).toMatchObject({
        'Онлайн-расписание': 'true',
        'внутренний идентификатор врача': '1001',
        'внутренний идентификатор клиники': '1',
      });
      expect(offer.url).toMatch(new RegExp(`^${SITE}/booking\\.html\\?(service=\\d+&)?doctor=1001$`));
    }
    // A clinic-only offer has no doctor to book.
    for (const offer of offers.filter((o) => !o.doctor)) expect(offer.params).toEqual({});
  });

  it('keeps every offer on the doctors’ pages when the schedule is down', async () => {
    await demo.faults({ rules: [{ match: '/yclients', status: 503 }] });
    const { offers } = await feed();
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(offer.params).toEqual({});
  });

  it('shows a revalidated price at once, and a price not yet revalidated from the cache', async () => {
    const row = (await demoPrices()).find((p) => p.code && p.nid !== undefined)!;
    const before = await feed();
    const ids = new Set(serviceFor(before.services, row).map((s) => s.id));
    const priced = (f: typeof before) => f.offers.filter((o) => ids.has(o.service)).map((o) => o.price);
    expect(priced(before).every((price) => price === row.sum)).toBe(true);

    const newSum = row.sum + 1234;
    await setPrices({ [row.code]: String(newSum) });
    // Drupal not having said so yet, the cached price list still holds.
    expect(priced(await feed()).every((price) => price === row.sum)).toBe(true);
    // The `next` module's purge when the service is saved.
    await revalidate(`node:${row.nid},node_list,node_list:services`);
    const after = priced(await feed());
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((price) => price === newSum)).toBe(true);
  });

  it("shows a doctor's new title and leaves out experience Drupal no longer gives, once revalidated", async () => {
    const [doctor] = await demoDoctors();
    const hostile = `<script>alert("x")</script> & ]]> Врач ${doctor!.title}`;
    await demo.setTitle(doctor!.nid, hostile);
    await editNode(doctor!.nid, { removeFields: ['field_subtitle'] });
    await revalidate(`node:${doctor!.nid},node_list,node_list:doctors`);
    const { html } = await page(FEED);
    expect(html).not.toContain('<script>');
    const { doctors } = read(html);
    const shown = doctors.find((d) => d.url === `${SITE}${doctor!.alias}`);
    expect(shown?.name).toBe(hostile);
    expect(shown?.experience).toBeUndefined();
    expect(shown?.children).not.toContain('experience_years');
  });

  it('is a 503 to come back later when Drupal is down and nothing is cached', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await demo.faults({ rules: [{ match: '/', status: 503 }] });
    const { status, headers } = await page(FEED);
    expect(status).toBe(503);
    expect(headers.get('Retry-After')).toMatch(/^\d+$/);
    error.mockRestore();
    warn.mockRestore();
  });

  it('leaves out the doctors when only their call fails, and says so in the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await demo.faults({ rules: [{ match: '/jsonapi/node/doctors', status: 500 }] });
    const { doctors, services, offers } = await feed();
    expect(doctors).toEqual([]);
    expect(services.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.doctor === undefined)).toBe(true);
    expect(warn.mock.calls.some((call) => call.map(String).join(' ').includes('yandex feed'))).toBe(true);
    warn.mockRestore();
  });

  it("reads another clinic's field layout (the demo's lean mode)", async () => {
    await demo.schema('lean');
    const [expectedDoctors, expectedPrices, { doctors, services }] = await Promise.all([demoDoctors(), demoPrices(), feed()]);
    expect(doctors.map((d) => d.url).sort()).toEqual(expectedDoctors.map((d) => `${SITE}${d.alias}`).sort());
    // Lean doctors have no big photo: the small one shows.
    for (const doctor of doctors) expect(doctor.picture).toMatch(new RegExp(`^${SITE}/sites/default/files/`));
    expect(services).toHaveLength(expectedPrices.length);
  });

  it('is listed in robots.txt', async () => {
    const { html: text } = await page('/robots.txt');
    expect(text.split('\n')).toContain(`Allow: ${FEED}`);
  });
});
