import { defineBehavior } from '../runtime/behavior';

/**
 * docs/requirements.md §4, §9: `delayMs` after the page has loaded, lazy images stop being lazy,
 * so that a reader who scrolls later finds them already there rather than
 * watching them arrive.
 */
export default defineBehavior('EagerImages', (_root, { delayMs }) => {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const loadedAt = navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : performance.now();
  setTimeout(
    () => {
      for (const image of Array.from(document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'))) image.loading = 'eager';
    },
    Math.max(0, loadedAt + delayMs - performance.now()),
  );
});
