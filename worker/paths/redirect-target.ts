/**
 * docs/requirements.md §5: an internal path starts with / and holds only letters, digits and
 * @ - % _ ~ /, optionally followed by a query and a fragment. The dot is allowed
 * too, since every page of this site ends in .html. A leading // (protocol-relative,
 * i.e. another host) is refused.
 */
const INTERNAL_PATH = /^\/(?!\/)[\p{L}\p{N}@\-%_~/.]*(\?[^#\s]*)?(#\S*)?$/u;

/** A path of this site by docs/requirements.md §5's rule: never another host. */
export const isInternalPath = (path: string): boolean => INTERNAL_PATH.test(path);

export type RedirectTarget = { kind: 'internal'; location: string } | { kind: 'external'; location: string } | { kind: 'refused' };

export function classifyRedirectTarget(target: string): RedirectTarget {
  const trimmed = target.trim();
  if (INTERNAL_PATH.test(trimmed)) return { kind: 'internal', location: trimmed };
  try {
    const url = new URL(trimmed);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return { kind: 'external', location: url.href };
  } catch {
    // Neither a path nor an absolute URL.
  }
  return { kind: 'refused' };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

export const redirectStatus = (status: number | undefined): RedirectStatus =>
  status !== undefined && REDIRECT_STATUSES.has(status) ? (status as RedirectStatus) : 301;
