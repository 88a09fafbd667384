import { defineBehavior } from '../runtime/behavior';

/**
 * docs/requirements.md §4, §9: `delayMs` after the page has loaded, lazy images stop being lazy,
 * so that a reader who scrolls later finds them already there rather than
 * watching them arrive.
 */
export default defineBehavior('EagerImages', (_root, { delayMs }) => {
  const release = () => {
    for (const image of Array.from(document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'))) image.loading = 'eager';
  };
  // Counted from the load event's end: the browser may be idle, and wake this, while the page's images still arrive.
  const countFromLoad = () => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const loadedAt = navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : performance.now();
    setTimeout(release, Math.max(0, loadedAt + delayMs - performance.now()));
  };
  // loadEventEnd is set once the load event's listeners have run, so a task queued from one reads it.
  if (document.readyState === 'complete') countFromLoad();
  else window.addEventListener('load', () => setTimeout(countFromLoad, 0), { once: true });
});
