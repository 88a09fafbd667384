import type { ReactNode } from 'react';
import type { ConsentChoice } from '../../common/consent';
import type { LowVision } from '../../common/low-vision';
import type { PopupForm } from '../../common/popups';
import type { CacheStatus } from '../cache/cache-status';
import { Document, documentStart } from '../components/Document';
import { BareLayout } from '../components/layout/BareLayout';
import { DefaultLayout } from '../components/layout/DefaultLayout';
import { PageContext } from '../components/page-context';
import { preFooterParts, streamedParts, type LayoutData, type PreFooterData } from '../components/layout/layout-data';
import { preloadLinks } from '../components/client-assets';
import { documentWith } from './document-stream';
import { streamHtml } from './html-stream';
import { documentTitle } from './page-title';

export type LayoutKind = 'default' | 'bare';

export interface PageRender {
  status: number;
  layout: LayoutKind;
  frame: LayoutData;
  /** The page's own heading: the tab shows it with the site's name (page-title.ts). */
  title: string;
  searchKeywords?: string;
  popup?: PopupForm;
  /** Block regions the body shows itself. */
  ownRegions?: readonly string[];
  /** The carousels before the banner; none on error pages and in the bare layout. */
  preFooter?: PreFooterData;
  body: ReactNode;
  /** The response's CSP nonce. */
  nonce: string;
  /** How the request's cached calls were answered, once each has decided. */
  cacheStatus: () => Promise<CacheStatus | undefined>;
  /** Crawlers get the complete document, every boundary inline, rather than a stream. */
  complete: boolean;
  /** The visitor's choice about analytics (common/consent.ts): the counter's tag, or the banner asking. */
  consent?: ConsentChoice;
  /** The version for the visually impaired (common/low-vision.ts), none for the ordinary one. */
  lowVision?: LowVision;
  /** The request's path and query: the page the low-vision panel comes back to. */
  pageUrl: string;
  /** The request is a signed-in editor's (the editors' bar). */
  editor?: boolean;
  /**
   * Asked once the render is ready to answer: whether the document's start went out already
   * (`headFirst`, middleware/page-renderer.tsx), the body then being only the rest. Asking settles it.
   */
  startSent?: () => boolean;
  /** Whether the document's start went out already, without settling who writes it. */
  startGone?: () => boolean;
}

/**
 * Waits only for what the first bytes need (the head's tags and how each cached
 * call was answered, for X-Cache), then streams; the rest of the frame follows
 * as Drupal delivers it.
 */
export async function renderPage(page: PageRender): Promise<Response> {
  const head = await page.frame.head;
  const cacheStatus = await page.cacheStatus();
  // Nothing went to Drupal: the rest is a few KV reads away, so wait and render it all inline. Not after a start that
  // went first: whole behind its start, a page shifted its bottom half while a phone scrolled it; streamed in as a cold
  // page's, it never did (docs/architecture.md, "Rendering and streaming").
  const inline = cacheStatus !== 'MISS' && !page.startGone?.();
  if (inline) await Promise.all([...streamedParts(page.frame), ...preFooterParts(page.preFooter)]);
  // An error page says so, whatever its frame came from.
  const xCache = page.status >= 500 ? 'ERROR' : cacheStatus;
  const document = (
    <Document
      head={head}
      title={documentTitle(page.title, page.frame.site.name)}
      nonce={page.nonce}
      metrikaId={page.frame.site.metrikaId}
      consent={page.consent}
      lowVision={page.lowVision}
    >
      <PageContext value={{ url: page.pageUrl, lowVision: page.lowVision, editor: page.editor }}>
        {page.layout === 'bare' ? (
          <BareLayout layout={page.frame} nonce={page.nonce}>
            {page.body}
          </BareLayout>
        ) : (
          <DefaultLayout
            layout={page.frame}
            searchKeywords={page.searchKeywords}
            popup={page.popup}
            preFooter={page.preFooter}
            ownRegions={page.ownRegions}
            nonce={page.nonce}
          >
            {page.body}
          </DefaultLayout>
        )}
      </PageContext>
    </Document>
  );
  const response = await streamHtml(document, {
    status: page.status,
    nonce: page.nonce,
    headers: xCache ? { Link: preloadLinks, 'X-Cache': xCache } : { Link: preloadLinks },
    waitForAll: page.complete,
    inline,
  });
  const start = page.startSent?.() ? '' : documentStart(page);
  return new Response(documentWith(start, response.body!), response);
}
