/**
 * The only script every page loads. It finds the island markers the worker
 * rendered and, for each, loads that island's code (and React) only when the
 * island asks: when the browser is idle, when it becomes visible, on the first
 * interaction with it, or when the visitor reaches for it. Nothing here imports React.
 */
import './styles/main.css';
import {
  ISLAND_ATTRIBUTE,
  ISLAND_ERROR_EVENT,
  PROPS_ATTRIBUTE,
  SLOT_ATTRIBUTE,
  SRC_ATTRIBUTE,
  WAKES_ATTRIBUTE,
  WHEN_ATTRIBUTE,
} from '../common/island-markers';
import type { HydrateWhen, SerializableProps } from '../common/islands';

import { isBehavior, type Behavior } from './runtime/behavior';
import { keepFingers } from './runtime/fingers';

/** A React island's component, or a behaviour that drives server-rendered markup without React. */
type IslandModule = { default: import('react').ComponentType<SerializableProps> | Behavior<SerializableProps> };

/** The first, a pointer merely passing over it (as a reader's does), is not reaching for it (`reach`). */
const WAKING_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
const RELOADED_KEY = 'islands:reloaded';

/**
 * An island's code, from the chunk its marker names, tried twice: a chunk can fail
 * to arrive once on a shaky connection. The browser remembers a failed import, so
 * the second try asks under another URL. Failing twice usually means a deploy
 * replaced the chunk under an open tab: the page then reloads, once per tab
 * session (docs/requirements.md §8), to get the new names.
 */
async function importIsland(src: string): Promise<IslandModule> {
  try {
    return (await import(/* @vite-ignore */ src)) as IslandModule;
  } catch {
    return (await import(/* @vite-ignore */ `${src}?retry`)) as IslandModule;
  }
}

function reportFailure(name: string, error: unknown) {
  console.error(`Остров «${name}» не загрузился`, error);
  window.dispatchEvent(
    new CustomEvent(ISLAND_ERROR_EVENT, { detail: { name, message: error instanceof Error ? error.message : String(error) } }),
  );
  if (sessionStorage.getItem(RELOADED_KEY)) return;
  sessionStorage.setItem(RELOADED_KEY, '1');
  window.location.reload();
}

/** The island's own slot: server-rendered children, not those of an island nested in it. */
function slotOf(root: HTMLElement): string | undefined {
  const slot = root.querySelector<HTMLElement>(`[${SLOT_ATTRIBUTE}]`);
  return slot && slot.closest(`[${ISLAND_ATTRIBUTE}]`) === root ? slot.innerHTML : undefined;
}

async function wake(root: HTMLElement): Promise<void> {
  const name = root.getAttribute(ISLAND_ATTRIBUTE) ?? '';
  const props = JSON.parse(root.getAttribute(PROPS_ATTRIBUTE) ?? '{}') as SerializableProps;
  let code: IslandModule['default'];
  try {
    const src = root.getAttribute(SRC_ATTRIBUTE);
    if (!src) throw new Error('у острова нет адреса кода');
    code = (await importIsland(src)).default;
  } catch (error) {
    reportFailure(name, error);
    throw error;
  }
  if (isBehavior(code)) {
    code.mount(root, props);
    return;
  }
  const { hydrateIsland } = await import('./runtime/hydrate');
  // hydrateRoot attaches React's listeners at once, so a click dispatched after this reaches the component.
  await hydrateIsland(root, code, props, slotOf(root));
}

/**
 * Wakes the island on the first interaction with it (the click is held and replayed); returns a starter for other triggers.
 * `reach`: only when the visitor reaches for it (common/islands.ts), and a click on a link in it is not held.
 */
function wakeOnInteraction(root: HTMLElement, reach = false): () => void {
  let waking: Promise<void> | undefined;
  let clicked: Element | undefined;
  const start = () => {
    waking ??= wake(root).then(
      () => {
        root.removeEventListener('click', holdClick, true);
        // The target may be an SVG inside a button, which has no click(): dispatch the event instead.
        clicked?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
      },
      () => root.removeEventListener('click', holdClick, true),
    );
  };
  // A click that lands before React listens would be lost: hold it and give it again once hydrated.
  const holdClick = (event: Event) => {
    // A link needs no island's code: the visitor goes at once rather than after a chunk they will not use.
    if (reach && event.target instanceof Element && event.target.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.target instanceof Element) clicked = event.target;
    start();
  };
  for (const type of WAKING_EVENTS.slice(reach ? 1 : 0)) root.addEventListener(type, start, { capture: true, passive: true, once: true });
  root.addEventListener('click', holdClick, true);
  // A sideways wheel over it (a trackpad's swipe) reaches for it; the page's own scroll past it does not.
  const wheel = (event: WheelEvent) => {
    if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) start();
  };
  if (reach) root.addEventListener('wheel', wheel, { capture: true, passive: true });
  // Whether a finger is on it: a swipe wakes it on its first touch, and the code that arrives mid-swipe (its listeners
  // later than that touch) must not take the row from under the finger (data-touching, read by the behaviour).
  if (reach) keepFingers(root);
  return start;
}

/** Islands woken on demand, by name: each wakes once, whichever of its triggers is used first. */
const onDemand = new Map<string, { root: HTMLElement; state: 'asleep' | 'waking' | 'awake' }>();

/**
 * A click on an element that names an island in `data-wakes` (a «Записаться»
 * button anywhere on the page) wakes that island first, then is given again, so
 * the island, listening by then, sees it.
 */
document.addEventListener(
  'click',
  (event) => {
    const trigger = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${WAKES_ATTRIBUTE}]`) : null;
    const island = trigger && onDemand.get(trigger.getAttribute(WAKES_ATTRIBUTE) ?? '');
    if (!trigger || !island || island.state === 'awake') return;
    event.preventDefault();
    event.stopPropagation();
    if (island.state === 'waking') return;
    island.state = 'waking';
    wake(island.root).then(
      () => {
        island.state = 'awake';
        trigger.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
      },
      () => {
        // The island could not load: the element does what it does without it (a link goes to its page).
        island.state = 'awake';
        if (trigger instanceof HTMLAnchorElement) window.location.assign(trigger.href);
      },
    );
  },
  true,
);

function schedule(root: HTMLElement, when: HydrateWhen) {
  const wakeNow = () => void wake(root).catch(() => undefined);
  if (when === 'demand') {
    onDemand.set(root.getAttribute(ISLAND_ATTRIBUTE) ?? '', { root, state: 'asleep' });
    return;
  }
  if (when === 'interaction' || when === 'reach') {
    wakeOnInteraction(root, when === 'reach');
    return;
  }
  if (when === 'visible') {
    // Markers use display: contents and have no box of their own; watch their children.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        wakeNow();
      }
    });
    for (const child of Array.from(root.children)) observer.observe(child);
    return;
  }
  // An idle island a visitor uses before the browser is idle (a tap on the menu button at once) wakes then, and its click is replayed.
  const start = wakeOnInteraction(root);
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  idle(start);
}

for (const root of Array.from(document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`))) {
  schedule(root, (root.getAttribute(WHEN_ATTRIBUTE) as HydrateWhen | null) ?? 'idle');
}

// Vite's own preload helper reports a missing chunk this way; the islands above handle theirs.
window.addEventListener('vite:preloadError', () => {
  if (sessionStorage.getItem(RELOADED_KEY)) return;
  sessionStorage.setItem(RELOADED_KEY, '1');
  window.location.reload();
});
