import Swiper from 'swiper';
import { Autoplay, Navigation, Pagination } from 'swiper/modules';
import { CAROUSELS, gridMedia } from '../../common/carousels';
import { defineBehavior } from '../runtime/behavior';
import { fingerOn, onFingers } from '../runtime/fingers';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** How long the row must be left alone (no scroll, no finger moving) before swiper takes it over. */
const STILL_MS = 150;

/**
 * Calls `then` once the row stands still: a swipe or a trackpad's sideways scroll that woke swiper ends
 * natively, where the visitor lets it, and swiper starts on that slide rather than cutting the gesture short.
 * Still means no scroll and no finger moving for STILL_MS, and no finger down: on a slow phone the swipe's
 * first moves may come after swiper has loaded, and swiper taking the row then would swallow the swipe. Whether a
 * finger is down is read from the island's root (`fingerOn`), which knows of one put down before this code arrived.
 */
function whenStill(root: HTMLElement, track: HTMLElement, then: () => void) {
  let moved = false;
  const onMove = () => {
    moved = true;
  };
  const events = ['scroll', 'touchstart', 'touchmove', 'touchend', 'touchcancel'] as const;
  for (const type of events) track.addEventListener(type, onMove, { passive: true });
  const look = () => {
    if (moved || fingerOn(root)) {
      moved = false;
      setTimeout(look, STILL_MS);
      return;
    }
    for (const type of events) track.removeEventListener(type, onMove);
    then();
  };
  setTimeout(look, STILL_MS);
}

/**
 * docs/requirements.md §9: swiper takes over the server's scroll-snap strip (worker/components/Carousel.tsx)
 * with its kind's settings, which also sized the strip: the slides stay where they are.
 * It is loaded only when a visitor reaches for the carousel (the `reach` trigger, common/islands.ts): a reader
 * scrolls past a row that needs no script, which plays by itself if its kind does (CarouselAutoplay). The
 * gesture that woke it is not lost: a swipe ends natively first, and a press on an arrow or a dot (the loader
 * gives the click again once this has loaded) moves swiper once it is up.
 * Autoplay holds while the pointer is over the carousel, while a finger is on it (swiper itself pauses only
 * once the finger moves), while focus is in it, and whenever the visitor asks the system for less motion.
 * A kind that is a grid at some widths (common/carousels.ts) has no swiper there: it would size and move
 * the slides the grid lays out.
 */
