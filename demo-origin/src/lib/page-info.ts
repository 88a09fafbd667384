/** What a site page is: the home page, a node, a term or one of the site's listing routes. */
import { listings, type Listing } from '../content/listings';
import type { NodeRecord } from '../content/model';
import { HOME_NID } from '../content/pages';
import type { Term } from '../content/terms';
import { resolveInternal } from './paths';

export type PageInfo =
  | { readonly kind: 'node'; readonly node: NodeRecord; readonly home: boolean }
  | { readonly kind: 'term'; readonly term: Term }
  | { readonly kind: 'listing'; readonly listing: Listing; readonly pageNo: number | null; readonly rest: string | null };

/** Listing routes accept a trailing "/{page}" (or "/{keywords}" for search). */
function listingAt(path: string): PageInfo | null {
  for (const l of listings) {
    if (path === l.path) return { kind: 'listing', listing: l, pageNo: null, rest: null };
    if (path.startsWith(l.path + '/')) {
      const rest = path.slice(l.path.length + 1);
      if (l.path === '/search/node') return { kind: 'listing', listing: l, pageNo: null, rest };
      if (/^\d+$/.test(rest)) return { kind: 'listing', listing: l, pageNo: Number(rest), rest };
    }
  }
  return null;
}

/**
 * Published pages only, unless the request may see drafts (`drafts`: an editor's session, or the
 * API account with "view any unpublished content"); unknown paths give null.
 */
export function pageInfo(path: string, { drafts = false }: { drafts?: boolean } = {}): PageInfo | null {
  const listing = listingAt(path);
  if (listing) return listing;
  const t = resolveInternal(path);
  if (!t) return null;
  if (t.kind === 'term') return { kind: 'term', term: t.term };
  if (!t.node.status && !drafts) return null;
  return { kind: 'node', node: t.node, home: t.node.nid === HOME_NID };
}
