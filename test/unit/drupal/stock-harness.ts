import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { KvCache, Loaded } from '../../../worker/cache/kv-cache-types';
import { drupalContext } from '../../../worker/drupal/context';
import { endpoints } from '../../../worker/drupal/endpoints';
import { jsonapi } from '../../../worker/drupal/jsonapi';

/** A recorded-style answer of the stock model (test/fixtures/stock/). */
export const stockFixture = (name: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../fixtures/stock/${name}.json`, import.meta.url)), 'utf8'));

export interface Reply {
  status: number;
  body?: unknown;
}

/**
 * A DrupalContext over a fake Drupal at `base`: `reply` answers each request by its URL; every URL asked
 * is kept, and each payload is loaded once per URL (as the cache keeps it) with what its decoder said.
 */
export function fakeDrupal(reply: (url: URL) => Reply, base = 'http://drupal.test') {
  const requests: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(decodeURIComponent(url.pathname + url.search));
    const { status, body } = reply(url);
    const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
    const type = typeof body === 'string' ? 'text/html; charset=UTF-8' : 'application/vnd.api+json';
    return new Response(text, { status, headers: { 'Content-Type': type } });
  }) as typeof globalThis.fetch;
  const loaded = new Map<string, Loaded<unknown>>();
  // Calls of one URL at once share one load, as the cache's flights do.
  const flights = new Map<string, Promise<Loaded<unknown>>>();
  const cache: KvCache = {
    async get<T>(url: string, load: () => Promise<Loaded<T>>) {
      if (!flights.has(url))
        flights.set(
          url,
          load().then((payload) => (loaded.set(url, payload), payload)),
        );
      return (await flights.get(url)!).value as T;
    },
    known: async () => undefined,
    remember: async () => {},
    recall: async () => undefined,
    atHand: async (url) => loaded.has(url),
    lastKnown: async () => undefined,
    purge: async (url) => void (loaded.delete(url), flights.delete(url)),
    purgeAll: async () => 0,
    purgeTags: async () => {},
  };
  const context = drupalContext(endpoints(base), cache, { timeoutMs: 5000, fetch }, false);
  return { context, api: jsonapi(context), requests, loaded };
}

/** JSON:API's 400 for an include naming a field the bundle lacks, as core words it. */
export const unknownInclude = (field: string, possible: string[]): Reply => ({
  status: 400,
  body: {
    jsonapi: { version: '1.0' },
    errors: [
      {
        title: 'Bad Request',
        status: '400',
        detail: `\`${field}\` is not a valid relationship field name. Possible values: ${possible.join(', ')}.`,
      },
    ],
  },
});
