import type { HeadData, HeadTag } from '../drupal/types';

/** Tags that name the page itself: always on the site's host, wherever Drupal built them. */
const PAGE_IDENTITY = new Set(['canonical', 'shortlink', 'og:url', 'twitter:url']);
/** Tags that name something else (an image, a translation, the next page): moved when they point at Drupal. */
const URL_VALUED = new Set(['alternate', 'prev', 'next', 'image_src', 'og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image']);

/**
 * Drupal's metatags build absolute URLs on Drupal's own host, which search
 * engines must never see: the page's canonical and Open Graph URLs, and
 * Drupal-hosted images (the site proxies /sites/…), go onto SITE_URL. Drupal's
 * host is the one its canonical names (it may differ from the host we call).
 */
export function headOnSite(head: HeadData, siteUrl: string, drupalBaseUrl: string): HeadData {
  const site = new URL(siteUrl);
  const basePath = new URL(drupalBaseUrl).pathname.replace(/\/$/, '');
  const drupalHosts = new Set([new URL(drupalBaseUrl).host]);
  for (const tag of head.tags) {
    const url = tag.tag === 'link' && PAGE_IDENTITY.has(kindOf(tag)) ? absolute(urlOf(tag)) : undefined;
    if (url) drupalHosts.add(url.host);
  }
  const moved = (value: string): string => {
    const url = absolute(value);
    if (!url) return value;
    // Drupal under a path prefix (https://cms.example/drupal) names pages under that prefix.
    const path = basePath && url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
    return new URL(`${path}${url.search}${url.hash}`, site).toString();
  };
  return {
    ...head,
    tags: head.tags.map((tag): HeadTag => {
      const kind = kindOf(tag);
      const value = urlOf(tag);
      if (value === undefined) return tag;
      const url = absolute(value);
      const move = PAGE_IDENTITY.has(kind) || (URL_VALUED.has(kind) && url !== undefined && drupalHosts.has(url.host));
      if (!move) return tag;
      const key = tag.tag === 'link' ? 'href' : 'content';
      return { ...tag, attributes: { ...tag.attributes, [key]: moved(value) } };
    }),
  };
}

const kindOf = (tag: HeadTag): string =>
  (tag.tag === 'link' ? (tag.attributes.rel ?? '') : (tag.attributes.property ?? tag.attributes.name ?? '')).toLowerCase();

const urlOf = (tag: HeadTag): string | undefined => (tag.tag === 'link' ? tag.attributes.href : tag.attributes.content);

function absolute(value: string | undefined): URL | undefined {
  if (!value || !/^https?:\/\//i.test(value)) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
