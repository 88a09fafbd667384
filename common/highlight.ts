/**
 * Search keywords, shared by the worker (the search page and its results
 * fragment) and the browser (the live search): how typed text becomes the
 * keywords searched, the address of their results, and where each keyword
 * occurs in a result's title, to mark it.
 */

/** Keywords beyond this are cut: no visitor types more, and each distinct query is a Drupal call. */
export const MAX_SEARCH_LENGTH = 128;

// Control characters (a pasted tab, a NUL from a crafted URL) and runs of spaces say nothing to a search.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;
const SPACES = /\s+/g;

/** The keywords as searched: control characters dropped, spaces collapsed, cut to MAX_SEARCH_LENGTH characters (not halves of one). */
export function searchKeywords(typed: string | undefined): string {
  const keywords = (typed ?? '').replace(CONTROL, ' ').replace(SPACES, ' ').trim();
  return Array.from(keywords).slice(0, MAX_SEARCH_LENGTH).join('').trim();
}

/*
 * Keywords that the worker's path check would refuse (worker/paths/page-path.ts:
 * a backslash, what looks like a second layer of percent-encoding, a `.` or `..`
 * segment, which the browser would also resolve away) cannot be a path segment;
 * their results are asked for with `?keys=` instead.
 */
const NOT_A_SEGMENT = /\\|%[0-9a-f]{2}|(^|\/)\.{1,2}(\/|$)/i;

/**
 * The address of the keywords' results under `base` (`/search/node` for the page,
 * `/search/results` for the fragment): `/search/node/лазер`, or `base` alone for
 * no keywords. `keywords` are already searchKeywords().
 */
export function searchUrl(base: string, keywords: string): string {
  if (!keywords) return base;
  return NOT_A_SEGMENT.test(keywords) ? `${base}?keys=${encodeURIComponent(keywords)}` : `${base}/${encodeURIComponent(keywords)}`;
}

/** A keyword this short beside longer ones («лазер и пилинг») is a conjunction or a preposition: marking it would light up half a title. */
const MIN_KEYWORD_LENGTH = 2;

/**
 * One UTF-16 unit per unit of the text, so that positions in the folded text are
 * positions in the text: lower case (where lowering keeps the length, which
 * Cyrillic and Latin letters do) and ё as е, as Drupal's search matches them.
 */
function fold(text: string): string {
  let folded = '';
  for (const char of text) {
    const lower = char.toLowerCase();
    const same = lower.length === char.length ? lower : char;
    folded += same === 'ё' ? 'е' : same;
  }
  return folded;
}

/**
 * Where the keywords (split on spaces) occur in `text`, case-insensitively and
 * with ё = е, as sorted `[start, end)` ranges of UTF-16 positions; overlapping
 * or touching occurrences of different keywords become one range. Keywords are
 * plain text: `(`, `*` or `.` are matched as themselves.
 */
export function highlightRanges(text: string, keywords: string): [start: number, end: number][] {
  const words = [...new Set(fold(keywords).split(/\s+/).filter(Boolean))];
  const wanted = words.length > 1 ? words.filter((word) => word.length >= MIN_KEYWORD_LENGTH) : words;
  if (wanted.length === 0 || !text) return [];
  const haystack = fold(text);
  const found: [number, number][] = [];
  for (const word of wanted) {
    for (let at = haystack.indexOf(word); at !== -1; at = haystack.indexOf(word, at + 1)) found.push([at, at + word.length]);
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of found) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
