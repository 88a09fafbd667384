/**
 * Metatags per page: `GET /blocks_for_page/metatag?page={route}` answers the metatag module's
 * `#attached.html_head` structure (docs/drupal.md §5a): {"#attached": {"html_head": [[{"#tag",
 * "#attributes"}, KEY], …]}}, KEY being the tag plugin id (title, description, robots,
 * canonical_url, og_site_name, og_type, og_url, og_title, og_description, og_image_0). Unknown
 * pages, and unpublished ones to a request that may not see drafts, give `[]`; an account that may
 * see drafts (an editor, or the API account behind POST /__demo/api-account) gets a draft's tags.
 */
import { Hono } from 'hono';
import { NOINDEX_NIDS } from '../content/pages';
import { SITE } from '../content/site';
import type { AppEnv } from '../env';
import { json, normalizePath, originOf } from '../lib/http';
import type { Json } from '../lib/json';
import { canViewUnpublished } from '../lib/auth';
import { pageInfo } from '../lib/page-info';
import { nodeDescription, nodeImage, nodeTitle } from '../lib/node-head';

export const metatagRoutes = new Hono<AppEnv>();

type Tag = [{ '#tag': string; '#attributes': Record<string, string> }, string];

function meta(name: string, content: string, key = name): Tag {
  return [{ '#tag': 'meta', '#attributes': { name, content } }, key];
}
function og(property: string, content: string, key: string): Tag {
  return [{ '#tag': 'meta', '#attributes': { property, content } }, key];
}
function link(rel: string, href: string, key: string): Tag {
  return [{ '#tag': 'link', '#attributes': { rel, href } }, key];
}

function tags(input: {
  title: string;
  ogTitle: string;
  description: string;
  url: string;
  type: string;
  image: string | null;
  noindex: boolean;
}): Json {
  const head: Tag[] = [meta('title', input.title), meta('description', input.description)];
  if (input.noindex) head.push(meta('robots', 'noindex, nofollow'));
  head.push(
    link('canonical', input.url, 'canonical_url'),
    og('og:site_name', SITE.name, 'og_site_name'),
    og('og:type', input.type, 'og_type'),
    og('og:url', input.url, 'og_url'),
    og('og:title', input.ogTitle, 'og_title'),
    og('og:description', input.description, 'og_description'),
  );
  if (input.image) head.push(og('og:image', input.image, 'og_image_0'));
  return { '#attached': { html_head: head } };
}

metatagRoutes.get('/blocks_for_page/metatag', (c) => {
  const path = normalizePath(c.req.query('page'));
  if (path === null) return json([]);
  const info = pageInfo(path, { drafts: canViewUnpublished(c) });
  if (!info) return json([]);
  const origin = originOf(c);
  switch (info.kind) {
    case 'node': {
      const n = info.node;
      const image = nodeImage(n);
      return json(
        tags({
          title: nodeTitle(n),
          ogTitle: n.title,
          description: nodeDescription(n),
          url: origin + n.alias,
          type: n.bundle === 'news' || n.bundle === 'article' ? 'article' : 'website',
          image: image ? origin + image : null,
          noindex: NOINDEX_NIDS.has(n.nid),
        }),
      );
    }
    case 'term':
      return json(
        tags({
          title: `${info.term.name} | ${SITE.shortName}`,
          ogTitle: info.term.name,
          description: info.term.description,
          url: `${origin}/taxonomy/term/${info.term.tid}`,
          type: 'website',
          image: null,
          noindex: false,
        }),
      );
    case 'listing': {
      const l = info.listing;
      const suffix = info.pageNo !== null && info.pageNo > 1 ? ` — страница ${info.pageNo}` : '';
      return json(
        tags({
          title: `${l.title}${suffix} | ${SITE.shortName}`,
          ogTitle: l.title + suffix,
          description: l.description,
          url: origin + path,
          type: 'website',
          image: null,
          noindex: l.path === '/search/node',
        }),
      );
    }
  }
});
