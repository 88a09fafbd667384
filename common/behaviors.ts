/**
 * Behaviours: islands without React. The worker renders their markup as plain
 * server components; in the browser a small module drives that markup (a
 * carousel, a menu, a button). Most visitors only read, and a behaviour costs
 * them a few kilobytes where a React island costs React.
 *
 * Each behaviour's props and default trigger, by the name of its module under
 * client/behaviors/: the worker names behaviours only through this table, so none
 * of their browser code reaches the worker's bundle.
 */
import type { CarouselKind } from './carousels';
import type { HydrateWhen } from './islands';

export interface BehaviorProps {
  BackToTop: { threshold: number };
  SearchToggle: { barId: string };
  /** `contentDelayMs`: when the menu's content is stamped in without being opened (docs/requirements.md §9: 5 s). */
  SlideMenu: { contentDelayMs: number };
  SiteHeader: Record<string, never>;
  /** docs/requirements.md §9: the bar shows after `throttleMs` and fills over `durationMs`. */
  NavigationProgress: { throttleMs: number; durationMs: number };
  /** `restoredMs`: how long «Соединение восстановлено» stays. */
  ConnectionStatus: { restoredMs: number };
  /** Reading offline: registers the service worker; `pinned` are the pages kept even if never opened (common/offline.ts). */
  OfflineReading: { pinned: string[] };
  /** docs/requirements.md §4, §9: lazy images turn eager `delayMs` after the page has loaded. */
  EagerImages: { delayMs: number };
  /** docs/requirements.md §9: the kind names the carousel's swiper settings (common/carousels.ts). */
  Carousel: { kind: CarouselKind };
  /** docs/requirements.md §9: a kind that plays by itself plays its scroll-snap row until swiper takes it over. */
  CarouselAutoplay: { kind: CarouselKind };
  /** The player of a video facade: loaded only when the visitor asks for the video. */
  VideoFacade: { embedBase: string };
  /**
   * docs/requirements.md §2 "Search": the results in the element `resultsId` follow the search page's field
   * `debounceMs` after the last key; `titleSuffix` ends the tab's title.
   */
  LiveSearch: { debounceMs: number; titleSuffix: string; resultsId: string };
  /** The analytics question (common/consent.ts): `metrikaId` is the counter it starts after «Принять». */
  ConsentBanner: { metrikaId: number };
  /** A booking just made (docs/booking.md): the Metrica goal `goal`, sent only where the counter runs (after consent). */
  MetrikaGoal: { metrikaId: number; goal: string };
  /** The booking page's phone field, masked as the popups' (docs/booking.md, "The page"). */
  PhoneMask: Record<string, never>;
}

export type BehaviorName = keyof BehaviorProps;

export const BEHAVIOR_TRIGGERS: { readonly [N in BehaviorName]: HydrateWhen } = {
  BackToTop: 'idle',
  SearchToggle: 'interaction',
  SlideMenu: 'idle',
  SiteHeader: 'idle',
  NavigationProgress: 'idle',
  ConnectionStatus: 'idle',
  OfflineReading: 'idle',
  EagerImages: 'idle',
  // Swiper only for a visitor who reaches for the carousel: a reader scrolls past a row that needs no script.
  Carousel: 'reach',
  CarouselAutoplay: 'visible',
  VideoFacade: 'interaction',
  LiveSearch: 'interaction',
  // Asked on a first visit at once; a visitor who has chosen wakes it from the footer ('demand').
  ConsentBanner: 'idle',
  MetrikaGoal: 'idle',
  // Loaded when the visitor reaches the field, not with the page: a reading visit needs none of it.
  PhoneMask: 'interaction',
};
