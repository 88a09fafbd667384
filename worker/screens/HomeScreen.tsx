import { Suspense, use } from 'react';
import { Carousel } from '../components/Carousel';
import { telHref } from '../components/format';
import { PopupButton } from '../components/PopupButton';
import { buttonClass } from '../components/ui/Button';
import { SectionTitle } from '../components/ui/SectionTitle';
import type { HomeSlide, MenuItem } from '../drupal/types';
import type { Deferred } from '../components/deferred';

export interface HomeView {
  /** The clinic's name. */
  title: string;
  phone: string;
  slides: HomeSlide[];
  services: Deferred<MenuItem[]>;
}

/** docs/requirements.md §2: the clinic's tagline, «Клиника работает с 2013 года». */
const FOUNDED = 2013;
/** Sections of the services menu shown on the home page, and links under each. */
const SERVICE_SECTIONS = 6;
const SERVICE_LINKS = 4;

/** 1 год, 2 года, 5 лет, 11 лет, 21 год. */
function years(n: number): string {
  const tens = n % 100;
  const ones = n % 10;
  const word = tens >= 11 && tens <= 14 ? 'лет' : ones === 1 ? 'год' : ones >= 2 && ones <= 4 ? 'года' : 'лет';
  return `${n} ${word}`;
}

/**
 * docs/requirements.md §2: field_photos_mobile on phones, falling back to field_photo3. The first
 * slide is the page's largest paint: loaded at once, ahead of everything else.
 */
function Slide({ slide, first }: { slide: HomeSlide; first: boolean }) {
  const { image, mobileImage, link } = slide;
  const picture = (
    <picture>
      {mobileImage && <source media="(max-width: 576px)" srcSet={mobileImage.url} width={mobileImage.width} height={mobileImage.height} />}
      <img
        src={image.url}
        alt={image.alt || slide.title}
        width={image.width}
        height={image.height}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
        decoding={first ? 'sync' : 'async'}
      />
    </picture>
  );
  return (
    <article className="home-slide">
      {/* The picture leads where the button does; the button is the link for keyboards and screen readers. */}
      {link ? (
        <a className="home-slide__media" href={link.url} tabIndex={-1} aria-hidden="true">
          {picture}
        </a>
      ) : (
        <div className="home-slide__media">{picture}</div>
      )}
      <div className="home-slide__caption">
        <h2 className="home-slide__title">{slide.title}</h2>
        {slide.bodyHtml && <div className="home-slide__text" dangerouslySetInnerHTML={{ __html: slide.bodyHtml }} />}
        {link && (
          <a
            className={buttonClass({ variant: 'outline', size: 'sm' }, 'home-slide__more')}
            href={link.url}
            aria-label={`${link.title ?? 'Подробнее'}: ${slide.title}`}
          >
            {link.title ?? 'Подробнее'}
          </a>
        )}
      </div>
    </article>
  );
}

/** The services menu's sections, each with its first procedures: where a patient starts looking. */
function Services({ services }: { services: Deferred<MenuItem[]> }) {
  const sections = use(services).slice(0, SERVICE_SECTIONS);
  if (sections.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-services">
      <SectionTitle id="home-services" title="Услуги клиники" action={{ href: '/services.html', label: 'Все услуги' }} />
      <ul className="service-tiles">
        {sections.map((section) => (
          <li key={`${section.url}|${section.title}`} className="service-tile">
            <h3 className="service-tile__title">
              <a href={section.url}>{section.title}</a>
            </h3>
            {section.children.length > 0 && (
              <ul className="service-tile__links">
                {section.children.slice(0, SERVICE_LINKS).map((item) => (
                  <li key={`${item.url}|${item.title}`}>
                    <a href={item.url}>{item.title}</a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The home page: the clinic's promise with the booking button, the main slider,
 * what a patient can check (the years, how to book), and the services. Doctors,
 * news and promotions follow in the layout's carousels before the banner.
 */
export function HomeScreen({ home }: { home: HomeView }) {
  const age = new Date().getFullYear() - FOUNDED;
  return (
    <>
      <section className="home-hero" aria-labelledby="home-title">
        <p className="home-hero__eyebrow">Косметология и эстетическая медицина</p>
        <h1 id="home-title" className="home-hero__title">
          {home.title}
        </h1>
        <p className="home-hero__lead">Бережный подход, понятный план процедур и врачи, которые объясняют каждый шаг.</p>
        <div className="home-hero__actions">
          <PopupButton form="consultation1">Записаться на консультацию</PopupButton>
          <a className={buttonClass({ variant: 'outline' })} href={telHref(home.phone)}>
            {home.phone}
          </a>
        </div>
      </section>
      {home.slides.length > 0 && (
        <Carousel
          kind="home"
          label="Специальные предложения"
          className="home-slider"
          slides={home.slides.map((slide, index) => ({ key: slide.uuid, content: <Slide slide={slide} first={index === 0} /> }))}
        />
      )}
      <ul className="trust-list" aria-label="Почему нам доверяют">
        <li className="trust-list__item">
          <strong>С {FOUNDED} года</strong>
          <span>{age > 0 ? `${years(age)} заботимся о красоте пациентов` : 'заботимся о красоте пациентов'}</span>
        </li>
        <li className="trust-list__item">
          <strong>Консультация врача</strong>
          <span>до начала любой процедуры</span>
        </li>
        <li className="trust-list__item">
          <strong>Запись онлайн</strong>
          <span>перезвоним и подберём удобное время</span>
        </li>
      </ul>
      <Suspense fallback={null}>
        <Services services={home.services} />
      </Suspense>
    </>
  );
}
