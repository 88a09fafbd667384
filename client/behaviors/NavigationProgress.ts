import { defineBehavior } from '../runtime/behavior';

const ACTIVE = 'nav-progress--active';
/** Addresses of files rather than pages: the browser downloads them and the page stays. */
const FILE_PATH = /\.(?!html?$)[a-z\d]{2,5}$/i;

/** Whether following this link replaces the page with another page of this site. */
function leavesForPage(link: HTMLAnchorElement): boolean {
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || FILE_PATH.test(url.pathname)) return false;
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  return !(samePage && url.hash !== '');
}

/**
 * A thin bar at the top while the next page is on its way (docs/requirements.md §2, §9): it
 * shows only when the navigation takes longer than `throttleMs` and fills over
 * `durationMs`; the page being left takes it away, and a page restored from the
 * back/forward cache starts without it.
 */
export default defineBehavior('NavigationProgress', (root, { throttleMs, durationMs }) => {
  const bar = root.querySelector<HTMLElement>('.nav-progress');
  if (!bar) return;
  bar.style.setProperty('--nav-progress-duration', `${durationMs}ms`);
  let showing: ReturnType<typeof setTimeout> | undefined;
  let givingUp: ReturnType<typeof setTimeout> | undefined;

  const reset = () => {
    clearTimeout(showing);
    clearTimeout(givingUp);
    bar.classList.remove(ACTIVE);
  };
  const start = () => {
    reset();
    showing = setTimeout(() => bar.classList.add(ACTIVE), throttleMs);
    // A navigation that never replaced the page (a download, a 204, the visitor pressing stop) must not leave the bar.
    givingUp = setTimeout(reset, throttleMs + 2 * durationMs);
  };

  // On window, so that whatever the page's own handlers did to the click (a popup button's preventDefault) is known.
  window.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    if (link && leavesForPage(link)) start();
  });
  window.addEventListener('submit', (event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!event.defaultPrevented && form && form.method !== 'dialog' && (!form.target || form.target === '_self')) start();
  });
  window.addEventListener('pagehide', reset);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) reset();
  });
});
