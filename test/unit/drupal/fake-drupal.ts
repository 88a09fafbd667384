/**
 * A fake Drupal for the Drupal client's protocol tests: a `fetch` that keeps every request it is sent (method,
 * URL, headers, body, signal) and answers each from a function of the test, the answers being real Drupal's
 * recordings (test/fixtures/real-drupal/, recorded by test/real-drupal/record-fixtures.ts) wherever one exists;
 * and an in-memory payload cache that keeps what each decoder made of an answer (value, negative, tags), so that a
 * test reads what the client would have cached. As test/unit/booking/fake-fetch.ts does for the schedule systems.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { KvCache, Loaded } from '../../../worker/cache/kv-cache-types';
import { OriginError } from '../../../worker/cache/origin-error';
import { drupalContext } from '../../../worker/drupal/context';
import { endpoints } from '../../../worker/drupal/endpoints';
import { jsonapi } from '../../../worker/drupal/jsonapi';
import type { OriginOptions } from '../../../worker/drupal/origin';
import { installHtmlRewriter } from '../../../worker/platform/node/html-rewriter';

// Drupal's HTML (bodies, webform markup) is sanitised on workerd's HTMLRewriter, which Node is given as the site's Node target gives it.
installHtmlRewriter();

/** The address the fake Drupal is asked at: the recordings' own host, so that Drupal's absolute links name it. */
export const BASE = 'http://drupal.test';

/** One request as the fake Drupal received it. */
export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  signal: AbortSignal | undefined;
}

/** An answer: a JSON value (sent as JSON), or a text body as is with its content type. */
export interface Answer {
  status: number;
  body?: unknown;
  contentType?: string;
}

/** A recording of test/fixtures/real-drupal/<stack>/<name>.json: what was asked, and what Drupal answered. */
export interface Recording extends Answer {
  request: { method: string; path: string; body?: unknown; account?: string };
  contentType: string;
}

export type Stack = '10.2' | '10.3';

export const recorded = (stack: Stack, name: string): Recording =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../fixtures/real-drupal/${stack}/${name}.json`, import.meta.url)), 'utf8'));

/** The URL a recording was asked at, for comparing with the client's (percent-encoding aside). */
export const recordedUrl = (recording: Recording): URL => new URL(recording.request.path, BASE);

/** A URL's path and query with its percent-encoding undone: `/router/translate-path?path=/doctors/ivanova.html`. */
export const readable = (url: URL): string => decodeURIComponent(url.pathname + url.search).replaceAll('+', ' ');

/** A fetch answering each request with `answer`; every request is kept in `sent`, in the order made. */
export function fakeFetch(answer: (sent: Sent) => Answer | Promise<Answer>) {
  const sent: Sent[] = [];
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const one: Sent = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: '',
      signal: init?.signal ?? undefined,
    };
    // Kept before any await, so that calls started together are kept in the order they were made.
    sent.push(one);
    one.body = await request.text();
    const { status, body, contentType } = await answer(one);
    const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
    const type = contentType ?? (typeof body === 'string' ? 'text/html; charset=UTF-8' : 'application/json');
    return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': type } });
  }) as typeof fetch;
  return { fetch: doFetch, sent };
}

/** A fetch that never answers until its signal aborts, then fails as fetch does: only the client's own timeout ends the wait. */
export const answersOnlyToAbort = (seen: AbortSignal[] = []) =>
  ((_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal;
      if (!signal) return reject(new Error('the client sent no signal: nothing would end this wait'));
      seen.push(signal);
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    })) as typeof fetch;

/** An answer that never comes: the request waits until its signal aborts, then fails as fetch does. */
export const neverAnswered = (sent: Sent): Promise<Answer> =>
  new Promise<Answer>((_resolve, reject) => {
    const { signal } = sent;
    if (!signal) return reject(new Error('the client sent no signal: nothing would end this wait'));
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/** A fetch whose network is down. */
export const networkDown = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;

/**
 * The payload cache in memory: `get` loads once per URL (a failed load is forgotten), keeping what the decoder
 * made of the answer in `loaded`; `known` gives only what is loaded already; `remember`/`recall` keep values and
 * their lifetimes in `remembered`; `lastKnown` gives what `previous` holds.
 */
export function memoryCache() {
  const loaded = new Map<string, Loaded<unknown>>();
  const flights = new Map<string, Promise<Loaded<unknown>>>();
  const remembered = new Map<string, { value: unknown; seconds: number }>();
  const previous = new Map<string, unknown>();
  const purged: string[] = [];
  const cache: KvCache = {
    async get<T>(url: string, load: () => Promise<Loaded<T>>) {
      let flight = flights.get(url);
      if (!flight) {
        flight = load().then((payload) => (loaded.set(url, payload), payload));
        flights.set(url, flight);
        flight.catch(() => flights.delete(url));
      }
      return (await flight).value as T;
    },
    known: async <T>(url: string) => loaded.get(url)?.value as T | undefined,
    remember: async (url, value, seconds) => void remembered.set(url, { value, seconds }),
    recall: async <T>(url: string) => remembered.get(url)?.value as T | undefined,
    atHand: async (url) => loaded.has(url),
    lastKnown: async <T>(url: string) => previous.get(url) as T | undefined,
    purge: async (url) => void (purged.push(url), loaded.delete(url), flights.delete(url)),
    purgeAll: async () => 0,
    purgeTags: async () => {},
  };
  return { cache, loaded, remembered, previous, purged };
}

/**
 * The client's shared parts (drupalContext and jsonapi) over a fake Drupal answering with `answer`, through a
 * memory cache: asked at BASE unless `base` says otherwise (the recordings' links still name BASE, as a Drupal
 * names its public host); `origin` overrides the way to Drupal (credentials, a cookie, the timeout, a fetch).
 */
export function fakeDrupal(
  answer: (sent: Sent) => Answer | Promise<Answer>,
  options: { base?: string; origin?: Partial<OriginOptions>; drafts?: boolean } = {},
) {
  const drupal = fakeFetch(answer);
  const memory = memoryCache();
  const context = drupalContext(
    endpoints(options.base ?? BASE),
    memory.cache,
    { timeoutMs: 5_000, fetch: drupal.fetch, ...options.origin },
    options.drafts ?? false,
  );
  return { context, api: jsonapi(context), sent: drupal.sent, ...memory };
}

/** Answers by the request's path (without its query): each entry's answer, else Drupal's HTML 404 page. */
export const byPath =
  (routes: Readonly<Record<string, Answer | ((sent: Sent) => Answer)>>) =>
  (sent: Sent): Answer => {
    const route = routes[sent.url.pathname];
    if (!route) return { status: 404, body: '<!DOCTYPE html><title>Page not found</title>' };
    return typeof route === 'function' ? route(sent) : route;
  };

/** The OriginError a promise rejects with; the test fails when it resolves or rejects with anything else. */
export async function originError(promise: Promise<unknown>): Promise<OriginError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(OriginError);
  return error as OriginError;
}
