import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { Document } from '../components/Document';
import { Layout } from '../components/Layout';
import type { AppEnv } from '../env';
import { streamedParts, type LayoutData } from '../loaders/layout';
import { streamHtml } from './html-stream';

const CRAWLER = /bot|crawl|spider|slurp|yandex|lighthouse/i;

export interface PageRender {
  status?: number;
  layout: LayoutData;
  /** Shown in the tab when Drupal has no metatag title for the path. */
  title: string;
  searchKeywords?: string;
  body: ReactNode;
}

/**
 * Waits only for what the first bytes need (the head's tags and how each cached
 * call was answered, for X-Cache), then streams; the rest of the layout follows
 * as Drupal delivers it.
 */
export async function renderPage(c: Context<AppEnv>, page: PageRender): Promise<Response> {
  const head = await page.layout.head;
  const cacheStatus = await c.var.cacheReport.summary();
  // Nothing went to Drupal: the rest is a few KV reads away, so wait and render it all inline.
  const inline = cacheStatus !== 'MISS';
  if (inline) await Promise.all(streamedParts(page.layout));
  const status = page.status ?? 200;
  // An error page says so, whatever its frame came from.
  const xCache = status >= 500 ? 'ERROR' : cacheStatus;
  const { nonce } = c.var;
  const document = (
    <Document head={head} fallbackTitle={`${page.title} — ${page.layout.site.name}`} nonce={nonce}>
      <Layout layout={page.layout} searchKeywords={page.searchKeywords}>
        {page.body}
      </Layout>
    </Document>
  );
  return streamHtml(document, {
    status,
    nonce,
    headers: xCache ? { 'X-Cache': xCache } : {},
    waitForAll: CRAWLER.test(c.req.header('User-Agent') ?? ''),
    inline,
  });
}
