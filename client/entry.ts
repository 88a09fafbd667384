/**
 * The only script every page loads. It finds the island markers the worker
 * rendered and, for each, loads that island's code (and React) only when the
 * island asks: when the browser is idle, when it becomes visible, or on the
 * first interaction with it. Nothing here imports React.
 */
import './styles/main.css';
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE, WHEN_ATTRIBUTE, type HydrateWhen, type SerializableProps } from './runtime/island-types';

type IslandModule = { default: import('react').ComponentType<SerializableProps> };

const islandModules = import.meta.glob<IslandModule>('./islands/*.tsx');

const WAKING_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

async function wake(root: HTMLElement): Promise<void> {
  const name = root.getAttribute(ISLAND_ATTRIBUTE) ?? '';
  const load = islandModules[`./islands/${name}.tsx`];
  if (!load) {
    console.error(`Неизвестный остров: ${name}`);
    return;
  }
  const props = JSON.parse(root.getAttribute(PROPS_ATTRIBUTE) ?? '{}') as SerializableProps;
  const [{ default: component }, { hydrateIsland }] = await Promise.all([load(), import('./runtime/hydrate')]);
  // hydrateRoot attaches React's listeners at once, so a click dispatched after this reaches the component.
  hydrateIsland(root, component, props);
}

function wakeOnInteraction(root: HTMLElement) {
  let waking: Promise<void> | undefined;
  let clicked: Element | undefined;
  const start = () => {
    waking ??= wake(root).then(() => {
      root.removeEventListener('click', holdClick, true);
      // The target may be an SVG inside a button, which has no click(): dispatch the event instead.
      clicked?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    });
  };
  // A click that lands before React listens would be lost: hold it and give it again once hydrated.
  const holdClick = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    if (event.target instanceof Element) clicked = event.target;
    start();
  };
  for (const type of WAKING_EVENTS) root.addEventListener(type, start, { capture: true, passive: true, once: true });
  root.addEventListener('click', holdClick, true);
}

function schedule(root: HTMLElement, when: HydrateWhen) {
  if (when === 'interaction') return wakeOnInteraction(root);
  if (when === 'visible') {
    // Markers use display: contents and have no box of their own; watch their children.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        void wake(root);
      }
    });
    for (const child of Array.from(root.children)) observer.observe(child);
    return;
  }
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  idle(() => void wake(root));
}

for (const root of Array.from(document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`))) {
  schedule(root, (root.getAttribute(WHEN_ATTRIBUTE) as HydrateWhen | null) ?? 'idle');
}

// A stale tab after a deploy asks for chunks that no longer exist: reload once (spec §8).
window.addEventListener('vite:preloadError', () => window.location.reload());
