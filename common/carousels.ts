/**
 * docs/requirements.md §9: each kind of carousel and its swiper settings, in one table. The
 * worker renders a carousel's CSS scroll-snap strip from it (so the slides are
 * as wide before swiper arrives as after) and the Carousel behaviour gives the
 * same row to swiper: nothing moves when swiper takes over.
 */

export interface CarouselSettings {
  /** Slides in view below the first breakpoint. */
  readonly perView: number;
  /** From this window width (px) up, this many slides: swiper's `breakpoints`, mobile first. */
  readonly breakpoints?: Readonly<Record<number, number>>;
  /** Space between slides, px (swiper's spaceBetween). */
  readonly gap: number;
  readonly autoplayMs?: number;
  /** Infinite: after the last slide comes the first. */
  readonly loop?: boolean;
  /** «Предыдущий слайд» / «Следующий слайд» buttons. */
  readonly arrows?: boolean;
  /** One «Слайд N» button per slide. */
  readonly dots?: boolean;
  readonly centered?: boolean;
  /** From this window width (px) up, no slider: every slide in view, `columns` to a row. */
  readonly grid?: { readonly from: number; readonly columns: number };
}

export type CarouselKind = 'general' | 'beforeAfter' | 'home' | 'promotions' | 'doctors' | 'reviews' | 'licences' | 'terms';

export const CAROUSELS: { readonly [K in CarouselKind]: CarouselSettings } = {
  // 3 slides, 2 under 960 px, 1 under 577 px.
  general: { perView: 1, breakpoints: { 577: 2, 960: 3 }, gap: 16, autoplayMs: 5000, loop: true },
  beforeAfter: { perView: 1, gap: 16, dots: true },
  home: { perView: 1, gap: 0, autoplayMs: 5000, arrows: true, dots: true },
  promotions: { perView: 1, gap: 16 },
  // 2 slides, 1 below 574 px; docs/requirements.md §2 «Процедуру проводят»: a slider on phones only, all the doctors at once on desktops.
  doctors: { perView: 1, breakpoints: { 574: 2 }, gap: 16, grid: { from: 960, columns: 3 } },
  reviews: { perView: 1, breakpoints: { 574: 2 }, gap: 16 },
  licences: { perView: 1, breakpoints: { 574: 3 }, gap: 16, arrows: true },
  terms: { perView: 1, gap: 16, centered: true },
};

/** The most slides a kind ever shows at once (at its widest breakpoint). */
export const widestPerView = (settings: CarouselSettings): number =>
  Math.max(settings.perView, ...Object.values(settings.breakpoints ?? {}));

/**
 * The CSS that sizes a kind's slides at each width: `--per-view` and `--gap`,
 * which carousel.css turns into slide widths (before swiper) exactly as swiper
 * computes them ((width − gaps) / per view).
 */
export function carouselCss(kind: CarouselKind): string {
  const settings = CAROUSELS[kind];
  const selector = `.carousel--${kind}`;
  const rules = [`${selector}{--per-view:${settings.perView};--gap:${settings.gap}px}`];
  const widths = Object.entries(settings.breakpoints ?? {})
    .map(([width, perView]) => [Number(width), perView] as const)
    .sort(([a], [b]) => a - b);
  for (const [width, perView] of widths) {
    rules.push(`@media (min-width:${width}px){${selector}{--per-view:${perView}}}`);
    // Every slide in view: swiper would lock the carousel and hide its controls (carousel.css); so does the row before it.
    const fitting = Array.from({ length: perView - 1 }, (_, i) => `[data-slides="${i + 2}"]`).join(',');
    if ((settings.arrows || settings.dots) && perView > 1) {
      rules.push(
        `@media (min-width:${width}px){${selector} .carousel__frame:is(${fitting})~:is(.carousel__arrow,.carousel__dots){visibility:hidden}}`,
      );
    }
  }
  // The Carousel behaviour starts no swiper at these widths (gridMedia), so nothing undoes the grid.
  if (settings.grid) {
    rules.push(
      `@media ${gridMedia(settings)}{${selector} .carousel__track{display:grid;grid-template-columns:repeat(${settings.grid.columns},minmax(0,1fr));overflow:visible}` +
        `${selector} .carousel__arrow,${selector} .carousel__dots{display:none}}`,
    );
  }
  return rules.join('');
}

/** The media query at which a kind is a grid rather than a slider, if it ever is. */
export const gridMedia = (settings: CarouselSettings): string | undefined =>
  settings.grid ? `(min-width:${settings.grid.from}px)` : undefined;
