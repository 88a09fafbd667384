/**
 * Every page's <title> has one form: «Заголовок — <site name>», the site's name from
 * settings. The heading is the route's own (a node's title, a listing's name and page, a popup's
 * title, an error's); Drupal's metatag title is not used for it: it comes with whatever pattern
 * and separator the Drupal site chose ("[node:title] | [site:name]", a short name, the front
 * page's SEO line), so the same site would name its pages two ways. Drupal's og:title and the
 * other tags stay as Drupal sends them.
 */

/** Tabs and search results cut a title long before this; a longer heading (a pasted paragraph) is cut here. */
const MAX_HEADING = 150;

const SEPARATOR = ' — ';

/**
 * The document title for a page headed `heading` on the site `siteName`. The home page (its
 * heading is the site's name) is the name alone; a heading that already ends with the name
 * (an editor wrote it in) is not followed by it twice.
 */
export function documentTitle(heading: string, siteName: string): string {
  const name = siteName.replace(/\s+/g, ' ').trim();
  let text = heading.replace(/\s+/g, ' ').trim();
  if (name && text.endsWith(name)) text = text.slice(0, -name.length).replace(/[\s—–|:-]+$/u, '');
  if (text.length > MAX_HEADING) text = `${text.slice(0, MAX_HEADING - 1).trimEnd()}…`;
  if (!text) return name;
  return name ? `${text}${SEPARATOR}${name}` : text;
}
