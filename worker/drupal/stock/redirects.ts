import type { DrupalContext } from '../context';
import { decodeJson } from '../decode';
import { sourceKey, stockRedirectsSchema, type StockRedirect } from '../schemas/stock-redirects';
import { tagged } from '../tags';
import type { RedirectHop } from '../types';

/** Hops followed in memory, so that a chain answers its last target at once; a longer one stops there. */
const MAX_HOPS = 5;

/** The redirect module's redirects from the stock model (docs/drupal.md, "The stock model"), for a Drupal without decoupled_kit. */
export interface StockRedirectCalls {
  /** The redirect from `path` (a chain followed to its end, the first hop's status), or none. */
  redirect(path: string): Promise<RedirectHop | null>;
}

/** Each payload's lookup by source, built once however many pages ask. */
const lookups = new WeakMap<readonly StockRedirect[], Map<string, StockRedirect>>();

function lookupOf(redirects: readonly StockRedirect[]): Map<string, StockRedirect> {
  let lookup = lookups.get(redirects);
  if (!lookup) {
    lookup = new Map();
    // Two rows of one source (a redirect per language): the first the view lists wins.
    for (const redirect of redirects) if (!lookup.has(redirect.from)) lookup.set(redirect.from, redirect);
    lookups.set(redirects, lookup);
  }
  return lookup;
}

/** The export's decoder per Drupal, built once: a client is made per request, and zod's schemas are costly to build. */
const decoders = new Map<string, ReturnType<typeof decoderOf>>();

const decoderOf = (drupalBase: string) =>
  tagged(decodeJson('stock redirects', stockRedirectsSchema(drupalBase), { notFound: [], forbidden: [] }), () => [
    'redirect',
    'redirect_list',
  ]);

function decoderFor(drupalBase: string) {
  let decoder = decoders.get(drupalBase);
  if (!decoder) decoders.set(drupalBase, (decoder = decoderOf(drupalBase)));
  return decoder;
}

/**
 * Every redirect is one cached payload for the site, looked up per path in memory: a page asks no
 * call of its own. decoupled_router reports a redirect to an entity itself; this finds the ones to a
 * path that is no entity (a listing), which it answers 404. A Drupal without the view: none.
 */
export function stockRedirectCalls({ urls, get }: DrupalContext): StockRedirectCalls {
  const url = urls.stockRedirects();
  const decode = decoderFor(url.replace(/\/rest\/redirects$/, ''));

  return {
    async redirect(path) {
      const lookup = lookupOf(await get(url, decode));
      const first = lookup.get(sourceKey(path));
      if (!first) return null;
      let to = first.to;
      const seen = new Set([sourceKey(path)]);
      for (let hop = 1; hop < MAX_HOPS && to.startsWith('/') && !to.startsWith('//'); hop++) {
        const key = sourceKey(to.replace(/[?#].*$/, ''));
        const next = lookup.get(key);
        if (!next || seen.has(key)) break;
        seen.add(key);
        to = next.to;
      }
      return { from: path, to, status: first.status };
    },
  };
}
