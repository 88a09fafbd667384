import type { NodeData } from '../drupal/types';
import { formatDate } from '../components/format';
import { PopupButton } from '../components/PopupButton';

export interface HomeView {
  title: string;
  slides: NodeData[];
  news: NodeData[];
}

/** Spec §2: each slide shows field_photos_mobile on phones, falling back to field_photo3. */
function Slide({ slide }: { slide: NodeData }) {
  const desktop = slide.images.field_photo3?.[0];
  const mobile = slide.images.field_photos_mobile?.[0] ?? desktop;
  return (
    <article className="slide">
      {desktop && (
        <picture>
          {mobile && mobile !== desktop && <source media="(max-width: 576px)" srcSet={mobile.url} />}
          <img src={desktop.url} alt={desktop.alt || slide.title} width={desktop.width} height={desktop.height} />
        </picture>
      )}
      <div>
        <h2>{slide.path ? <a href={slide.path}>{slide.title}</a> : slide.title}</h2>
        {slide.body && <div className="content-body" dangerouslySetInnerHTML={{ __html: slide.body.html }} />}
      </div>
    </article>
  );
}

export function HomeScreen({ home }: { home: HomeView }) {
  return (
    <>
      <section className="hero">
        <h1>{home.title}</h1>
        <p>Косметология и эстетическая медицина в Москве. Клиника работает с 2013 года.</p>
        <PopupButton form="consultation1">Записаться на консультацию</PopupButton>
      </section>
      {home.slides.length > 0 && (
        <section className="slides" aria-label="Главное">
          {home.slides.map((slide) => (
            <Slide key={slide.uuid} slide={slide} />
          ))}
        </section>
      )}
      {home.news.length > 0 && (
        <section>
          <h2>Новости клиники</h2>
          <ul className="cards">
            {home.news.map((item) => (
              <li key={item.uuid} className="card">
                <h3>{item.path ? <a href={item.path}>{item.title}</a> : item.title}</h3>
                <p className="card__date">{formatDate(item.created)}</p>
              </li>
            ))}
          </ul>
          <p>
            <a href="/news.html">Все новости</a>
          </p>
        </section>
      )}
    </>
  );
}
