import type { KvCache, Loaded } from '../cache/kv-cache';
import type { Decoder } from './decode';
import type { Endpoints } from './endpoints';
import { OriginError } from '../cache/origin-error';
import { fetchFromOrigin, type OriginOptions, type OriginResponse } from './origin';

/** What every protocol's calls of one client share: Drupal's addresses, the cache, the way to Drupal. */
export interface DrupalContext {
  urls: Endpoints;
  cache: KvCache;
  origin: OriginOptions;
  /** An editor's own uncached client: a draft's page is shown (client.ts). */
  drafts: boolean;
  fetch(url: string): Promise<OriginResponse>;
  /** A payload through the cache: `keep`, whether it may be cached once the page knows (metatags of a draft must not be). */
  get<T>(url: string, decode: Decoder<T>, keep?: Promise<boolean>): Promise<T>;
  /**
   * A call about one path that Drupal answered with its 500 (an exception while answering it) while it
   * answers other calls is that path's problem, not an outage (docs/drupal.md, "One path's error"):
   * decoupled_router throws for a config entity without a canonical page, such as search's `/search`.
   * The path gets `answer` as a briefly cached negative, which the circuit breaker counts as an answer;
   * the log names the endpoint once per fetch. A 502, 503 or 504 (Drupal or its gateway unavailable), a
   * Drupal that answers its entry point with a 5xx too, or one that does not answer, is an outage, as before.
   */
  onePathOnly<T>(what: string, url: string, load: () => Promise<Loaded<T>>, answer: T): Promise<Loaded<T>>;
}

export function drupalContext(urls: Endpoints, cache: KvCache, origin: OriginOptions, drafts: boolean): DrupalContext {
  const fetch = (url: string) => fetchFromOrigin(url, origin);

  /**
   * Whether Drupal answers at all right now: its JSON:API entry point, asked past the cache.
   * Anything but a 5xx or no answer says that Drupal itself is up.
   */
  const drupalAnswers = () =>
    fetch(urls.entryPoint()).then(
      ({ status }) => status < 500,
      () => false,
    );

  return {
    urls,
    cache,
    origin,
    drafts,
    fetch,
    get: (url, decode, keep) => cache.get(url, async () => decode(await fetch(url)), keep),
    async onePathOnly(what, url, load, answer) {
      try {
        return await load();
      } catch (error) {
        if (!(error instanceof OriginError) || error.status !== 500 || !(await drupalAnswers())) throw error;
        console.warn(`${what}: Drupal ответил ${error.status} только на этот путь (${url}); страница не найдена`);
        return { value: answer, negative: true };
      }
    },
  };
}
