import { Hono, type Context } from 'hono';
import { searchKeywords, searchUrl } from '../../common/highlight';
import type { AppEnv } from '../app-env';
import { framed } from '../middleware/page-renderer';
import { streamHtml } from '../render/html-stream';
import { SearchResults, SearchScreen } from '../screens/SearchScreen';

/**
 * Search (docs/requirements.md §2 "Search", §7 `/rest/search`): the page at /search/node/{keywords},
 * and the bare results list that the page's live search (client/behaviors/LiveSearch.ts)
 * swaps in as the visitor types.
 */
export const searchRoutes = new Hono<AppEnv>();

/** Keywords from the path or, where the path cannot hold them (common/highlight.ts), from `?keys=`. */
const keywordsOf = (c: Context<AppEnv>) => searchKeywords(c.req.param('keys') ?? c.req.query('keys'));

// Drupal's own search address (the search module of Drupal's standard profile; its pages are no pages of
// decoupled_router's: docs/drupal.md) is the site's search page: /search?keys=… its results.
searchRoutes.get('/search', (c) => {
  const keywords = keywordsOf(c);
  return keywords ? c.redirect(searchUrl('/search/node', keywords), 302) : c.redirect('/search/node', 301);
});

// The search form works without JavaScript: /search/node?keys=… becomes /search/node/….
searchRoutes.get('/search/node', framed(), (c) => {
  const keywords = keywordsOf(c);
  const target = searchUrl('/search/node', keywords);
  // No keywords, or keywords no path can hold: the page itself, at this address.
  return !keywords || target.includes('?') ? searchPage(c, keywords) : c.redirect(target, 302);
});
searchRoutes.get(
  '/search/node/:keys',
  framed(() => '/search/node'),
  (c) => searchPage(c, keywordsOf(c)),
);

async function searchPage(c: Context<AppEnv>, keywords: string) {
  const results = keywords ? await c.var.drupal.search(keywords) : [];
  const titleSuffix = ` — ${c.var.config.site.name}`;
  return c.render(<SearchScreen keywords={keywords} results={results} titleSuffix={titleSuffix} />, {
    title: keywords ? `Поиск: ${keywords}` : 'Поиск',
    searchKeywords: keywords,
  });
}

/**
 * The results list alone, as the page renders it (the same component, so the same
 * marks): text/html without the frame, complete (no streaming). Not a page: never indexed.
 */
async function resultsFragment(c: Context<AppEnv>) {
  const keywords = keywordsOf(c);
  const results = keywords ? await c.var.drupal.search(keywords) : [];
  return streamHtml(<SearchResults keywords={keywords} results={results} />, {
    status: 200,
    waitForAll: true,
    headers: { 'Cache-Control': 'public, max-age=60', 'X-Robots-Tag': 'noindex' },
  });
}
searchRoutes.get('/search/results', resultsFragment);
searchRoutes.get('/search/results/:keys', resultsFragment);