export default defineBehavior('Carousel', (root, { kind }) => {
  const carousel = root.querySelector<HTMLElement>('.carousel');
  const frame = carousel?.querySelector<HTMLElement>('.carousel__frame');
  const track = frame?.querySelector<HTMLElement>('.carousel__track');
  if (!carousel || !frame || !track) return;
  const settings = CAROUSELS[kind];
  const prevEl = carousel.querySelector<HTMLElement>('.carousel__arrow--prev');
  const nextEl = carousel.querySelector<HTMLElement>('.carousel__arrow--next');
  const dotsEl = carousel.querySelector<HTMLElement>('.carousel__dots');
  const reducedMotion = matchMedia(REDUCED_MOTION);

  const markCurrentDot = () => {
    for (const dot of Array.from(dotsEl?.children ?? [])) {
      if (dot.classList.contains('carousel__dot--active')) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    }
  };

  let swiper: Swiper | undefined;
  // The press on an arrow or a dot made before swiper is up, done once it is.
  const serverDots = Array.from(dotsEl?.children ?? []);
  let asked: ((started: Swiper) => void) | undefined;
  carousel.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (swiper || !target) return;
    const dot = target.closest('.carousel__dot');
    const index = dot ? serverDots.indexOf(dot) : -1;
    if (target.closest('.carousel__arrow--next')) asked = (started) => started.slideNext();
    else if (target.closest('.carousel__arrow--prev')) asked = (started) => started.slidePrev();
    else if (index >= 0) asked = (started) => (settings.loop ? started.slideToLoop(index) : started.slideTo(index));
  });

  const start = () => {
    // A visitor may have swiped the strip already: swiper starts on the slide they left in view.
    const first = track.firstElementChild;
    const step = first ? first.getBoundingClientRect().width + settings.gap : 0;
    const initialSlide = step > 0 ? Math.round(track.scrollLeft / step) : 0;
    track.scrollLeft = 0;
    return new Swiper(frame, {
      modules: [Navigation, Pagination, Autoplay],
      wrapperClass: 'carousel__track',
      slideClass: 'carousel__slide',
      slidesPerView: settings.perView,
      spaceBetween: settings.gap,
      breakpoints: Object.fromEntries(
        Object.entries(settings.breakpoints ?? {}).map(([width, perView]) => [width, { slidesPerView: perView }]),
      ),
      loop: settings.loop ?? false,
      centeredSlides: settings.centered ?? false,
      initialSlide,
      speed: reducedMotion.matches ? 0 : 400,
      autoplay: settings.autoplayMs ? { delay: settings.autoplayMs, disableOnInteraction: false } : false,
      navigation: prevEl && nextEl ? { prevEl, nextEl, addIcons: false } : false,
      pagination: dotsEl
        ? {
            el: dotsEl,
            clickable: true,
            bulletClass: 'carousel__dot',
            bulletActiveClass: 'carousel__dot--active',
            // The same buttons the server rendered, so swiper's re-render changes nothing in view.
            renderBullet: (index, className) => `<button type="button" class="${className}" aria-label="Слайд ${index + 1}"></button>`,
          }
        : false,
      on: { paginationRender: markCurrentDot, paginationUpdate: markCurrentDot },
    });
  };

  // The pointer or the focus that reached for the carousel is there already.
  let hovered = carousel.matches(':hover');
  let focused = carousel.contains(document.activeElement);
  const holdAutoplay = () => {
    if (!swiper || !settings.autoplayMs) return;
    const autoplay = swiper.autoplay;
    const held = hovered || fingerOn(root) || focused || reducedMotion.matches;
    // stop/start rather than pause/resume: swiper resumes a pause by itself after the next transition.
    if (held && autoplay.running) autoplay.stop();
    else if (!held && !autoplay.running) autoplay.start();
  };
  const grid = gridMedia(settings);
  const gridQuery = grid ? matchMedia(grid) : undefined;
  const layout = () => {
    if (gridQuery?.matches) {
      swiper?.destroy(true, true);
      swiper = undefined;
    } else if (!swiper) {
      swiper = start();
      holdAutoplay();
      asked?.(swiper);
    }
    asked = undefined;
  };
  whenStill(root, track, () => {
    layout();
    gridQuery?.addEventListener('change', layout);
  });
  reducedMotion.addEventListener('change', () => {
    if (swiper) swiper.params.speed = reducedMotion.matches ? 0 : 400;
    holdAutoplay();
  });
  carousel.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse') return;
    hovered = true;
    holdAutoplay();
  });
  carousel.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return;
    hovered = false;
    holdAutoplay();
  });

  onFingers(carousel, holdAutoplay);

  carousel.addEventListener('focusin', (event) => {
    focused = true;
    holdAutoplay();
    // A link focused in a slide out of view: bring the slide in, rather than let the browser scroll the frame.
    if (!swiper) return;
    const slide = event.target instanceof Element ? event.target.closest<HTMLElement>('.carousel__slide') : null;
    const index = slide ? swiper.slides.indexOf(slide) : -1;
    const perView = typeof swiper.params.slidesPerView === 'number' ? swiper.params.slidesPerView : 1;
    if (index >= 0 && (index < swiper.activeIndex || index >= swiper.activeIndex + perView)) swiper.slideTo(index);
  });
  carousel.addEventListener('focusout', (event) => {
    if (event.relatedTarget instanceof Node && carousel.contains(event.relatedTarget)) return;
    focused = false;
    holdAutoplay();
  });
  frame.addEventListener('scroll', () => {
    frame.scrollLeft = 0;
  });
});
