import { defineBehavior } from '../runtime/behavior';

/**
 * The header's search button shows and hides the search bar under the header.
 * Without JavaScript the button stays hidden and the search page's own form works.
 */
export default defineBehavior('SearchToggle', (root, { barId }) => {
  const button = root.querySelector('button');
  const bar = document.getElementById(barId);
  if (!button || !bar) return;
  const input = bar.querySelector('input');
  const setOpen = (open: boolean) => {
    bar.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? 'Закрыть поиск' : 'Открыть поиск');
    if (open) input?.focus();
  };
  button.addEventListener('click', () => setOpen(bar.hidden));
  bar.querySelector('[data-search-close]')?.addEventListener('click', () => {
    setOpen(false);
    button.focus();
  });
  bar.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      setOpen(false);
      button.focus();
    }
  });
});
