/**
 * Nodes through core's JSON:API (worker/drupal/nodes.ts over jsonapi.ts; docs/drupal.md §2, "Bundles Drupal lacks",
 * "One path's error") against a fake fetch, on the documents a real Drupal 10.2 and 10.3 answered
 * (test/fixtures/real-drupal/jsonapi-*.json): a node asked at decoupled_router's `jsonapi.individual` rebased onto
 * the site's Drupal address, with the relationships its page reads, an include JSON:API refuses narrowed and asked
 * again; a collection's query, its pages walked along Drupal's own next links (rebased too), a listing rule only where
 * the bundle has the field; drafts, an unknown uuid or bundle, a 500 for one node, and a document that fails its schema.
 */
import { describe, expect, it, vi } from 'vitest';
import { nodeCalls } from '../../../worker/drupal/nodes';
import { nodePaths } from '../../../worker/drupal/sitemap';
import type { EntityLookup } from '../../../worker/drupal/router';
import { BASE, byPath, fakeDrupal, originError, readable, recorded, recordedUrl, type Answer, type Sent, type Stack } from './fake-drupal';
import { unknownInclude as stockUnknownInclude } from './stock-harness';

/** The site's own address for Drupal, not the public host Drupal names in its links. */
const ORIGIN = 'http://127.0.0.1:8088';

interface Resource {
  id: string;
  attributes: Record<string, unknown>;
}

interface Collection {
  data: Resource[];
  links: { next?: { href: string } };
  meta?: { count: number };
}

/** A recorded JSON:API collection with `change` applied; `first`, its first resource. */
function changed(stack: Stack, name: string, change: (body: Collection, first: Resource) => void): Answer {
  const recording = recorded(stack, name);
  const body = structuredClone(recording.body) as Collection;
  change(body, body.data[0]!);
  return { ...recording, body };
}

function nodes(answer: (sent: Sent) => Answer, options: { drafts?: boolean; wants?: readonly string[] } = {}) {
  const drupal = fakeDrupal(answer, { base: ORIGIN, drafts: options.drafts });
  return { ...drupal, calls: nodeCalls(drupal.context, drupal.api, () => options.wants ?? []) };
}

/** /doctors/ivanova.html as translate-path found it (test/fixtures/real-drupal/*\/translate-path-node.json). */
const IVANOVA: EntityLookup = {
  kind: 'entity',
  entityType: 'node',
  bundle: 'doctors',
  id: 5,
  uuid: '00000000-0000-4000-8000-000000000001',
  isHome: false,
  individual: `${BASE}/jsonapi/node/doctors/00000000-0000-4000-8000-000000000001`,
  redirects: [],
};
const INDIVIDUAL = `${ORIGIN}/jsonapi/node/doctors/00000000-0000-4000-8000-000000000001`;

/** JSON:API's 400 for an include naming a field the bundle lacks (stock-harness.ts), with JSON:API's media type. */
const unknownInclude = (field: string, possible: string[]): Answer => ({
  ...stockUnknownInclude(field, possible),
  contentType: 'application/vnd.api+json',
});

