import { CONSENT_COOKIE, CONSENT_MAX_AGE, consentIn, METRIKA_INIT, METRIKA_TAG_URL, type ConsentChoice } from '../../common/consent';
import { defineBehavior } from '../runtime/behavior';

/** Metrica's command queue, as its own snippet builds it: tag.js takes the calls queued in `a` once it arrives. */
type MetrikaQueue = ((...args: unknown[]) => void) & { a?: IArguments[]; l?: number };

const metrika = () => (window as unknown as { ym?: MetrikaQueue }).ym;

/** Metrica's tag, as the worker renders it for a visitor who had accepted: only ever after «Принять». */
function loadMetrika(id: number) {
  if (typeof metrika() === 'function') return;
  const ym: MetrikaQueue = function () {
    // tag.js reads the queued `arguments` objects themselves, as its own snippet leaves them.
    // eslint-disable-next-line prefer-rest-params
    (ym.a ??= []).push(arguments);
  };
  ym.l = Date.now();
  (window as unknown as { ym: MetrikaQueue }).ym = ym;
  const script = document.createElement('script');
  script.async = true;
  script.src = METRIKA_TAG_URL;
  document.head.append(script);
  ym(id, 'init', METRIKA_INIT);
}

function remember(choice: ConsentChoice) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
}

/** Metrica's own cookies (_ym_uid and the like), on this host and the domains above it, where tag.js may have set them. */
function forgetMetrikaCookies() {
  const hosts = location.hostname.split('.').map((_, i, parts) => parts.slice(i).join('.'));
  for (const name of document.cookie.split(/;\s*/).map((pair) => pair.split('=')[0] ?? '')) {
    if (!name.startsWith('_ym')) continue;
    document.cookie = `${name}=; Max-Age=0; Path=/`;
    for (const host of hosts) document.cookie = `${name}=; Max-Age=0; Path=/; Domain=${host}`;
  }
}

/**
 * The analytics question: shown when no choice is remembered, reopened by the
 * footer's «Настройки cookie». A goal reached before «Принять» finds no `ym` and
 * is dropped, not queued: nothing is sent for a visitor who has not agreed.
 */
export default defineBehavior('ConsentBanner', (root, { metrikaId }) => {
  const banner = root.querySelector<HTMLElement>('.consent-banner');
  if (!banner) return;
  let returnTo: HTMLElement | undefined;

  const close = () => {
    banner.hidden = true;
    returnTo?.focus();
    returnTo = undefined;
  };

  banner.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consent]') : null;
    const choice = button?.dataset.consent;
    if (choice !== 'analytics' && choice !== 'none') return;
    const counting = typeof metrika() === 'function';
    remember(choice);
    close();
    if (choice === 'analytics') loadMetrika(metrikaId);
    else if (counting) {
      // The tag already runs on this page and cannot be stopped: its cookies go, and the page comes back without it.
      forgetMetrikaCookies();
      location.reload();
    }
  });
  banner.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && returnTo) close();
  });

  // The footer's button: its first click woke this behaviour and is given again now, so one listener serves every click.
  document.addEventListener('click', (event) => {
    const opener = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consent-open]') : null;
    if (!opener) return;
    event.preventDefault();
    returnTo = opener;
    banner.hidden = false;
    banner.querySelector<HTMLElement>('[data-consent]')?.focus();
  });

  // A page from the browser's cache may predate a choice made on another page: the cookie decides.
  const choice = consentIn(document.cookie);
  if (choice === 'analytics') loadMetrika(metrikaId);
  else if (choice === undefined) banner.hidden = false;
});
