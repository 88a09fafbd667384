import { isolate } from '../state';
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

/** 404 or 403: the module is not there (or not for us); 2xx: it is; anything else is not known. */
type Answer = 'absent' | 'present' | 'unknown';

const answerOf = (status: number): Answer =>
  status === 404 || status === 403 ? 'absent' : status >= 200 && status < 300 ? 'present' : 'unknown';

export interface ModulesCalls {
  /** Which of the clinic's modules this Drupal has: at once from memory on a warm isolate, otherwise one cached probe. */
  modules(): Promise<DrupalModules>;
}

/**
 * The probe asks the three endpoints at once, past the cache, and keeps the verdict through the cache
 * (every isolate and process shares it; a purge of everything asks again) and in the isolate's memory per
 * Drupal for a few minutes, so that a warm page never waits on it. A module whose endpoint answers neither
 * 2xx nor 404/403 (a 5xx, a timeout) is taken as present, the clinic's default, and that verdict is kept briefly.
 */
export function modulesCalls({ urls, cache, fetch }: DrupalContext, setting: ModulesSetting, baseUrl: string): ModulesCalls {
  const probe = async () => {
    const ask = (url: string) =>
      fetch(url).then(
        (response) => answerOf(response.status),
        (error: unknown) => {
          const status = (error as { status?: unknown } | null)?.status;
          return typeof status === 'number' ? answerOf(status) : 'unknown';
        },
      );
    const answers = await Promise.all([ask(urls.menu('main')), ask(urls.breadcrumb('/')), ask(urls.redirect('/'))]);
    const [blocksForPage, breadcrumbHeadless, decoupledKitRedirect] = answers.map((answer) => answer !== 'absent') as [
      boolean,
      boolean,
      boolean,
    ];
    return { value: { blocksForPage, breadcrumbHeadless, decoupledKitRedirect }, negative: answers.includes('unknown') };
  };

  return {
    modules() {
      if (setting === 'clinic') return Promise.resolve(CLINIC_MODULES);
      if (setting === 'stock') return Promise.resolve(STOCK_MODULES);
      const memo = isolate().modules;
      const known = memo.get(baseUrl);
      if (known && known.until > Date.now()) return known.value as Promise<DrupalModules>;
      let unsure = false;
      const load = async () => {
        const loaded = await probe();
        unsure = loaded.negative;
        return loaded;
      };
      const asked = () => cache.get(urls.modulesProbe(), load);
      // What was learned before, however old or purged, answers at once while the probe refreshes it in the
      // background; only a Drupal never probed before makes its first page wait for the probe.
      const value = cache
        .lastKnown<DrupalModules>(urls.modulesProbe())
        .catch(() => undefined)
        .then((last) => {
          if (last === undefined) return asked();
          asked().catch(() => undefined);
          return last;
        })
        .catch(() => {
          unsure = true;
          return CLINIC_MODULES;
        });
      memo.set(baseUrl, { value, until: Date.now() + MEMO_MS });
      void value.then(() => {
        if (unsure) memo.set(baseUrl, { value, until: Date.now() + UNSURE_MEMO_MS });
      });
      return value;
    },
  };
}

/** Forgets what this isolate learned of one Drupal's modules (a purge of everything asks again). */
export function forgetModules(baseUrl: string): void {
  isolate().modules.delete(baseUrl);
}
