import { PINNED_PAGES } from '../../../common/offline';
import { EDITORS_PAGES, isEditorsPage } from '../../../common/editors-pages';
import { Behavior } from '../Behavior';
import { usePage } from '../page-context';

/** docs/requirements.md §9. */
const PROGRESS_THROTTLE_MS = 200;
const PROGRESS_DURATION_MS = 5000;
const LAZY_DISABLE_DELAY_MS = 4000;
const RESTORED_NOTICE_MS = 4000;

/**
 * Links worth fetching before they are followed: pages of this site. Not search
 * results (each query is a Drupal call), files, the editors' addresses, the
 * popup buttons (their pages only open a popup over the home page), nor links
 * the page marks nofollow.
 */
const SITE_PAGES = {
  and: [
    { href_matches: '/*' },
    { not: { href_matches: '/search/*' } },
    { not: { href_matches: '/sites/*' } },
    ...EDITORS_PAGES.map((path) => ({ not: { href_matches: path.endsWith('/') ? `${path}*` : path } })),
    { not: { selector_matches: '[rel~="nofollow"], [data-popup], [download], [target="_blank"]' } },
  ],
};

/**
 * Speculation Rules: a page of the site is prefetched when the visitor hovers
 * or touches its link, and prerendered where the browser can, so that following
 * it feels instant. Browsers without them ignore the script.
 */
export const SPECULATION_RULES = {
  prerender: [{ source: 'document', where: SITE_PAGES, eagerness: 'moderate' }],
  prefetch: [{ source: 'document', where: SITE_PAGES, eagerness: 'moderate' }],
};

/**
 * How moving between pages feels, none of it React: the progress
 * bar, the connection notice, reading offline (the service worker, docs/requirements.md §9),
 * lazy images released after 4 s, the header's reactions, and speculation rules. Page transitions are CSS only
 * (client/styles/navigation.css).
 */
export function NavigationFeel({ nonce }: { nonce: string }) {
  // The editors' pages never register the service worker.
  const path = usePage().url.split('?')[0] ?? '/';
  return (
    <>
      <Behavior name="NavigationProgress" props={{ throttleMs: PROGRESS_THROTTLE_MS, durationMs: PROGRESS_DURATION_MS }}>
        <div className="nav-progress" aria-hidden="true">
          <div className="nav-progress__bar" />
        </div>
      </Behavior>
      <Behavior name="ConnectionStatus" props={{ restoredMs: RESTORED_NOTICE_MS }}>
        <div className="connection-toast" role="status" aria-live="polite" aria-atomic="true" />
      </Behavior>
      {!isEditorsPage(path) && (
        <Behavior name="OfflineReading" props={{ pinned: PINNED_PAGES }}>
          {null}
        </Behavior>
      )}
      <Behavior name="EagerImages" props={{ delayMs: LAZY_DISABLE_DELAY_MS }}>
        {null}
      </Behavior>
      {/* The header's scrolled style and its menu's Escape: mounted here with the frame's other page-wide behaviours. */}
      <Behavior name="SiteHeader" props={{}}>
        {null}
      </Behavior>
      <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(SPECULATION_RULES) }} />
    </>
  );
}
