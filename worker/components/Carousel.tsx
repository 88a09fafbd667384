import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { CAROUSELS, carouselCss, type CarouselKind } from '../../common/carousels';
import { Behavior } from './Behavior';
import { usePage } from './page-context';
import { Icon } from './ui/Icon';

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

type Naming = { label: string; labelledBy?: never } | { labelledBy: string; label?: never };

/**
 * docs/requirements.md §9: a carousel, first as a CSS scroll-snap strip that shows as many slides
 * at each width as swiper will (the sizes come from the same table as swiper's
 * settings), so the first slide paints without JavaScript and nothing moves when
 * the Carousel behaviour hands the strip to swiper. That happens only when a visitor
 * reaches for it (a press, a touch, focus, a sideways wheel: the `reach` trigger); a
 * reader scrolls the strip natively, and a kind that plays by itself plays the strip
 * (the CarouselAutoplay behaviour, a few hundred bytes, once visible). Arrows and
 * dots are real buttons, in place from the start: the first press wakes swiper and moves it.
 */
export function Carousel({
  kind,
  slides,
  className,
  ...naming
}: { kind: CarouselKind; slides: readonly CarouselSlide[]; className?: string } & Naming) {
  const settings = CAROUSELS[kind];
  const count = slides.length;
  // The version for the visually impaired shows every slide at once, in reading order, with nothing that moves by itself.
  if (usePage().lowVision) {
    return (
      <section
        className={['carousel-plain', `carousel-plain--${kind}`, className].filter(Boolean).join(' ')}
        aria-label={naming.label}
        aria-labelledby={naming.labelledBy}
      >
        <ul className="carousel-plain__list">
          {slides.map((slide) => (
            <li key={slide.key} className="carousel-plain__item">
              {slide.content}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const controls = count > 1;
  const section = (
    <section
      className={['carousel', `carousel--${kind}`, className].filter(Boolean).join(' ')}
      aria-roledescription="карусель"
      aria-label={naming.label}
      aria-labelledby={naming.labelledBy}
    >
      {/* One copy per kind and page, hoisted into <head> by React. */}
      <style href={`carousel-${kind}`} precedence="carousel">
        {carouselCss(kind)}
      </style>
      {/* How many slides: the kind's CSS hides the arrows and dots at the widths where all of them are in view. */}
      <div className="carousel__frame" data-slides={count}>
        <div className="carousel__track">
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              className="carousel__slide"
              role="group"
              aria-roledescription="слайд"
              aria-label={`${index + 1} из ${count}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {settings.arrows && controls && (
        <>
          {/* The row starts on its first slide: back is nowhere to go, unless it is endless (as swiper shows it). */}
          <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label="Предыдущий слайд" disabled={!settings.loop}>
            <Icon icon={ChevronLeft} size={22} />
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" aria-label="Следующий слайд">
            <Icon icon={ChevronRight} size={22} />
          </button>
        </>
      )}
      {settings.dots && controls && (
        <div className="carousel__dots">
          {slides.map((slide, index) => (
            <button
              key={slide.key}
              type="button"
              className={index === 0 ? 'carousel__dot carousel__dot--active' : 'carousel__dot'}
              aria-label={`Слайд ${index + 1}`}
              aria-current={index === 0 ? 'true' : undefined}
            />
          ))}
        </div>
      )}
    </section>
  );
  return (
    <Behavior name="Carousel" props={{ kind }}>
      {settings.autoplayMs && controls ? (
        <Behavior name="CarouselAutoplay" props={{ kind }}>
          {section}
        </Behavior>
      ) : (
        section
      )}
    </Behavior>
  );
}
