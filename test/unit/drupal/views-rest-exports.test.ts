/**
 * The clinic's Views REST exports (worker/drupal/clinic/views.ts, rest.ts; docs/drupal.md §6, §8) against a fake
 * fetch, on the lists a real Drupal 10.2 and 10.3 answered (test/fixtures/real-drupal/rest-*.json): each list asked
 * at the address docs/requirements.md §7 gives it (some with `?_format=json`, most without, docs/drupal.md §6c),
 * its rows read from Views' rendered strings, tagged with the nodes it shows; 10.2's subrequests envelope for an
 * empty list, a view Drupal lacks (404) as an empty list, and a 5xx refused rather than cached as one.
 */
import { describe, expect, it } from 'vitest';
import { restCalls } from '../../../worker/drupal/clinic/rest';
import { viewCalls } from '../../../worker/drupal/clinic/views';
import { fakeDrupal, originError, recorded, recordedUrl, type Answer, type Sent, type Stack } from './fake-drupal';

function views(answer: (sent: Sent) => Answer) {
  const drupal = fakeDrupal(answer);
  return { ...drupal, views: viewCalls(drupal.context), rest: restCalls(drupal.context) };
}

/** A recorded list with its rows changed by `change`. */
function changedRows(stack: Stack, name: string, change: (rows: Record<string, unknown>[]) => void): Answer {
  const recording = recorded(stack, name);
  const rows = structuredClone(recording.body) as Record<string, unknown>[];
  change(rows);
  return { ...recording, body: rows };
}

describe.each<Stack>(['10.2', '10.3'])('Views REST exports as Drupal %s answered them', (stack) => {
  it("asks the site's search with the keys and reads each row's title, page and service, as text and links", async () => {
    const { rest, sent, loaded } = views(() => recorded(stack, 'rest-search'));
    const results = await rest.search('пилинг');
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.url.pathname).toBe('/rest/search');
    // The recording's keys, and no ?_format=json: docs/requirements.md §7 asks search without it.
    expect([...sent[0]!.url.searchParams]).toEqual([['keys', recordedUrl(recorded(stack, 'rest-search')).searchParams.get('keys')]]);
    expect(results).toEqual([
      { title: 'Новая линия пилингов', url: '/news/novost-9.html' },
      { title: 'Анна', url: '/feedback/otzyv-anna.html', service: { title: 'Химический пилинг', url: '/services/piling.html' } },
      {
        title: 'Скидка 20% на пилинги',
        url: '/special/skidka-na-piling.html',
        service: { title: 'Химический пилинг', url: '/services/piling.html' },
      },
      { title: 'Химический пилинг', url: '/services/piling.html' },
      {
        title: 'Иванова Мария Петровна',
        url: '/doctors/ivanova.html',
        service: { title: 'Лазерная эпиляция', url: '/services/lazernaya-epilyaciya.html' },
      },
    ]);
    expect(loaded.get(sent[0]!.url.href)?.negative).toBeUndefined();
  });

  it('reads a search that found nothing as no results (on 10.2, the subrequests envelope around `[]`)', async () => {
    const { rest } = views(() => recorded(stack, 'rest-search-nothing'));
    expect(await rest.search('абракадабра')).toEqual([]);
  });

  it("asks a service's doctors by the service's nid and reads each row, tagged with the service, the bundle and each doctor", async () => {
    const { views: calls, sent, loaded } = views(() => recorded(stack, 'rest-doctors-service'));
    const rows = await calls.viewRows('service-doctors', { nid: 2, shows: 'doctors' });
    // docs/requirements.md §7 asks this list without ?_format=json.
    expect(sent[0]?.url.pathname + sent[0]!.url.search).toBe('/rest/doctors/service/2');
    expect(rows.map((row) => [row.nid, row.title, row.url, row.note])).toEqual([
      [5, 'Иванова Мария Петровна', '/doctors/ivanova.html', 'Врач-косметолог'],
      [6, 'Петров Иван Сергеевич', '/doctors/petrov.html', 'Дерматолог'],
    ]);
    // The photo's <img> as Views rendered it, read as its source (10.3's image style adds .webp).
    expect(rows[0]?.images[0]?.url).toMatch(
      /^\/sites\/default\/files\/styles\/medium\/public\/doctors\/ivanova\.png(\.webp)?\?itok=00000000$/,
    );
    expect(loaded.get(sent[0]!.url.href)?.tags).toEqual(['node:2', 'node_list', 'node_list:doctors', 'node:5', 'node:6']);
  });

  it('asks the other doctors than the one shown and reads them as teasers, tagged with the bundle and each doctor', async () => {
    const { views: calls, sent, loaded } = views(() => recorded(stack, 'rest-doctors-other'));
    const teasers = await calls.otherList('doctors', 5, 'doctors');
    expect(sent[0]?.url.pathname + sent[0]!.url.search).toBe('/rest/doctors/other/5');
    expect(teasers.map((teaser) => [teaser.nid, teaser.title, teaser.url, teaser.note, teaser.image?.alt])).toEqual([
      [7, 'Смирнова Ольга Викторовна', '/doctors/smirnova.html', 'Косметолог-эстетист', undefined],
      [6, 'Петров Иван Сергеевич', '/doctors/petrov.html', 'Дерматолог', 'Петров Иван Сергеевич'],
    ]);
    expect(loaded.get(sent[0]!.url.href)?.tags).toEqual(['node_list', 'node_list:doctors', 'node:7', 'node:6']);
  });

  it('leaves out a row without a title, a row that is not an object and a row its status marks unpublished, not the list', async () => {
    const answer = changedRows(stack, 'rest-doctors-other', (rows) => {
      rows.push({ nid: '8', title: '', view_node: '/doctors/untitled.html' });
      rows.push('not a row' as never);
      rows.push({ nid: '9', title: 'Черновик', view_node: '/doctors/draft.html', status: 'Unpublished' });
    });
    const { views: calls } = views(() => answer);
    expect((await calls.otherList('doctors', 5, 'doctors')).map((teaser) => teaser.nid)).toEqual([7, 6]);
  });
});

