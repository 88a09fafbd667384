/**
 * The parts of a rendered page the frame is made of, read from the site's HTML by its own markup
 * (worker/components/MainNav.tsx, Breadcrumbs.tsx, layout/Footer.tsx, PriceTable.tsx, bundles/services/parts.tsx):
 * each returns undefined when the page does not have the part at all. No DOM: the real-drupal project runs in Node.
 */

/** `&amp;` and the other entities React writes in text and attributes, back to characters. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

/**
 * The element that starts with `opening` (a unique prefix of its start tag) up to its closing `</tag>`; none inside it
 * nests. A part that streams in late is first its Suspense fallback and then the part itself: the longest copy is the part.
 */
function element(html: string, opening: string, tag: string): string | undefined {
  let found: string | undefined;
  for (let start = html.indexOf(opening); start >= 0; start = html.indexOf(opening, start + opening.length)) {
    const end = html.indexOf(`</${tag}>`, start);
    if (end < 0) break;
    const copy = html.slice(start, end + tag.length + 3);
    if (!found || copy.length > found.length) found = copy;
  }
  return found;
}

export interface Link {
  href: string;
  text: string;
}

/** Every <a href> in a piece of HTML, its text without tags. */
export function linksIn(html: string): Link[] {
  return [...html.matchAll(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map(([, href, inner]) => ({
    href: decodeEntities(href!),
    text: decodeEntities(inner!.replace(/<[^>]+>/g, '')).trim(),
  }));
}

/** The desktop main menu (`nav.main-nav`), with its submenus. */
export const mainNav = (html: string) => element(html, '<nav class="main-nav"', 'nav');

/** The row of the current page's children under the main menu (`nav.sub-nav`). */
export const subNav = (html: string) => element(html, '<nav class="sub-nav"', 'nav');

/** The footer menu (`nav.site-footer__menu`). */
export const footerMenu = (html: string) => element(html, '<nav class="site-footer__menu"', 'nav');

/** The side column's «Услуги клиники» (`nav.aside-menu`; its lists nest, no nav inside). */
export const servicesAside = (html: string) => element(html, '<nav class="aside-menu"', 'nav');

export interface Crumb {
  title: string;
  /** undefined: shown without a link (the current page). */
  href?: string;
}

/** The breadcrumbs (`nav.breadcrumbs`), in order; the first is the clinic's name. */
export function breadcrumbs(html: string): Crumb[] | undefined {
  const nav = element(html, '<nav class="breadcrumbs', 'nav');
  const list = nav && element(nav, '<ol>', 'ol');
  if (!list) return undefined;
  return [...list.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map(([, inner]) => {
    const link = /<a\b[^>]*?\bhref="([^"]*)"/.exec(inner!);
    const title = decodeEntities(inner!.replace(/<[^>]+>/g, '')).trim();
    return link ? { title, href: decodeEntities(link[1]!) } : { title };
  });
}

/** The attributes of each `<meta>` and `<link>` in the document's <head>. */
export function headTags(html: string): { tag: 'meta' | 'link'; attributes: Record<string, string> }[] {
  const head = element(html, '<head', 'head') ?? '';
  return [...head.matchAll(/<(meta|link)\b([^>]*)>/g)].map(([, tag, attrs]) => ({
    tag: tag as 'meta' | 'link',
    attributes: Object.fromEntries([...attrs!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, k, v]) => [k!, decodeEntities(v!)])),
  }));
}

/** The content of the head's `<meta name|property="…">`, or the href of `<link rel="…">`; undefined when absent. */
export function headValue(html: string, kind: string): string | undefined {
  for (const { tag, attributes } of headTags(html)) {
    if (tag === 'link' && attributes.rel === kind) return attributes.href;
    if (tag === 'meta' && (attributes.name === kind || attributes.property === kind)) return attributes.content;
  }
  return undefined;
}

/** The service page's part `data-part="<name>"` (a <section>; the parts do not nest). */
export const servicePart = (html: string, name: string) => element(html, `<section class="service-part service-part--${name}"`, 'section');

/** The price list's group titles, in order (`.price-group__title`). */
export function priceGroups(html: string): string[] {
  return [...html.matchAll(/<h[2-4] class="price-group__title">([\s\S]*?)<\/h[2-4]>/g)].map(([, t]) => decodeEntities(t!).trim());
}

/** Each row of the price tables: its name and its sums as shown (thin spaces as plain spaces, currency left out). */
export function priceRows(html: string): { name: string; sums: string[]; kind: string }[] {
  return [...html.matchAll(/<tr class="price__row price__row--([\w-]+)[^"]*">([\s\S]*?)<\/tr>/g)].map(([, kind, row]) => {
    const name = /<(?:td|th) class="price__name"[^>]*>([\s\S]*?)<\/(?:td|th)>/.exec(row!)?.[1] ?? '';
    const sums = [...row!.matchAll(/<span class="price__amount">([\d\u2009 ,]+)/g)].map(([, s]) => s!.replace(/\u2009/g, ' ').trim());
    return {
      name: decodeEntities(name.replace(/<span class="price__code-inline">[\s\S]*?<\/span>/, '').replace(/<[^>]+>/g, '')).trim(),
      sums,
      kind: kind!,
    };
  });
}
