import { defineBehavior } from '../runtime/behavior';

/** docs/requirements.md §9: the button appears once the page has scrolled more than `threshold` px. */
export default defineBehavior('BackToTop', (root, { threshold }) => {
  const button = root.querySelector('button');
  if (!button) return;
  const update = () => {
    const shown = window.scrollY > threshold;
    button.classList.toggle('back-to-top--shown', shown);
    button.tabIndex = shown ? 0 : -1;
    button.setAttribute('aria-hidden', String(!shown));
  };
  update();
  window.addEventListener('scroll', update, { passive: true });
  button.addEventListener('click', () => window.scrollTo({ top: 0, behavior: 'smooth' }));
});