describe.each<Stack>(['10.2', '10.3'])('a node as Drupal %s answered it', (stack) => {
  it("asks the lookup's individual URL on the site's Drupal address, with the include the recording asked", async () => {
    const { calls, sent, loaded } = nodes(() => recorded(stack, 'jsonapi-individual-include'));
    const { node, sent: asked } = calls.entity(IVANOVA, ['field_photo']);
    const read = await node;
    await asked;
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url.origin).toBe(ORIGIN);
    expect(readable(sent[0]!.url)).toBe(readable(recordedUrl(recorded(stack, 'jsonapi-individual-include'))));
    expect(read).toMatchObject({
      uuid: '00000000-0000-4000-8000-000000000001',
      nid: 5,
      bundle: 'doctors',
      title: 'Иванова Мария Петровна',
      path: '/doctors/ivanova.html',
      published: true,
      images: { field_photo: [{ url: '/sites/default/files/doctors/ivanova.png', alt: 'Иванова М. П.', width: 90, height: 120 }] },
    });
    // Kept under the address without `include`, so that purging the path finds it; tagged with the node.
    expect([...loaded.keys()]).toEqual([INDIVIDUAL]);
    expect(loaded.get(INDIVIDUAL)?.tags).toContain('node:5');
  });

  it('reads an unknown uuid (a JSON:API error document, 404) as no node, cached as a negative answer', async () => {
    const { calls, loaded } = nodes(() => recorded(stack, 'jsonapi-unknown-uuid'));
    expect(await calls.entity(IVANOVA).node).toBeNull();
    expect(loaded.get(INDIVIDUAL)).toMatchObject({ value: null, negative: true });
  });

  it("reads a draft as no node, tagged so that its publication reaches it; an editor's client reads it", async () => {
    const recording = recorded(stack, 'jsonapi-individual-include');
    const body = structuredClone(recording.body) as { data: Resource };
    body.data.attributes.status = false;
    const draft = { ...recording, body };
    const visitor = nodes(() => draft);
    expect(await visitor.calls.entity(IVANOVA).node).toBeNull();
    expect(visitor.loaded.get(INDIVIDUAL)).toEqual({ value: null, negative: true, tags: ['node:5'] });
    const editor = nodes(() => draft, { drafts: true });
    expect(await editor.calls.entity(IVANOVA).node).toMatchObject({ title: 'Иванова Мария Петровна', published: false });
  });

  it('asks a collection published only, 50 a page at most, and reads its page with the next link Drupal gave', async () => {
    const { calls, sent, loaded } = nodes(() => recorded(stack, 'jsonapi-collection-page'), { wants: ['field_photo'] });
    const list = await calls.nodes('doctors', { limit: 1, sort: 'title' });
    expect(sent[0]?.url.pathname).toBe('/jsonapi/node/doctors');
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({
      'filter[status]': '1',
      sort: 'title',
      include: 'field_photo',
      'page[limit]': '1',
    });
    expect(list.items.map((item) => [item.title, item.path])).toEqual([['Иванова Мария Петровна', '/doctors/ivanova.html']]);
    expect([list.hasNext, list.total, list.absent]).toEqual([true, undefined, undefined]);
    expect(loaded.get(sent[0]!.url.href)?.tags).toEqual(['node_list', 'node_list:doctors', 'node:5']);
  });

  it("walks a list longer than a page along Drupal's next links, asked of the site's Drupal address", async () => {
    const first = recorded(stack, 'jsonapi-collection-page');
    const last = changed(stack, 'jsonapi-collection-page', (body, first) => {
      delete body.links.next;
      first.id = '00000000-0000-4000-8000-000000000099';
      first.attributes.title = 'Петров Иван Сергеевич';
    });
    const { calls, sent } = nodes((one) => (one.url.searchParams.has('page[offset]') ? last : first));
    const list = await calls.nodes('doctors', { limit: 60 });
    expect(sent.map((one) => readable(one.url))).toEqual([
      '/jsonapi/node/doctors?filter[status]=1&page[limit]=50',
      '/jsonapi/node/doctors?page[offset]=1&page[limit]=1',
    ]);
    expect(sent[1]?.url.origin).toBe(ORIGIN);
    expect(list.items.map((item) => item.title)).toEqual(['Иванова Мария Петровна', 'Петров Иван Сергеевич']);
    expect(list.hasNext).toBe(false);
  });

  it('reads a bundle Drupal lacks (its HTML 404 page) as an absent, empty list, cached as a negative answer', async () => {
    const { calls, sent, loaded } = nodes(() => recorded(stack, 'jsonapi-unknown-bundle'));
    expect(await calls.nodes('qa', {})).toEqual({ items: [], hasNext: false, absent: true });
    expect(sent[0]?.url.pathname).toBe(recordedUrl(recorded(stack, 'jsonapi-unknown-bundle')).pathname);
    expect(loaded.get(sent[0]!.url.href)).toMatchObject({ negative: true, tags: ['node_list', 'node_list:qa'] });
  });
});

