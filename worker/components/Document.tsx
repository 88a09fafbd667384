import type { ReactNode } from 'react';
import { CONSENT_COOKIE, METRIKA_INIT, METRIKA_TAG_URL, type ConsentChoice } from '../../common/consent';
import { lowVisionClasses, type LowVision } from '../../common/low-vision';
import type { HeadData } from '../drupal/types';
import { clientAssets } from './client-assets';
import { ConsentBanner } from './ConsentBanner';

/** What every page's document starts with, whatever Drupal answers: the visitor's facts that shape it. */
export interface DocumentStartProps {
  /** The response's CSP nonce, on the island loader. */
  nonce?: string;
  lowVision?: LowVision;
}

const VIEW_TRANSITIONS = '@media (prefers-reduced-motion: no-preference) { @view-transition { navigation: auto; } }';

/** A value for a double-quoted attribute of the HTML written by hand (the fixed start, document-stream.ts's rests). */
export const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The document up to the end of its head's fixed part: the encoding, the viewport, the icon, the fonts, the
 * stylesheet and the island loader. Nothing in it depends on Drupal, so a page can send it before Drupal has
 * answered (docs/architecture.md, "Rendering and streaming"); the rest of the head is <Document>'s, rendered by
 * React after it (render/document-stream.ts joins the two).
 */
export function documentStart({ nonce, lowVision }: DocumentStartProps): string {
  const htmlClass = lowVision ? ` class="${attribute(lowVisionClasses(lowVision))}"` : '';
  const nonceAttribute = nonce ? ` nonce="${attribute(nonce)}"` : '';
  return (
    `<!DOCTYPE html><html lang="ru"${htmlClass}><head>` +
    '<meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>' +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
    // Every page sets its text in Manrope, Latin and Cyrillic alike: both files are needed at once.
    clientAssets.fonts
      .map((href) => `<link rel="preload" href="${attribute(href)}" as="font" type="font/woff2" crossorigin="anonymous"/>`)
      .join('') +
    // The view transitions' opt-in (client/styles/navigation.css) inline too: a page that is ready at once (from the
    // service worker's cache) may reveal before Chromium reads it in the stylesheet, and the transition then aborts.
    `<style>${VIEW_TRANSITIONS}</style>` +
    clientAssets.stylesheets.map((href) => `<link rel="stylesheet" href="${attribute(href)}"/>`).join('') +
    // A module script runs after the streamed document is parsed, so it sees every island marker.
    `<script type="module" src="${attribute(clientAssets.loader)}"${nonceAttribute}></script>`
  );
}

/**
 * The HTML shell after documentStart's part of the head: the page's title (render/page-title.ts: ours, not
 * Drupal's metatag title) and Drupal's meta tags; where a counter is configured, its tag for a visitor who
 * accepted analytics, else the question. React's own `<!DOCTYPE html><html …><head>` gives way to
 * documentStart's (render/document-stream.ts).
 */
export function Document({
  head,
  title,
  nonce,
  metrikaId,
  consent,
  lowVision,
  children,
}: {
  head: HeadData;
  title: string;
  nonce?: string;
  /** Yandex Metrica's counter id: its tag loads after consent, and forms then report their goals to it. None, no counter. */
  metrikaId?: number;
  /** The visitor's remembered choice about analytics (the `consent` cookie); none yet, the banner asks. */
  consent?: ConsentChoice;
  /** The version for the visually impaired: its classes are on <html> from the first byte, so nothing flashes. */
  lowVision?: LowVision;
  children: ReactNode;
}) {
  return (
    <html lang="ru" className={lowVision ? lowVisionClasses(lowVision) : undefined}>
      <head>
        {/* What comes before this in the head is every page's alike, written ahead of React by documentStart. */}
        <title>{title}</title>
        {head.tags.map((tag, i) => (tag.tag === 'meta' ? <meta key={i} {...tag.attributes} /> : <link key={i} {...tag.attributes} />))}
        {metrikaId !== undefined && consent === 'analytics' && (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: metrikaSnippet(metrikaId) }} />
        )}
      </head>
      <body>
        {/* First in the page, as a keyboard meets it; fixed at the bottom of the window, as the eye does. */}
        {metrikaId !== undefined && <ConsentBanner metrikaId={metrikaId} choice={consent} />}
        {children}
      </body>
    </html>
  );
}

/**
 * Yandex Metrica's own loader snippet: `ym` queues calls until tag.js arrives.
 * Its origins must be in ANALYTICS_ORIGINS for the CSP to let it in. It asks the
 * cookie again before loading: the browser may show this page from its cache
 * after the visitor declined on another one.
 */
const metrikaSnippet = (id: number) =>
  `if(/(^|;\\s*)${CONSENT_COOKIE}=analytics(;|$)/.test(document.cookie))(function(m,e,t,r,i,k,a){m[i]=m[i]||function(){(m[i].a=m[i].a||[]).push(arguments)};m[i].l=1*new Date();k=e.createElement(t),a=e.getElementsByTagName(t)[0],k.async=1,k.src=r,a.parentNode.insertBefore(k,a)})(window,document,"script",${JSON.stringify(METRIKA_TAG_URL)},"ym"),ym(${Math.trunc(id)},"init",${JSON.stringify(METRIKA_INIT)});`;
