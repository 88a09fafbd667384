import { byModules, type DrupalModules, type ModulesCalls } from './modules';
import type { RestCalls } from './clinic/rest';
import type { ClinicRedirectCalls } from './clinic/redirects';
import type { StockPriceCalls } from './stock/price';
import type { StockRedirectCalls } from './stock/redirects';
import { childrenFromMenu, nextFromMenu, sectionFromMenu } from './stock/services-menu';
import type { MenuItem } from './types';
import type { ViewCalls } from './clinic/views';

/** What the clinic's modules serve beside the frame: the price list, a service's lists, the redirect lookup. */
export type ModuleParts = Pick<RestCalls, 'priceList'> &
  Pick<ViewCalls, 'serviceChildren' | 'serviceSection' | 'nextLinks'> &
  ClinicRedirectCalls;

/**
 * Each part from where this Drupal has it (docs/drupal.md "Where the frame comes from", "The stock model"):
 * blocks_for_page's and decoupled_kit's endpoints where they are installed; otherwise the stock model: the
 * price list from the `price` bundle, a service's children, section and next links from the services menu
 * the frame loads anyway, the redirects from the redirect module's list. None of them costs a page a call of
 * its own where the clinic's module is absent: the verdict is in memory, the menu and the lists are cached
 * payloads shared by every page.
 */
export function moduleParts(
  modules: ModulesCalls,
  clinic: ModuleParts,
  stock: { price: StockPriceCalls; redirects: StockRedirectCalls; servicesMenu: () => Promise<MenuItem[]> },
): ModuleParts {
  const fromMenu =
    <T>(read: (menu: MenuItem[], page: string) => T, own: (page: string) => Promise<T>) =>
    (page: string): Promise<T> =>
      byModules(modules, (found) => (found.blocksForPage ? own(page) : stock.servicesMenu().then((menu) => read(menu, page))));
  return {
    priceList: (page) => byModules(modules, (found) => (found.blocksForPage ? clinic.priceList(page) : stock.price.priceList(page))),
    serviceChildren: fromMenu(childrenFromMenu, clinic.serviceChildren),
    serviceSection: fromMenu(sectionFromMenu, clinic.serviceSection),
    nextLinks: fromMenu((menu, page) => nextFromMenu(menu, page), clinic.nextLinks),
    redirect: (path) => (modules.knownModules() ? byModules(modules, redirectFrom(path)) : redirectBesideProbe(path)),
  };

  function redirectFrom(path: string) {
    return (found: DrupalModules) => (found.decoupledKitRedirect ? clinic.redirect(path) : stock.redirects.redirect(path));
  }

  /**
   * A Drupal whose modules this isolate does not hold: the clinic's lookup is asked beside the verdict rather than after
   * it, and on a Drupal never probed (no verdict in the store either) the stock export too, so that the path is known in
   * one round whichever this Drupal has (docs/architecture.md, "What a page costs Drupal"); the verdict then says which
   * answer is read, the other left unread (a clinic's Drupal pays one call of the stock export, at its first probe).
   */
  function redirectBesideProbe(path: string) {
    const clinicAsked = clinic.redirect(path);
    clinicAsked.catch(() => undefined);
    const stockAsked = modules.everProbed().then((ever) => (ever ? undefined : stock.redirects.redirect(path)));
    stockAsked.catch(() => undefined);
    return modules
      .modules()
      .then((found) => (found.decoupledKitRedirect ? clinicAsked : stockAsked.then((asked) => asked ?? stock.redirects.redirect(path))));
  }
}
