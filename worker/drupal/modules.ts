import { isolate } from '../cache/isolate';
import type { DrupalContext } from './context';

/**
 * Which of the clinic's own modules this Drupal has (docs/drupal.md "Where the frame comes from"): where
 * one is absent, its part of the frame comes from a stock source (menus from jsonapi_menu_items, the head
 * from the node's metatag field, breadcrumbs computed by the site, blocks placed by a setting).
 */
export interface DrupalModules {
  /** `/blocks_for_page…`: blocks per page, menus, the services menu, metatags per page. */
  blocksForPage: boolean;
  /** `/breadcrumb_headless`. */
  breadcrumbHeadless: boolean;
  /** `/decoupled_kit/redirect`. */
  decoupledKitRedirect: boolean;
}

/** `DRUPAL_MODULES`: asked of Drupal once (`auto`), or fixed without asking. */
export type ModulesSetting = 'auto' | 'clinic' | 'stock';

export const CLINIC_MODULES: DrupalModules = { blocksForPage: true, breadcrumbHeadless: true, decoupledKitRedirect: true };
export const STOCK_MODULES: DrupalModules = { blocksForPage: false, breadcrumbHeadless: false, decoupledKitRedirect: false };

/** How long an isolate trusts what it learned before asking the cache again; an answer not known for sure, far less. */
const MEMO_MS = 5 * 60_000;
const UNSURE_MEMO_MS = 10_000;
/** How long the shared store keeps a verdict before the probe is asked again (in the background, while it serves). */
const KEEP_SECONDS = 3_600;
const UNSURE_KEEP_SECONDS = 60;

/** 404 or 403: the module is not there (or not for us); 2xx: it is; anything else is not known. */
type Answer = 'absent' | 'present' | 'unknown';

const answerOf = (status: number): Answer =>
  status === 404 || status === 403 ? 'absent' : status >= 200 && status < 300 ? 'present' : 'unknown';

export interface ModulesCalls {
  /** Which of the clinic's modules this Drupal has: at once from memory on a warm isolate, otherwise one cached probe. */
  modules(): Promise<DrupalModules>;
  /** The verdict when this isolate holds it now (or the setting fixes it), without waiting: none while it is being learned. */
  knownModules(): DrupalModules | undefined;
  /** Whether a verdict was ever learned (held, fixed, or in the store however old): if not, the first page waits on the probe. */
  everProbed(): Promise<boolean>;
}

/**
 * `pick`'s answer for this Drupal's modules: called at once when the verdict is known, so that the part it
 * chooses (a cached payload) is the very promise a page awaits, with no step between (a part ready as the
 * page's shell is written goes out in it, not streamed after it); otherwise once the verdict is learned.
 */
export function byModules<T>(calls: ModulesCalls, pick: (found: DrupalModules) => Promise<T>): Promise<T> {
  const known = calls.knownModules();
  return known ? pick(known) : calls.modules().then(pick);
}

/**
 * The probe asks the three endpoints at once, past the cache and outside the page's cache report (it is not one
 * of the page's payloads), and the verdict is kept in the shared store (`remember`: every isolate and process
 * shares it, a purge of everything forgets it) and in the isolate's memory per Drupal for a few minutes, so that
 * a warm page never waits on it. Once a verdict was ever learned, a forgotten or expired one still answers at once
 * while the probe asks again in the background: only a Drupal never probed has its first page wait for the probe.
 * A module whose endpoint answers neither 2xx nor 404/403 (a 5xx, a timeout) is taken as present, the clinic's
 * default, and that verdict is kept briefly.
 */
export function modulesCalls({ urls, cache, fetch, origin }: DrupalContext, setting: ModulesSetting, baseUrl: string): ModulesCalls {
  const { timeoutMs } = origin;
  const key = urls.modulesProbe();

  const probe = async (): Promise<{ value: DrupalModules; unsure: boolean }> => {
    const ask = (url: string) =>
      fetch(url).then(
        (response) => answerOf(response.status),
        (error: unknown) => {
          const status = (error as { status?: unknown } | null)?.status;
          return typeof status === 'number' ? answerOf(status) : 'unknown';
        },
      );
    const answers = await Promise.all([ask(urls.menu('main')), ask(urls.breadcrumb('/')), ask(urls.redirect('/'))]);
    const [blocksForPage = true, breadcrumbHeadless = true, decoupledKitRedirect = true] = answers.map((answer) => answer !== 'absent');
    const unsure = answers.includes('unknown');
    const value = { blocksForPage, breadcrumbHeadless, decoupledKitRedirect };
    await cache.remember(key, value, unsure ? UNSURE_KEEP_SECONDS : KEEP_SECONDS).catch(() => undefined);
    return { value, unsure };
  };

  /** What the store holds of the verdict, kept (fresh) or last known (however old): read once per request. */
  let reading: Promise<{ kept?: DrupalModules; last?: DrupalModules }> | undefined;
  const stored = () =>
    (reading ??= (async () => {
      const kept = await cache.recall<DrupalModules>(key).catch(() => undefined);
      if (kept) return { kept };
      return { last: await cache.lastKnown<DrupalModules>(key).catch(() => undefined) };
    })());

  const learn = async (): Promise<{ value: DrupalModules; unsure: boolean }> => {
    const { kept, last } = await stored();
    if (kept) return { value: kept, unsure: false };
    const asked = probe();
    if (!last) return asked;
    void asked.catch(() => undefined);
    return { value: last, unsure: false };
  };

  const fixed = setting === 'clinic' ? CLINIC_MODULES : setting === 'stock' ? STOCK_MODULES : undefined;
  /** This request's own way to the verdict, shared by its every part, never by another request. */
  let learning: Promise<DrupalModules> | undefined;
  // Requests of one isolate learn it once at a time through the isolate's flights, and share only the plain verdict
  // (cache/flights.ts): a request never waits on another's I/O, which the platform cancels when that request ends.
  const learnOnce = (): Promise<DrupalModules> =>
    (learning ??= isolate()
      .flights.coalesce(`modules:${key}`, timeoutMs, learn)
      .then(
        ({ value, unsure }) => {
          isolate().modules.set(baseUrl, { value, until: Date.now() + (unsure ? UNSURE_MEMO_MS : MEMO_MS) });
          return value;
        },
        () => CLINIC_MODULES,
      ));
  /**
   * The verdict this isolate holds, however old: once one was learned, a page never waits to learn it again; an
   * expired one is asked again in the background (a request the platform ends first leaves it to the next).
   */
  const held = (): DrupalModules | undefined => {
    const known = isolate().modules.get(baseUrl);
    if (!known) return undefined;
    if (known.until <= Date.now()) void learnOnce();
    return known.value as DrupalModules;
  };
  return {
    knownModules: () => fixed ?? held(),

    async everProbed() {
      if (fixed ?? held()) return true;
      const { kept, last } = await stored();
      return (kept ?? last) !== undefined;
    },

    modules() {
      const known = fixed ?? held();
      return known ? Promise.resolve(known) : learnOnce();
    },
  };
}

/** Forgets what this isolate learned of one Drupal's modules (a purge of everything asks again). */
export function forgetModules(baseUrl: string): void {
  isolate().modules.delete(baseUrl);
}
