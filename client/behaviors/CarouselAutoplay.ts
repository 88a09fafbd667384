import { CAROUSELS, gridMedia } from '../../common/carousels';
import { defineBehavior } from '../runtime/behavior';
import { fingerOn, onFingers } from '../runtime/fingers';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * docs/requirements.md §9: a kind that plays by itself (the home slider, the general carousels) plays for a
 * reader too, who never reaches for it and so never loads swiper (client/behaviors/Carousel.ts): every
 * `autoplayMs` the server's scroll-snap row (worker/components/Carousel.tsx) scrolls one slide on, back to the
 * first after the last, and the dots follow. It holds as swiper's autoplay does — while the pointer is over
 * the carousel, while a finger is on it, while focus is in it, and for a visitor who asked the system for less
 * motion — and stops for good once swiper has the row: swiper plays it from then on.
 */
export default defineBehavior('CarouselAutoplay', (root, { kind }) => {
  const settings = CAROUSELS[kind];
  const delay = settings.autoplayMs;
  const carousel = root.querySelector<HTMLElement>('.carousel');
  const frame = carousel?.querySelector<HTMLElement>('.carousel__frame');
  const track = frame?.querySelector<HTMLElement>('.carousel__track');
  if (!delay || !carousel || !frame || !track) return;
  const dots = Array.from(carousel.querySelectorAll<HTMLElement>('.carousel__dot'));
  const prev = carousel.querySelector<HTMLButtonElement>('.carousel__arrow--prev');
  const nextArrow = carousel.querySelector<HTMLButtonElement>('.carousel__arrow--next');
  const reducedMotion = matchMedia(REDUCED_MOTION);
  const grid = gridMedia(settings);
  const gridQuery = grid ? matchMedia(grid) : undefined;
  const takenOver = () => frame.classList.contains('swiper-initialized');

  /** One slide's width and the gap after it: what the row scrolls to go one slide on. */
  const step = () => {
    const [first, second] = Array.from(track.children) as HTMLElement[];
    return first && second ? second.offsetLeft - first.offsetLeft : 0;
  };
  /** The first slide in view, and the last one that can be first (the row ends with a full view). */
  const position = () => {
    const width = step();
    if (width <= 0) return { index: 0, last: 0, width };
    const inView = Math.max(1, Math.round((track.clientWidth + settings.gap) / width));
    return { index: Math.round(track.scrollLeft / width), last: Math.max(0, track.children.length - inView), width };
  };

  // The dots and arrows say where the row is, as swiper's would: an end that is not endless has nowhere further to go.
  const mark = () => {
    if (takenOver()) return;
    const { index, last } = position();
    dots.forEach((dot, i) => {
      dot.classList.toggle('carousel__dot--active', i === index);
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    if (prev) prev.disabled = !settings.loop && index === 0;
    if (nextArrow) nextArrow.disabled = !settings.loop && index >= last;
  };
  if (dots.length > 0 || prev || nextArrow) track.addEventListener('scroll', mark, { passive: true });

  let hovered = carousel.matches(':hover');
  let focused = carousel.contains(document.activeElement);
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A finger on the row (the Carousel island's around this one): the row must not move from under a swipe.
  const held = () => hovered || fingerOn(root) || focused || reducedMotion.matches || Boolean(gridQuery?.matches);
  const next = () => {
    timer = undefined;
    if (takenOver()) return;
    const { index, last, width } = position();
    if (!document.hidden && width > 0) track.scrollTo({ left: (index >= last ? 0 : index + 1) * width, behavior: 'smooth' });
    play();
  };
  // A fresh delay each time it is let go, as swiper's autoplay starts again after a hold.
  const play = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = held() || takenOver() ? undefined : setTimeout(next, delay);
  };

  carousel.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse') return;
    hovered = true;
    play();
  });
  carousel.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return;
    hovered = false;
    play();
  });
  onFingers(carousel, play);
  carousel.addEventListener('focusin', () => {
    focused = true;
    play();
  });
  carousel.addEventListener('focusout', (event) => {
    if (event.relatedTarget instanceof Node && carousel.contains(event.relatedTarget)) return;
    focused = false;
    play();
  });
  reducedMotion.addEventListener('change', play);
  gridQuery?.addEventListener('change', play);
  play();
});