describe('JSON:API: answers no stack recorded', () => {
  it('asks once more without a relationship JSON:API refuses, and keeps the answer under the first address', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls, sent, loaded } = nodes((one) =>
      one.url.searchParams.get('include') === 'field_photo'
        ? recorded('10.3', 'jsonapi-individual-include')
        : unknownInclude('field_gallery', ['field_photo', 'field_photo_big', 'field_services']),
    );
    expect(await calls.entity(IVANOVA, ['field_photo', 'field_gallery']).node).toMatchObject({ nid: 5 });
    expect(sent.map((one) => one.url.searchParams.get('include'))).toEqual(['field_photo,field_gallery', 'field_photo']);
    expect([...loaded.keys()]).toEqual([INDIVIDUAL]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('reads a node the API account may not see (403) as no node', async () => {
    const { calls } = nodes(() => ({ status: 403, body: { errors: [{ title: 'Forbidden', status: '403', detail: 'no' }] } }));
    expect(await calls.entity(IVANOVA).node).toBeNull();
  });

  it("reads a 500 for one node, while Drupal answers its entry point, as no node: one path's error", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls, sent, loaded } = nodes(
      byPath({
        [new URL(INDIVIDUAL).pathname]: { status: 500, body: 'The website encountered an unexpected error.', contentType: 'text/plain' },
        '/jsonapi': { status: 200, body: { links: {} }, contentType: 'application/vnd.api+json' },
      }),
    );
    expect(await calls.entity(IVANOVA).node).toBeNull();
    expect(sent.map((one) => one.url.pathname)).toEqual([new URL(INDIVIDUAL).pathname, '/jsonapi']);
    expect(loaded.get(INDIVIDUAL)).toMatchObject({ negative: true });
    warn.mockRestore();
  });

  it('refuses a node document without `data` as a problem of this call, caching nothing', async () => {
    const { calls, loaded } = nodes(() => ({
      status: 200,
      body: { jsonapi: { version: '1.0' } },
      contentType: 'application/vnd.api+json',
    }));
    const error = await originError(calls.entity(IVANOVA).node);
    expect([error.status, error.unhealthy]).toEqual([200, false]);
    expect(loaded.size).toBe(0);
  });

  it('leaves out of a list a draft that came despite filter[status]', async () => {
    const withDraft = changed('10.3', 'jsonapi-collection-page', (body, first) => {
      const draft = structuredClone(first);
      draft.id = '00000000-0000-4000-8000-000000000099';
      draft.attributes.status = false;
      draft.attributes.title = 'Черновик';
      body.data.push(draft);
    });
    const { calls } = nodes(() => withDraft);
    expect((await calls.nodes('doctors', { limit: 2 })).items.map((item) => item.title)).toEqual(['Иванова Мария Петровна']);
  });

  it("puts a listing rule in the query only where the bundle's sample shows the field", async () => {
    const rule = { field: 'field_action_date', operator: '>=', value: '2024-01-01' } as const;
    const sample = (withField: boolean) =>
      changed('10.3', 'jsonapi-collection-page', (_body, first) => {
        if (withField) first.attributes.field_action_date = '2024-02-01';
      });
    for (const withField of [true, false]) {
      const { calls, sent } = nodes((one) =>
        one.url.searchParams.get('page[limit]') === '3' ? sample(withField) : recorded('10.3', 'jsonapi-collection-page'),
      );
      await calls.nodes('actions', { rule, limit: 10 });
      const [asked, listed] = sent;
      expect(readable(asked!.url)).toBe('/jsonapi/node/actions?page[limit]=3');
      const query = Object.fromEntries(listed!.url.searchParams);
      if (withField)
        expect(query).toMatchObject({
          'filter[rule][group][conjunction]': 'OR',
          'filter[rule-value][condition][path]': 'field_action_date',
          'filter[rule-value][condition][operator]': '>=',
          'filter[rule-value][condition][value]': '2024-01-01',
          'filter[rule-value][condition][memberOf]': 'rule',
          'filter[rule-empty][condition][path]': 'field_action_date',
          'filter[rule-empty][condition][operator]': 'IS NULL',
          'filter[rule-empty][condition][memberOf]': 'rule',
        });
      else expect(Object.keys(query).some((name) => name.startsWith('filter[rule'))).toBe(false);
    }
  });

  it("counts a listing by Drupal's meta.count when it sends one, else by its published ids walked", async () => {
    const counted = nodes(() => changed('10.3', 'jsonapi-collection-page', (body) => (body.meta = { count: 42 })));
    expect(await counted.calls.countNodes('doctors', {})).toBe(42);
    expect(Object.fromEntries(counted.sent[0]!.url.searchParams)).toMatchObject({
      'fields[node--doctors]': 'drupal_internal__nid,status',
      'page[limit]': '50',
    });
    const first = recorded('10.3', 'jsonapi-collection-page');
    const last = changed('10.3', 'jsonapi-collection-page', (body, first) => {
      delete body.links.next;
      first.attributes.status = false;
    });
    const walked = nodes((one) => (one.url.searchParams.has('page[offset]') ? last : first));
    expect(await walked.calls.countNodes('doctors', {})).toBe(1);
    expect(walked.sent).toHaveLength(2);
  });

  it("refuses any other 400 with JSON:API's own reason in the error, caching nothing", async () => {
    const invalid = {
      status: 400,
      contentType: 'application/vnd.api+json',
      body: {
        errors: [
          {
            title: 'Bad Request',
            status: '400',
            detail: 'Invalid nested filtering. The field `field_nope`, given in the path `field_nope`, does not exist.',
          },
        ],
      },
    };
    const { calls, loaded } = nodes(() => invalid);
    const error = await originError(calls.nodes('doctors', { filters: { field_nope: 1 } }));
    expect([error.status, error.unhealthy]).toEqual([400, false]);
    expect(error.message).toContain('The field `field_nope`');
    expect(loaded.size).toBe(0);
  });

  it("lists a bundle's paths for the sitemap from a sparse fieldset, and a bundle Drupal lacks as none", async () => {
    const first = recorded('10.3', 'jsonapi-collection-page');
    const last = changed('10.3', 'jsonapi-collection-page', (body, first) => {
      delete body.links.next;
      Object.assign(first.attributes, { drupal_internal__nid: 6, path: { alias: '/doctors/petrov.html' }, changed: '1706745600' });
    });
    const { context, api, sent } = fakeDrupal((one) => (one.url.searchParams.has('page[offset]') ? last : first));
    expect(await nodePaths(context, api)('doctors')).toEqual([
      { path: '/doctors/ivanova.html', lastmod: '2024-01-01', nid: 5 },
      // A Unix timestamp read as a UTC day.
      { path: '/doctors/petrov.html', lastmod: '2024-02-01', nid: 6 },
    ]);
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({
      'filter[status]': '1',
      'fields[node--doctors]': 'path,changed,created,drupal_internal__nid,status,metatag',
      'page[limit]': '50',
    });
    expect(sent).toHaveLength(2);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const missing = fakeDrupal(() => recorded('10.3', 'jsonapi-unknown-bundle'));
    expect(await nodePaths(missing.context, missing.api)('qa')).toEqual([]);
    warn.mockRestore();
  });

  it("takes the node bundles from the entry point's resource types, and none when it cannot be read", async () => {
    const entryPoint = {
      status: 200,
      contentType: 'application/vnd.api+json',
      body: {
        data: [],
        links: {
          self: { href: `${BASE}/jsonapi` },
          'node--doctors': { href: `${BASE}/jsonapi/node/doctors` },
          'node--news': { href: `${BASE}/jsonapi/node/news` },
          'taxonomy_term--services': { href: `${BASE}/jsonapi/taxonomy_term/services` },
        },
      },
    };
    const { calls, sent } = nodes(() => entryPoint);
    expect(await calls.nodeBundles()).toEqual(new Set(['doctors', 'news']));
    expect(sent[0]?.url.href).toBe(`${ORIGIN}/jsonapi`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await nodes(() => ({ status: 503, body: '' })).calls.nodeBundles()).toBeNull();
    warn.mockRestore();
  });
});
