import { CalendarCheck, MessageSquarePlus } from 'lucide-react';
import { BlockRegion } from '../../components/BlockRegion';
import { Carousel } from '../../components/Carousel';
import { EditLink, priceEditLinks } from '../../components/EditLink';
import { OnlineBooking } from '../../components/OnlineBooking';
import { PopupButton } from '../../components/PopupButton';
import { PriceTable } from '../../components/PriceTable';
import { QaList, qaItemsOf } from '../../components/QaList';
import { ReviewCard, ReviewList } from '../../components/ReviewCard';
import { Streamed } from '../../components/Streamed';
import { deferAll } from '../../components/deferred';
import { TeaserCard } from '../../components/TeaserCard';
import { rowTeaser } from '../../components/row-teaser';
import { ButtonLink } from '../../components/ui/Button';
import type { PageProps } from '../module';
import { SERVICE_PAGE_REGIONS, type ServicePageData } from './load';
import { BodyFields, Part, PromoBlock } from './parts';
import { BeforeAfterSlide, LicenceSlides, ProcedureData, teaserSlides } from './slides';
import type { ServiceView } from './view';

/**
 * The service page in docs/requirements.md §2's order. The node's own parts render at once; each
 * list from its own call streams in where it belongs, and a list Drupal does not
 * give leaves out its part.
 */
export function ServicePage({ node, view, extras: parts, site }: PageProps<ServiceView, ServicePageData>) {
  const { siteUrl } = site;
  // docs/requirements.md §6: editors only; a visitor's page never has them.
  const priceEditLink = site.editor ? priceEditLinks(site.drupalBaseUrl) : undefined;
  return (
    <article className="node node--services service-page">
      {site.editor && <EditLink drupalBaseUrl={site.drupalBaseUrl} nid={node.nid} label={node.title} />}
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
        <Streamed data={parts.online}>{(link) => <OnlineBooking link={link} />}</Streamed>
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

      <Streamed data={deferAll([parts.doctors, parts.feedback])}>
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
