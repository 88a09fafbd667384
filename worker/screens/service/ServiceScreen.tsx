import { CalendarCheck, Gift, MessageSquarePlus, Percent } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AlternatePromo, ServiceView } from '../../bundles/services';
import { BlockRegion } from '../../components/BlockRegion';
import { Carousel } from '../../components/Carousel';
import { MedicalNotice } from '../../components/MedicalNotice';
import { PopupButton } from '../../components/PopupButton';
import { PriceTable } from '../../components/PriceTable';
import { QaList, qaItemsOf } from '../../components/QaList';
import { ReviewCard, ReviewList } from '../../components/ReviewCard';
import { Streamed } from '../../components/Streamed';
import { TeaserCard, anyPictured } from '../../components/TeaserCard';
import { VideoFacade } from '../../components/VideoFacade';
import { ButtonLink } from '../../components/ui/Button';
import { ContentImage } from '../../components/ui/ContentImage';
import { Icon } from '../../components/ui/Icon';
import { SectionTitle } from '../../components/ui/SectionTitle';
import type { PriceGroup, PriceRow } from '../../drupal/schemas/price';
import type { NodeData, ViewRow } from '../../drupal/types';
import { onSite, StructuredData } from '../../components/StructuredData';
import { SERVICE_PAGE_REGIONS, type ServicePageData } from '../../loaders/service-page';
import { rowTeaser } from '../../components/row-teaser';

/**
 * One titled part of the service page. `data-part` names it, so that the order
 * of docs/requirements.md §2 can be checked on the rendered page.
 */
function Part({
  part,
  title,
  action,
  children,
}: {
  part: string;
  title?: string;
  action?: { href: string; label: string };
  children: ReactNode;
}) {
  const id = `part-${part}`;
  return (
    <section className={`service-part service-part--${part}`} data-part={part} aria-labelledby={title ? id : undefined}>
      {title && <SectionTitle title={title} id={id} action={action} />}
      {children}
    </section>
  );
}

