import { defineBehavior } from '../runtime/behavior';

const SCROLLED = 'site-header--scrolled';
/** Set on a main-menu item whose submenu Escape closed; CSS hides that submenu until focus or the pointer leaves the item. */
const CLOSED = 'data-submenu-closed';

/**
 * The header's two small reactions: its 'scrolled' style once the page is
 * scrolled at all (docs/requirements.md §2), and Escape in the desktop main menu, whose submenus
 * open on hover and focus in CSS: Escape closes the submenu it is pressed in and
 * gives focus back to that submenu's parent link.
 */
export default defineBehavior('SiteHeader', () => {
  const header = document.querySelector<HTMLElement>('.site-header');
  if (!header) return;
  const update = () => header.classList.toggle(SCROLLED, window.scrollY > 0);
  update();
  window.addEventListener('scroll', update, { passive: true });

  const nav = header.querySelector<HTMLElement>('.main-nav');
  if (!nav) return;
  const reopen = (item: Element) => item.removeAttribute(CLOSED);

  nav.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !(event.target instanceof Element)) return;
    const item = event.target.closest('a')?.closest('li');
    // The nearest item, from the focused link's own upwards, whose submenu is open: that submenu closes.
    let owner: Element | null | undefined = item;
    while (owner && nav.contains(owner) && !(owner.querySelector(':scope > ul') && !owner.hasAttribute(CLOSED))) {
      owner = owner.parentElement?.closest('li');
    }
    if (!owner || !nav.contains(owner)) return;
    event.preventDefault();
    owner.setAttribute(CLOSED, '');
    owner.querySelector<HTMLElement>(':scope > a')?.focus();
  });
  nav.addEventListener('focusout', (event) => {
    for (const item of Array.from(nav.querySelectorAll(`[${CLOSED}]`))) {
      if (!(event.relatedTarget instanceof Node && item.contains(event.relatedTarget))) reopen(item);
    }
  });
  nav.addEventListener('pointerout', (event) => {
    const item = event.target instanceof Element ? event.target.closest(`[${CLOSED}]`) : null;
    if (item && !(event.relatedTarget instanceof Node && item.contains(event.relatedTarget))) reopen(item);
  });
});
