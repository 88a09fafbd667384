import { POPUP_PAGES, isPopupForm, type PopupForm } from '../../common/popups';

/**
 * Which popup an editor's link or button in Drupal's HTML opens (docs/requirements.md §2: buttons "open a
 * popup, or scroll to an anchor"). Editors write it in several ways; each of these names a
 * popup form (`consultation`, `callback`, `send_resume`…; a hyphen stands for the underscore):
 *
 * - an href on this site (root-relative, relative, or this site's own address) that is
 *   - a popup's page (`/callback.html`, with any query or fragment after it),
 *   - or has the query `popup=<id>` (`?popup=review`, `/services.html?popup=review`),
 *   - or has the fragment `#<id>` (`#consultation`);
 * - a class token `popup-<id>`, `js-popup-<id>`, `open-popup-<id>`, `<id>-popup`, `open-<id>`,
 *   `btn-<id>` or `js-<id>` (`popup_<id>` and the like with an underscore too);
 * - a generic class token `popup`, `js-popup` or `open-popup` with `data-form`, `data-webform`
 *   or `data-popup` naming the form; `data-popup` alone does too (the site's own buttons wear it).
 *
 * Only a link, a button or a span opens a popup (the sanitiser makes the latter two links to
 * the popup's page); a class wins over an href. Anything else (another site's address,
 * `#other-anchor`, `popup-unknown`, a div with a popup class) opens nothing and stays what it was.
 */

const RELATIVE = 'https://relative.invalid';

/** This site's own origins, in the forms an editor may have pasted (http or https, with or without www). */
const siteOrigins = new Set<string>();
let known: string | undefined;

/**
 * Makes links written with the site's own address (SITE_URL) count as on the site. Called once
 * the configuration is known; the sanitised HTML is cached, and a deployment keeps its address.
 */
export function knowSiteUrl(siteUrl: string): void {
  if (siteUrl === known) return;
  known = siteUrl;
  let host: string;
  try {
    host = new URL(siteUrl).host;
  } catch {
    return;
  }
  const bare = host.replace(/^www\./, '');
  for (const scheme of ['https:', 'http:']) {
    for (const name of [bare, `www.${bare}`]) {
      // `www.` before an IP address (a test's 127.0.0.1) is no host at all.
      if (URL.canParse(`${scheme}//${name}`)) siteOrigins.add(new URL(`${scheme}//${name}`).origin);
    }
  }
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const formNamed = (name: string | null | undefined): PopupForm | undefined => {
  const id = name?.trim().toLowerCase().replaceAll('-', '_');
  return isPopupForm(id) ? id : undefined;
};

/** The popup an href opens, if it is a link on this site to one (see above). */
export function popupOfHref(href: string): PopupForm | undefined {
  let url: URL;
  try {
    url = new URL(href.trim(), `${RELATIVE}/`);
  } catch {
    return undefined;
  }
  if (url.origin !== RELATIVE && !siteOrigins.has(url.origin)) return undefined;
  const page = url.pathname.toLowerCase();
  if (Object.hasOwn(POPUP_PAGES, page)) return POPUP_PAGES[page];
  const query = url.searchParams.get('popup');
  if (query !== null) return formNamed(query);
  // An id is case-sensitive, as the browser's own fragment navigation is.
  const fragment = decoded(url.hash.slice(1));
  return isPopupForm(fragment) ? fragment : undefined;
}

const CLASS_PATTERNS = [/^(?:js-|open-)?popup[-_](.+)$/, /^(.+)[-_]popup$/, /^(?:open|btn|js)[-_](.+)$/];
const GENERIC_CLASSES = new Set(['popup', 'js-popup', 'open-popup']);
const FORM_ATTRIBUTES = ['data-form', 'data-webform', 'data-popup'] as const;

/** The popup an element's class (and data attributes) name, if they name one (see above). */
export function popupOfClass(className: string, attribute: (name: string) => string | null): PopupForm | undefined {
  const tokens = className.toLowerCase().split(/\s+/).filter(Boolean);
  for (const token of tokens) {
    for (const pattern of CLASS_PATTERNS) {
      const form = formNamed(pattern.exec(token)?.[1]);
      if (form) return form;
    }
  }
  const generic = tokens.some((token) => GENERIC_CLASSES.has(token));
  for (const name of generic ? FORM_ATTRIBUTES : (['data-popup'] as const)) {
    const form = formNamed(attribute(name));
    if (form) return form;
  }
  return undefined;
}

/** The elements that may open a popup: a link, and a button or span that becomes one. */
export const POPUP_ELEMENTS: ReadonlySet<string> = new Set(['a', 'button', 'span']);

/**
 * The popup an element of Drupal's HTML opens: by its class first (an editor's explicit
 * wish), else by its href. `attribute` gives an attribute's value as the browser reads it.
 */
export function popupOfElement(tag: string, attribute: (name: string) => string | null): PopupForm | undefined {
  if (!POPUP_ELEMENTS.has(tag)) return undefined;
  const byClass = popupOfClass(attribute('class') ?? '', attribute);
  if (byClass) return byClass;
  const href = tag === 'a' ? attribute('href') : null;
  return href === null ? undefined : popupOfHref(href);
}
