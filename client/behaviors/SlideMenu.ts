import { defineBehavior } from '../runtime/behavior';

/** Selectors of the markup worker/components/layout/SlideMenu.tsx renders. */
const OPEN = '[data-slide-menu-open]';
const CLOSE = '[data-slide-menu-close]';
const SLOT = '[data-slide-menu-slot]';
const TEMPLATE = 'template[data-slide-menu-template]';
const TOGGLE = '[data-slide-menu-toggle]';
/**
 * The desktop main menu the tree is made from (worker/components/MainNav.tsx): a top item's submenu is the <ul>
 * right under its <li>, a deeper one is wrapped in a group.
 */
const MAIN_MENU = 'nav.main-nav > ul';
const SUBITEMS = ':scope > ul > li, :scope > div > ul > li';
const LOCKED = 'slide-menu-open';
const DESKTOP = '(min-width: 960px)';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] => {
  const made = document.createElement(tag);
  made.className = className;
  return made;
};

/**
 * One level of the slide menu's tree, made from the main menu's items: a link, and for an item with children a
 * button that unfolds them, unfolded where the current page is among them (the main menu marks it `aria-current`).
 */
function level(items: Element[], id: string, chevron: Node): HTMLUListElement {
  const list = element('ul', 'slide-menu__list');
  items.forEach((source, index) => {
    const from = source.querySelector<HTMLAnchorElement>(':scope > a');
    if (!from) return;
    const item = element('li', 'slide-menu__item');
    const row = element('div', 'slide-menu__row');
    const link = element('a', 'slide-menu__link');
    const title = from.textContent?.trim() ?? '';
    link.href = from.getAttribute('href') ?? '';
    link.textContent = title;
    if (from.getAttribute('aria-current') === 'page') link.setAttribute('aria-current', 'page');
    row.append(link);
    item.append(row);
    const children = Array.from(source.querySelectorAll(SUBITEMS));
    if (children.length > 0) {
      const sectionId = `${id}-${index}`;
      const open = source.querySelector('a[aria-current="page"]') !== null;
      const toggle = element('button', 'slide-menu__toggle');
      toggle.type = 'button';
      toggle.setAttribute('aria-expanded', String(open));
      toggle.setAttribute('aria-controls', sectionId);
      toggle.setAttribute('aria-label', `${title}: подразделы`);
      toggle.setAttribute('data-slide-menu-toggle', '');
      toggle.append(chevron.cloneNode(true));
      row.append(toggle);
      const section = element('div', 'slide-menu__section');
      section.id = sectionId;
      section.hidden = !open;
      section.append(level(children, sectionId, chevron));
      item.append(section);
    }
    list.append(item);
  });
  return list;
}

/**
 * The phones' slide-out menu (docs/requirements.md §2, §4): a native modal <dialog>, so the page
 * behind is inert and Escape closes it. Its menu tree is made from the main menu's, once a <template>
 * says the menus have arrived, after `contentDelayMs` or on first open, so a phone's first render stays
 * small. It closes on every navigation, and closing puts the page back where it was scrolled.
 */
export default defineBehavior('SlideMenu', (root, { contentDelayMs }) => {
  const button = root.querySelector<HTMLButtonElement>(OPEN);
  const dialog = root.querySelector<HTMLDialogElement>('dialog');
  if (!button || !dialog) return;
  const html = document.documentElement;
  let scrollTop = 0;

  // Wanted once the delay has passed or the menu is opened; the menus may still be streaming in then.
  let wanted = false;
  const stamp = () => {
    wanted = true;
    const template = root.querySelector<HTMLTemplateElement>(TEMPLATE);
    const menu = document.querySelector(MAIN_MENU);
    const chevron = template?.content.firstElementChild;
    const slot = dialog.querySelector(SLOT);
    if (!template || !menu || !chevron || !slot) return;
    arrival.disconnect();
    slot.replaceChildren(level(Array.from(menu.children), `${dialog.id}-section`, chevron));
    template.remove();
  };
  // React reveals streamed parts in batches, after the load event at times: the template and the main menu (further
  // down the header) may land later than this behaviour.
  const arrival = new MutationObserver(() => {
    if (wanted) stamp();
  });
  arrival.observe(root.closest('header') ?? root, { childList: true, subtree: true });
  setTimeout(() => (window.requestIdleCallback ? window.requestIdleCallback(stamp) : stamp()), contentDelayMs);

  const open = () => {
    if (dialog.open) return;
    stamp();
    scrollTop = window.scrollY;
    // overflow: hidden on the root keeps the page where it is (no jump to the top) while it cannot scroll.
    html.classList.add(LOCKED);
    // The dialog would give focus back to the button itself, scrolling the page to it; the close handler does it without scrolling.
    button.blur();
    dialog.showModal();
    button.setAttribute('aria-expanded', 'true');
  };
  const close = () => {
    if (dialog.open) dialog.close();
  };

  dialog.addEventListener('close', () => {
    html.classList.remove(LOCKED);
    button.setAttribute('aria-expanded', 'false');
    window.scrollTo({ top: scrollTop, behavior: 'instant' });
    button.focus({ preventScroll: true });
  });

  button.addEventListener('click', open);
  // A tap would focus the button first, and focusing a control of the sticky header can scroll the page under it.
  button.addEventListener('mousedown', (event) => event.preventDefault());

  dialog.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    // The dialog fills the screen and the panel only part of it: a tap on the dialog itself is a tap on the backdrop.
    if (target === dialog || target.closest(CLOSE)) return close();
    const toggle = target.closest<HTMLButtonElement>(TOGGLE);
    if (toggle) {
      const section = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      const expanded = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(expanded));
      if (section) section.hidden = !expanded;
      return;
    }
    // Following a link (or the book button, whose popup then takes over) leaves the menu.
    if (target.closest('a[href]')) close();
  });
  dialog.addEventListener('submit', close);

  // A modal dialog keeps focus out of the page, but Tab would still leave for the browser's own controls.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.checkVisibility());
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  // Back from the back/forward cache, the page must not still show the menu it was left from.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) close();
  });
  // Grown to desktop width, where the hamburger is hidden: nothing could close the menu any more.
  window.matchMedia(DESKTOP).addEventListener('change', (event) => {
    if (event.matches) close();
  });
});
