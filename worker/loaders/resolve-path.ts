import { isPopupForm, popupPageOf } from '../../common/popups';
import type { DrupalClient } from '../drupal/client';
import { optional } from '../drupal/optional';
import type { PathLookup, RedirectHop } from '../drupal/types';
import { canonicalPathOf, locationOf } from '../paths/canonical-path';
import { classifyRedirectTarget, redirectStatus, type RedirectStatus } from '../paths/redirect-target';

export type Resolution =
  | { kind: 'redirect'; location: string; status: RedirectStatus }
  | { kind: 'refused-redirect'; target: string }
  | Extract<PathLookup, { kind: 'entity' }>
  | { kind: 'not-found' }
  | { kind: 'forbidden' };

/**
 * Decides what a path is before anything renders: a redirect (from the redirect
 * module's lookup or from the hops translate-path reports), a Drupal entity, or
 * nothing. Both lookups start at once. Translate-path decides; the redirect
 * module's lookup only adds to it, so its failure leaves the page as it is.
 */
export async function resolvePath(drupal: DrupalClient, path: string, basePath = '', canonical?: CanonicalCheck): Promise<Resolution> {
  const [redirect, lookup] = await Promise.all([optional('redirect', drupal.redirect(path), null), drupal.translatePath(path)]);
  const hops: RedirectHop[] = redirect ? [redirect] : lookup.kind === 'entity' || lookup.kind === 'external' ? lookup.redirects : [];
  const first = hops[0];
  const last = hops.at(-1);
  if (first && last && stripBase(last.to, basePath) !== path) {
    const target = classifyRedirectTarget(stripBase(last.to, basePath));
    if (target.kind === 'refused') return { kind: 'refused-redirect', target: last.to };
    return { kind: 'redirect', location: target.location, status: redirectStatus(first.status) };
  }
  if (lookup.kind === 'external') return { kind: 'not-found' };
  // A webform's own page: one of the popups opens on its page (the canonical address); any other form is no page here.
  if (lookup.kind === 'webform')
    return isPopupForm(lookup.id) ? { kind: 'redirect', location: popupPageOf(lookup.id), status: 301 } : { kind: 'not-found' };
  // One address per page: another letter case or the system path answers 301 to the alias, not a second copy.
  if (canonical && lookup.kind === 'entity' && PAGED_ENTITIES.has(lookup.entityType)) {
    const elsewhere = canonicalPathOf(lookup.resolvedPath, canonical.requested, canonical.drupalBaseUrl);
    if (elsewhere) return { kind: 'redirect', location: locationOf(elsewhere) + canonical.search, status: 301 };
  }
  return lookup;
}

/** The request as it came, for the check that it is the page's own address. */
export interface CanonicalCheck {
  /** The path, decoded, with its trailing slash if it had one. */
  requested: string;
  /** The query string with its `?`, or empty: kept across the redirect. */
  search: string;
  drupalBaseUrl: string;
}

/** The entities that have a page of their own here (content.tsx): only their address is worth a redirect. */
const PAGED_ENTITIES = new Set(['node', 'taxonomy_term']);

/** Drupal installed under a sub-path names redirect targets with that prefix; the site's own paths do not have it. */
function stripBase(target: string, basePath: string): string {
  if (!basePath || basePath === '/') return target;
  return target.startsWith(`${basePath}/`) ? target.slice(basePath.length) : target;
}