function BodyFields({ node, view }: { node: NodeData; view: ServiceView }) {
  const facts = [
    ['Длительность', view.duration],
    ['Стоимость', view.price],
    ['Количество процедур', view.quantity],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  return (
    <Part part="body">
      {view.videoId && <VideoFacade videoId={view.videoId} title={node.title} poster={view.photo} />}
      {!view.videoId && view.photo && (
        <figure className="node__lead">
          <ContentImage image={view.photo} alt={node.title} className="lead-image" priority />
        </figure>
      )}
      {facts.length > 0 && (
        <dl className="service-facts">
          {facts.map(([label, value]) => (
            <div key={label} className="service-facts__item">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {node.body && <div className="content-body" dangerouslySetInnerHTML={{ __html: node.body.html }} />}
      {view.descriptions.map((description, index) => (
        <div key={index} className="content-body service-description" dangerouslySetInnerHTML={{ __html: description }} />
      ))}
      {view.innerPrices && <div className="content-body service-inner-prices" dangerouslySetInnerHTML={{ __html: view.innerPrices }} />}
      <MedicalNotice />
    </Part>
  );
}

/**
 * docs/requirements.md §2, §9: the promo text; the two discounts do not add up. A service with
 * its own offer (field_alter_text, field_alter_text_body) shows that instead.
 */
function PromoBlock({ promo }: { promo?: AlternatePromo }) {
  return (
    <Part part="promo">
      <div className="promo-note">
        <span className="promo-note__icon" aria-hidden="true">
          <Icon icon={promo ? Gift : Percent} size={22} />
        </span>
        {promo ? (
          <div className="promo-note__text">
            {promo.heading && <p className="promo-note__heading">{promo.heading}</p>}
            {/* Editors' HTML, sanitised by the Drupal client. */}
            {promo.html && <div className="content-body promo-note__body" dangerouslySetInnerHTML={{ __html: promo.html }} />}
          </div>
        ) : (
          <p className="promo-note__text">
            <strong>Скидка 25%</strong> — если вы разрешите разместить ваши фото до и после процедуры. Иначе — <strong>скидка 10%</strong>{' '}
            при первом посещении. Скидки не суммируются.
          </p>
        )}
        {promo ? (
          <PopupButton form="consultation" variant="outline" size="sm">
            Записаться
          </PopupButton>
        ) : (
          <PopupButton form="discount" variant="outline" size="sm">
            Получить скидку
          </PopupButton>
        )}
      </div>
    </Part>
  );
}

const teaserSlides = (rows: ViewRow[], shape: 'portrait' | 'landscape') => {
  const teasers = rows.map(rowTeaser);
  const pictured = anyPictured(teasers);
  return teasers.map((teaser, index) => ({
    key: `${rows[index]!.nid ?? teaser.title}-${index}`,
    content: <TeaserCard teaser={teaser} shape={shape} pictureRoom={pictured} />,
  }));
};

function BeforeAfterSlide({ row }: { row: ViewRow }) {
  const [before, after] = row.images;
  return (
    <figure className="before-after">
      <div className="before-after__pair">
        {[before, after].map((image, index) =>
          image ? (
            <div key={index} className="before-after__photo">
              <img
                src={image.url}
                alt={`${row.title}: ${index === 0 ? 'до' : 'после'}`}
                loading="lazy"
                decoding="async"
                width={480}
                height={360}
              />
              <span className="before-after__label">{index === 0 ? 'До' : 'После'}</span>
            </div>
          ) : null,
        )}
      </div>
      <figcaption className="before-after__caption">{row.url ? <a href={row.url}>{row.title}</a> : row.title}</figcaption>
    </figure>
  );
}

function LicenceSlides(rows: ViewRow[]) {
  return rows.flatMap((row) =>
    row.images.map((thumb, index) => {
      const full = row.fullImages[index] ?? thumb;
      return {
        key: `${row.nid ?? row.title}-${index}`,
        content: (
          <a
            className="licence"
            href={full.url}
            target="_blank"
            rel="noopener"
            aria-label={`${row.title}, документ ${index + 1}: открыть в полном размере`}
          >
            <img src={thumb.url} alt="" loading="lazy" decoding="async" width={300} height={420} />
          </a>
        ),
      };
    }),
  );
}

/** schema.org's MedicalProcedure, with the service's prices as its offers. */
function ProcedureData({ node, groups, siteUrl }: { node: NodeData; groups: PriceGroup[]; siteUrl: string }) {
  const items = groups.flatMap((group) => flattenRows(group.rows)).filter((row) => row.kind === 'item' && row.sum !== undefined);
  return (
    <StructuredData
      data={{
        '@type': 'MedicalProcedure',
        name: node.title,
        url: onSite(siteUrl, node.path),
        description: node.body?.summary || undefined,
        offers: items.map((row) => ({ '@type': 'Offer', name: row.name, price: row.special ?? row.sum, priceCurrency: 'RUB' })),
      }}
    />
  );
}

const flattenRows = (rows: PriceRow[]): PriceRow[] => rows.flatMap((row) => [row, ...flattenRows(row.children)]);

/**
 * The service page in docs/requirements.md §2's order. The node's own parts render at once; each
 * list from its own call streams in where it belongs, and a list Drupal does not
 * give leaves out its part.
 */
export function ServiceScreen({
  node,
  view,
  parts,
  editLink,
  priceEditLink,
  siteUrl,
}: {
  node: NodeData;
  view: ServiceView;
  parts: ServicePageData;
  /** The editors' link (docs/requirements.md §6), when the visitor is an editor. */
  editLink?: ReactNode;
  /** The editors' link beside each price item with a node id. */
  priceEditLink?: (nid: number) => ReactNode;
  siteUrl: string;
}) {
  return (
    <article className="node node--services service-page">
      {editLink}
      <header className="page-header node__header">
        <h1>{node.title}</h1>
        {view.subtitle && <p className="node__subtitle">{view.subtitle}</p>}
      </header>

      <Streamed data={parts.children}>
        {(children) =>
          children.length > 0 && (
            <Part part="children" title="Виды процедуры">
              <Carousel kind="general" label="Виды процедуры" slides={teaserSlides(children, 'landscape')} />
            </Part>
          )
        }
      </Streamed>

      <PromoBlock promo={view.promo} />

      <Streamed data={parts.promotions}>
        {(promotions) =>
          view.showPromotions &&
          promotions.length > 0 && (
            <Part part="promotions" title="Акции на процедуру">
              {promotions.length > 1 ? (
                <Carousel kind="promotions" label="Акции на процедуру" slides={teaserSlides(promotions, 'landscape')} />
              ) : (
                <TeaserCard teaser={rowTeaser(promotions[0]!)} shape="landscape" />
              )}
            </Part>
          )
        }
      </Streamed>

      <BodyFields node={node} view={view} />

      <Streamed data={parts.questions}>
        {(questions) => {
          const shown = questions.filter((q) => !q.hidden);
          return (
            shown.length > 0 && (
              <Part part="qa" title="Вопросы и ответы">
                <QaList items={qaItemsOf(shown)} />
              </Part>
            )
          );
        }}
      </Streamed>

      <Part part="book">
        <p className="service-book">
          <PopupButton form="consultation1" icon={CalendarCheck} size="lg">
            Записаться на консультацию
          </PopupButton>
        </p>
      </Part>

      <Streamed data={parts.doctors}>
        {(doctors) =>
          doctors.length > 0 && (
            <Part part="doctors" title="Процедуру проводят" action={{ href: '/doctors.html', label: 'Все врачи' }}>
              <Carousel kind="doctors" label="Процедуру проводят" slides={teaserSlides(doctors, 'portrait')} />
            </Part>
          )
        }
      </Streamed>

      <Streamed data={parts.patients}>
        {(patients) =>
          patients.length > 0 && (
            <Part part="reviews" title="Истории пациентов">
              <Carousel
                kind="reviews"
                label="Истории пациентов"
                slides={patients.map((row, index) => ({ key: `${row.nid ?? index}`, content: <ReviewCard row={row} /> }))}
              />
            </Part>
          )
        }
      </Streamed>

      <Streamed data={parts.beforeAfter}>
        {(pairs) =>
          pairs.length > 0 && (
            <Part part="before-after" title="Фото до и после" action={{ href: '/do-i-posle.html', label: 'Все фото' }}>
              <Carousel
                kind="beforeAfter"
                label="Фото до и после"
                slides={pairs.map((row, index) => ({ key: `${row.nid ?? index}`, content: <BeforeAfterSlide row={row} /> }))}
              />
            </Part>
          )
        }
      </Streamed>

      <Streamed data={parts.prices}>{(groups) => <ProcedureData node={node} groups={groups} siteUrl={siteUrl} />}</Streamed>
      <Streamed data={parts.prices}>
        {(groups) =>
          groups.length > 0 && (
            <Part part="prices" title="Цены на процедуру" action={{ href: '/price.html', label: 'Все цены' }}>
              <PriceTable groups={groups} accordion={false} headingLevel={3} currentPath={node.path} editLink={priceEditLink} />
            </Part>
          )
        }
      </Streamed>

      <Streamed data={parts.feedback}>
        {(feedback) => (
          <Part part="feedback" title="Отзывы о процедуре">
            {feedback.length > 0 ? (
              <ReviewList rows={feedback} />
            ) : (
              <p className="empty-note">Отзывов об этой процедуре пока нет — ваш может быть первым.</p>
            )}
            <p className="service-part__actions">
              <PopupButton form="review" icon={MessageSquarePlus} variant="outline">
                Оставить отзыв
              </PopupButton>
            </p>
          </Part>
        )}
      </Streamed>

      <Streamed data={parts.blocks}>
        {(blocks) =>
          blocks.length > 0 && (
            <Part part="advantages">
              {SERVICE_PAGE_REGIONS.map((region) => (
                <BlockRegion key={region} blocks={parts.blocks} region={region} />
              ))}
            </Part>
          )
        }
      </Streamed>

      <Streamed data={Promise.all([parts.doctors, parts.feedback])}>
        {([doctors, feedback]) => {
          const seen = new Set(feedback.map((row) => row.nid ?? row.title));
          const reviews = doctors.flatMap((doctor) => doctor.feedbacks).filter((row) => !seen.has(row.nid ?? row.title));
          return (
            reviews.length > 0 && (
              <Part part="doctor-reviews" title="Отзывы о наших врачах">
                <ReviewList rows={reviews} />
              </Part>
            )
          );
        }}
      </Streamed>

      <Streamed data={parts.articles}>
        {(articles) =>
          articles.length > 0 && (
            <Part part="articles" title="Статьи о процедуре">
              <ul className="link-list">
                {articles.map((row, index) => (
                  <li key={`${row.nid ?? index}`}>{row.url ? <a href={row.url}>{row.title}</a> : row.title}</li>
                ))}
              </ul>
            </Part>
          )
        }
      </Streamed>

      <Streamed data={parts.licences}>
        {(licences) => {
          const slides = LicenceSlides(licences);
          return (
            slides.length > 0 && (
              <Part part="licences" title="Лицензии и сертификаты">
                <Carousel kind="licences" label="Лицензии и сертификаты" slides={slides} />
              </Part>
            )
          );
        }}
      </Streamed>

      <Streamed data={parts.section}>
        {(section) => {
          const others = section.items.filter((row) => row.url !== node.path && row.nid !== node.nid);
          const back = section.url && section.url !== node.path ? section.url : '/services.html';
          return (
            <Part part="other-services" title="Другие услуги">
              {others.length > 0 && <Carousel kind="general" label="Другие услуги" slides={teaserSlides(others, 'landscape')} />}
              <p className="service-part__actions">
                <ButtonLink href={back} variant="outline">
                  {section.title && back !== '/services.html' ? `Вернуться в раздел «${section.title}»` : 'Все услуги клиники'}
                </ButtonLink>
              </p>
            </Part>
          );
        }}
      </Streamed>
    </article>
  );
}
