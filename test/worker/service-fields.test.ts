/**
 * docs/requirements.md §2, §3: the service fields the page reads besides its body — field_subtitle under the
 * title, the service's own offer (field_alter_text, field_alter_text_body) in place of the
 * standard promo text, field_action_view hiding the service's promotions — and the blocks Drupal
 * places in the content region, shown at docs/requirements.md §2's advantages slot. Each also as another clinic's
 * Drupal sends it (the demo's lean schema, and fields edited through POST /__demo/nodes/{nid}).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { control, demo, freshStart, request } from './helpers';

/** As a crawler gets it: the whole document in spec order (a visitor's stream sends late parts at its end). */
async function servicePage(path: string) {
  const { response, settled } = await request(path, {}, { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; YandexBot/3.0)' } });
  const html = await response.text();
  await settled();
  expect(response.status).toBe(200);
  return html;
}

const partsOf = (html: string) => [...html.matchAll(/data-part="([^"]+)"/g)].map((m) => m[1]!);
const partHtml = (html: string, part: string) => new RegExp(`<section[^>]*data-part="${part}"[\\s\\S]*?</section>`).exec(html)?.[0];
const headerOf = (html: string) => /<header class="page-header node__header">[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';

const STANDARD_PROMO = 'Скидка 25%';

interface DemoService {
  nid: number;
  title: string;
  alias: string;
  attributes: Record<string, unknown>;
  promotions: number;
}

const filled = (value: unknown) => value !== null && value !== undefined && value !== '' && value !== false;

/** The demo's published services as its JSON:API serves them (full schema), each with how many promotions Drupal lists for it. */
async function demoServices(): Promise<DemoService[]> {
  const doc = await demo.json<{
    data: { attributes: Record<string, unknown> & { title: string; drupal_internal__nid: number; path: { alias: string } } }[];
  }>('/jsonapi/node/services?filter[status]=1&page[limit]=50');
  return Promise.all(
    doc.data.map(async ({ attributes }) => ({
      nid: Number(attributes.drupal_internal__nid),
      title: attributes.title,
      alias: attributes.path.alias,
      attributes,
      promotions: (await demo.json<unknown[]>(`/rest/actions/service/${attributes.drupal_internal__nid}?_format=json`)).length,
    })),
  );
}

function find(services: DemoService[], what: string, test: (s: DemoService) => boolean): DemoService {
  const found = services.find(test);
  if (!found) throw new Error(`the demo has no service ${what}`);
  return found;
}

/** Saves fields on a node as an editor of another clinic's Drupal might have them. */
async function editFields(nid: number, edit: { fields?: Record<string, unknown>; removeFields?: string[] }) {
  // The demo switch POST /__demo/nodes/{nid}: anything but 200 throws.
  await control.edit(nid, edit);
}

let services: DemoService[];
let promoted: DemoService;
let plain: DemoService;
let withoutPromotions: DemoService;
let withPromotions: DemoService;

beforeEach(async () => {
  await freshStart();
  services ??= await demoServices();
  promoted = find(
    services,
    'with a subtitle and its own offer',
    (s) => filled(s.attributes.field_subtitle) && filled(s.attributes.field_alter_text),
  );
  plain = find(
    services,
    'without a subtitle or an offer of its own',
    (s) => !filled(s.attributes.field_subtitle) && !filled(s.attributes.field_alter_text) && !filled(s.attributes.field_alter_text_body),
  );
  withoutPromotions = find(
    services,
    'whose promotions are switched off',
    (s) => s.attributes.field_action_view === false && s.promotions > 0,
  );
  withPromotions = find(services, 'with promotions left on', (s) => s.attributes.field_action_view !== false && s.promotions > 0);
});

describe.each(['full', 'lean'] as const)('service fields on the demo origin in its %s schema', (mode) => {
  beforeEach(() => demo.schema(mode));

  it('shows the subtitle under the title, and no subtitle element for a service without one', async () => {
    const header = headerOf(await servicePage(promoted.alias));
    expect(header).toContain(`</h1><p class="node__subtitle">${String(promoted.attributes.field_subtitle)}</p>`);

    const html = await servicePage(plain.alias);
    expect(headerOf(html)).toContain(`<h1>${plain.title}</h1>`);
    expect(html).not.toContain('node__subtitle');
  });

  it("shows the service's own offer in place of the standard promo text, which other services keep", async () => {
    const promo = partHtml(await servicePage(promoted.alias), 'promo') ?? '';
    expect(promo).toContain(`<p class="promo-note__heading">${String(promoted.attributes.field_alter_text)}</p>`);
    const body = (promoted.attributes.field_alter_text_body as { processed: string }).processed;
    const firstSentence = /<p>([^<.]+)/.exec(body)?.[1];
    expect(firstSentence).toBeDefined();
    expect(promo).toContain(firstSentence);
    expect(promo).not.toContain(STANDARD_PROMO);

    const standard = partHtml(await servicePage(plain.alias), 'promo') ?? '';
    expect(standard).toContain(STANDARD_PROMO);
    expect(standard).not.toContain('promo-note__heading');
  });

  it('hides the promotions of a service whose field_action_view is off, and keeps those of the others', async () => {
    expect(partsOf(await servicePage(withoutPromotions.alias))).not.toContain('promotions');
    expect(partsOf(await servicePage(withPromotions.alias))).toContain('promotions');
  });

  it("shows the blocks Drupal places in the content region after the procedure's reviews, before the doctors' reviews, once", async () => {
    const placed = await demo.json<{ data: Record<string, { region: string; label: string }> }>(
      `/blocks_for_page?page=${encodeURIComponent(promoted.alias)}`,
    );
    const content = Object.values(placed.data).filter((block) => block.region === 'content');
    expect(content.length).toBeGreaterThan(0);

    const html = await servicePage(promoted.alias);
    const parts = partsOf(html);
    expect(parts).toContain('doctor-reviews');
    expect(parts.indexOf('feedback')).toBeLessThan(parts.indexOf('advantages'));
    expect(parts.indexOf('advantages')).toBeLessThan(parts.indexOf('doctor-reviews'));
    const advantages = partHtml(html, 'advantages') ?? '';
    for (const block of content) {
      expect(advantages).toContain(block.label);
      // Shown at its slot only, not again after the content.
      expect(html.split(`>${block.label}<`)).toHaveLength(2);
    }
  });
});

describe("service fields as another clinic's Drupal sends them", () => {
  it('leaves out the subtitle that is missing, null or empty', async () => {
    expect(await servicePage(promoted.alias)).toContain('node__subtitle');
    for (const edit of [{ removeFields: ['field_subtitle'] }, { fields: { field_subtitle: null } }, { fields: { field_subtitle: '  ' } }]) {
      await freshStart();
      await editFields(promoted.nid, edit);
      const html = await servicePage(promoted.alias);
      expect(headerOf(html), JSON.stringify(edit)).toContain(`<h1>${promoted.title}</h1>`);
      expect(html, JSON.stringify(edit)).not.toContain('node__subtitle');
    }
  });

  it('reads field_action_view as 1/0, "1"/"0" and true/false, and keeps the promotions when the field is missing', async () => {
    const cases: [{ fields?: Record<string, unknown>; removeFields?: string[] }, boolean][] = [
      [{ fields: { field_action_view: '0' } }, false],
      [{ fields: { field_action_view: 0 } }, false],
      [{ fields: { field_action_view: '1' } }, true],
      [{ fields: { field_action_view: 1 } }, true],
      [{ fields: { field_action_view: true } }, true],
      [{ fields: { field_action_view: null } }, true],
      [{ removeFields: ['field_action_view'] }, true],
    ];
    for (const [edit, shown] of cases) {
      await freshStart();
      await editFields(withoutPromotions.nid, edit);
      expect(partsOf(await servicePage(withoutPromotions.alias)).includes('promotions'), JSON.stringify(edit)).toBe(shown);
    }
  });

  it('shows an offer of only a line, or only a text, and the standard text when both are empty', async () => {
    await freshStart();
    await editFields(plain.nid, {
      fields: { field_alter_text: 'Консультация врача — бесплатно' },
      removeFields: ['field_alter_text_body'],
    });
    let promo = partHtml(await servicePage(plain.alias), 'promo') ?? '';
    expect(promo).toContain('<p class="promo-note__heading">Консультация врача — бесплатно</p>');
    expect(promo).not.toContain('promo-note__body');
    expect(promo).not.toContain(STANDARD_PROMO);

    // A formatted text as a bare string of HTML, sanitised like the rest of Drupal's HTML.
    await freshStart();
    await editFields(plain.nid, {
      fields: { field_alter_text: '', field_alter_text_body: '<p>Вторая зона — со скидкой 15%.</p><script>alert(1)</script>' },
    });
    promo = partHtml(await servicePage(plain.alias), 'promo') ?? '';
    expect(promo).toContain('Вторая зона — со скидкой 15%.');
    expect(promo).not.toContain('<script');
    expect(promo).not.toContain('promo-note__heading');
    expect(promo).not.toContain(STANDARD_PROMO);

    await freshStart();
    await editFields(plain.nid, {
      fields: { field_alter_text: null, field_alter_text_body: { value: '', format: 'full_html', processed: '' } },
    });
    expect(partHtml(await servicePage(plain.alias), 'promo')).toContain(STANDARD_PROMO);
  });

  it('takes a true/false field_alter_text as the switch of the offer written in field_alter_text_body', async () => {
    const body = {
      value: '<p>Повторная процедура — со скидкой 10%.</p>',
      format: 'basic_html',
      processed: '<p>Повторная процедура — со скидкой 10%.</p>',
    };
    for (const [switched, own] of [
      [true, true],
      ['1', true],
      [false, false],
      [0, false],
    ] as const) {
      await freshStart();
      await editFields(plain.nid, { fields: { field_alter_text: switched, field_alter_text_body: body } });
      const promo = partHtml(await servicePage(plain.alias), 'promo') ?? '';
      expect(promo.includes('Повторная процедура — со скидкой 10%.'), String(switched)).toBe(own);
      expect(promo.includes(STANDARD_PROMO), String(switched)).toBe(!own);
    }
  });
});