describe('Views REST exports: answers no stack recorded', () => {
  it.each([
    ['service-articles', { nid: 2 }, '/rest/articles/service/2?_format=json'],
    ['service-qa', { nid: 2 }, '/rest/qa/service/2?_format=json'],
    ['service-feedback', { nid: 2 }, '/rest/feedback/service/2'],
    ['doctor-feedback', { nid: 5 }, '/rest/feedback/doctor/5'],
    ['article-author', { nid: 30 }, '/rest/author/30?_format=json'],
    ['article-service', { nid: 30 }, '/rest/service/article/30'],
    ['license-images', {}, '/rest/license-images?_format=json'],
  ] as const)('asks %s where docs/requirements.md §7 says: %o → %s', async (name, about, address) => {
    const { views: calls, sent } = views(() => ({ status: 200, body: [] }));
    expect(await calls.viewRows(name, about)).toEqual([]);
    expect(sent[0]?.url.pathname + sent[0]!.url.search).toBe(address);
  });

  it("caches a view Drupal lacks (its HTML 404) as a negative empty list, for search, rows and 'other' lists alike", async () => {
    const notFound = { status: 404, body: '<!DOCTYPE html><title>Page not found</title>' };
    const { views: calls, rest, sent, loaded } = views(() => notFound);
    expect(await rest.search('пилинг')).toEqual([]);
    expect(await calls.viewRows('service-doctors', { nid: 2, shows: 'doctors' })).toEqual([]);
    expect(await calls.otherList('news', 12, 'news')).toEqual([]);
    expect(sent.map((one) => loaded.get(one.url.href)?.negative)).toEqual([true, true, true]);
  });

  it('refuses a 5xx and a 403 rather than caching them as an empty list', async () => {
    const down = views(() => ({ status: 503, body: 'Service unavailable', contentType: 'text/plain' }));
    expect((await originError(down.views.otherList('news', 12, 'news'))).unhealthy).toBe(true);
    const refused = views(() => ({ status: 403, body: { message: 'Access denied' } }));
    const error = await originError(refused.views.viewRows('service-doctors', { nid: 2 }));
    expect([error.status, error.unhealthy]).toEqual([403, false]);
    expect([down.loaded.size, refused.loaded.size]).toEqual([0, 0]);
  });
});
