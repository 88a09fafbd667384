import { CalendarDays, Clock, FileText, Gift, Send } from 'lucide-react';
import type { BundleView } from '../bundles';
import type { DoctorView } from '../bundles/doctors';
import { galleryDocuments, galleryKind } from '../bundles/gallery';
import { formatDay } from '../components/format';
import { MedicalNotice } from '../components/MedicalNotice';
import { PopupButton } from '../components/PopupButton';
import { ReviewList } from '../components/ReviewCard';
import { Streamed } from '../components/Streamed';
import { VideoFacade } from '../components/VideoFacade';
import { ContentImage } from '../components/ui/ContentImage';
import { Icon } from '../components/ui/Icon';
import { SectionTitle } from '../components/ui/SectionTitle';
import { onSite, StructuredData } from '../components/StructuredData';
import type { Image, NodeData, NodeLink, Teaser, ViewRow } from '../drupal/types';
import type { Deferred } from '../render/deferred';
import { GalleryDocuments } from './node/GalleryDocuments';
import { OtherItems } from './node/OtherItems';

/** What a node's page loads beside the node (docs/requirements.md §7), by bundle. */
export interface NodeExtras {
  /** A doctor's reviews. */
  reviews?: Deferred<ViewRow[]>;
  /** An article's author and the service it is about. */
  author?: Deferred<ViewRow | undefined>;
  service?: Deferred<ViewRow | undefined>;
  /** docs/requirements.md §2: a news item's, article's or press mention's «other» list. */
  other?: Deferred<Teaser[]>;
  /** A gallery's page: what Drupal's licence view lists (undefined when it could not be asked). */
  licences?: Deferred<ViewRow[] | undefined>;
}

/** docs/requirements.md §9: a doctor's services show at most 6 links. */
const DOCTOR_SERVICES = 6;

/**
 * docs/requirements.md §2: «[ФИО] проводит процедуры», at most six links; when the doctor has
 * more, the fifth entry ends in an ellipsis to say the list goes on.
 */
export function doctorServiceLinks(services: NodeLink[]): { link: NodeLink; ellipsis: boolean }[] {
  const more = services.length > DOCTOR_SERVICES;
  return services.slice(0, DOCTOR_SERVICES).map((link, index) => ({ link, ellipsis: more && index === 4 }));
}

function Lead({ image, title, portrait = false }: { image?: Image; title: string; portrait?: boolean }) {
  if (!image) return null;
  const upright = portrait || (image.width !== undefined && image.height !== undefined && image.height > image.width);
  return (
    <figure className={upright ? 'node__lead node__lead--portrait' : 'node__lead'}>
      <ContentImage image={image} alt={title} className="lead-image" priority />
    </figure>
  );
}

function DateLine({ day, label, icon = CalendarDays }: { day?: string; label?: string; icon?: typeof CalendarDays }) {
  const shown = formatDay(day);
  if (!shown) return null;
  return (
    <p className="meta-line">
      <Icon icon={icon} size={16} />
      {label && <span>{label}</span>}
      <time dateTime={day}>{shown}</time>
    </p>
  );
}

function DoctorServices({ node, view }: { node: NodeData; view: DoctorView }) {
  if (view.services.length === 0) return null;
  return (
    <section className="node-part" data-part="doctor-services" aria-labelledby="doctor-services">
      <SectionTitle title={`${node.title} проводит процедуры`} id="doctor-services" level={2} />
      <ul className="link-list link-list--columns">
        {doctorServiceLinks(view.services).map(({ link, ellipsis }, index) => (
          <li key={`${link.nid ?? index}`}>
            {link.url ? <a href={link.url}>{link.title}</a> : link.title}
            {ellipsis && '…'}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Reviews({ title, rows, part }: { title: string; rows: ViewRow[]; part: string }) {
  if (rows.length === 0) return null;
  return (
    <section className="node-part" data-part={part} aria-labelledby={`part-${part}`}>
      <SectionTitle title={title} id={`part-${part}`} />
      <ReviewList rows={rows} />
    </section>
  );
}

/** docs/requirements.md §2: the article's author, or the clinic's specialists when it names none. */
function AuthorBlock({ author, clinic }: { author?: ViewRow; clinic: string }) {
  const photo = author?.images[0];
  return (
    <aside className="author-block" data-part="author" aria-label="Автор статьи">
      {photo && <img className="author-block__photo" src={photo.url} alt="" width={64} height={64} loading="lazy" decoding="async" />}
      <p className="author-block__text">
        <span className="author-block__label">Автор статьи:</span>{' '}
        {author ? (
          <>
            {author.url ? <a href={author.url}>{author.title}</a> : author.title}
            {author.note && <span className="author-block__post">{author.note}</span>}
          </>
        ) : (
          // The clinic's name is the site's, in the nominative: on a line of its own it needs no other case.
          <>
            <span>Специалисты клиники</span>
            <span className="author-block__post">{clinic}</span>
          </>
        )}
      </p>
    </aside>
  );
}

function BeforeAfterPair({ images, title }: { images: Image[]; title: string }) {
  const [before, after] = images;
  if (!before) return null;
  return (
    <figure className="before-after before-after--page" data-part="before-after">
      <div className="before-after__pair">
        {[before, after].map((image, index) =>
          image ? (
            <div key={index} className="before-after__photo">
              <ContentImage image={image} alt={`${title}: ${index === 0 ? 'до' : 'после'}`} eager={index === 0} priority={index === 0} />
              <span className="before-after__label">{index === 0 ? 'До' : 'После'}</span>
            </div>
          ) : null,
        )}
      </div>
      {images.length > 2 && (
        <div className="gallery-rest">
          {images.slice(2).map((image, index) => (
            <ContentImage key={index} image={image} alt={title} />
          ))}
        </div>
      )}
    </figure>
  );
}

function FileList({ files }: { files: Image[] }) {
  if (files.length === 0) return null;
  return (
    <section className="node-part" data-part="files" aria-labelledby="part-files">
      <SectionTitle title="Документы" id="part-files" />
      <ul className="file-list">
        {files.map((file, index) => (
          <li key={index}>
            <a className="file-list__link" href={file.url} target="_blank" rel="noopener">
              <Icon icon={FileText} size={20} />
              <span>{file.description || file.name || `Документ ${index + 1}`}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

const Body = ({ node }: { node: NodeData }) =>
  node.body ? <div className="content-body" dangerouslySetInnerHTML={{ __html: node.body.html }} /> : null;

/** Every node but a service's (ServiceScreen), by its bundle's view; a bundle Drupal adds later shows title, picture and body. */
export function NodeScreen({
  node,
  view,
  extras = {},
  clinic,
  siteUrl,
}: {
  node: NodeData;
  view: BundleView;
  extras?: NodeExtras;
  clinic: string;
  siteUrl: string;
}) {
  return (
    <article className={`node node--${node.bundle}`}>
      {view.bundle === 'doctors' && (
        <StructuredData
          data={{
            '@type': 'IndividualPhysician',
            name: node.title,
            description: view.post,
            url: onSite(siteUrl, node.path),
            image: onSite(siteUrl, view.photo?.url),
            parentOrganization: { '@type': 'MedicalClinic', name: clinic, url: onSite(siteUrl, '/') },
          }}
        />
      )}
      <header className="page-header node__header">
        <h1>{node.title}</h1>
        {view.bundle === 'doctors' && view.post && <p className="node__subtitle">{view.post}</p>}
        {(view.bundle === 'vacancy' || view.bundle === 'actions') && view.subtitle && <p className="node__subtitle">{view.subtitle}</p>}
        {(view.bundle === 'news' || view.bundle === 'article' || view.bundle === 'smi_o_nas' || view.bundle === 'reviews') && (
          <DateLine day={view.date} />
        )}
        {view.bundle === 'actions' && <DateLine day={view.until} label="Акция действует до" icon={Clock} />}
      </header>

      {view.bundle === 'doctors' && <Lead image={view.photo} title={node.title} portrait />}
      {view.bundle === 'patients' && <Lead image={view.photo} title={node.title} portrait />}
      {(view.bundle === 'news' ||
        view.bundle === 'article' ||
        view.bundle === 'actions' ||
        view.bundle === 'page' ||
        view.bundle === 'equipment' ||
        view.bundle === 'smi_o_nas' ||
        view.bundle === 'problem' ||
        view.bundle === 'sliders' ||
        view.bundle === 'generic') && <Lead image={view.image} title={node.title} />}
      {view.bundle === 'video' &&
        (view.videoId ? (
          <VideoFacade videoId={view.videoId} title={node.title} poster={view.poster} />
        ) : (
          <Lead image={view.poster} title={node.title} />
        ))}
      {view.bundle === 'gallery' &&
        (extras.licences ? (
          <Streamed data={extras.licences}>
            {(licences) =>
              galleryKind(view, node.nid, licences) === 'documents' ? (
                <GalleryDocuments documents={galleryDocuments(view, node.nid, licences)} title={node.title} />
              ) : (
                <BeforeAfterPair images={view.images} title={node.title} />
              )
            }
          </Streamed>
        ) : (
          <GalleryDocuments documents={galleryDocuments(view, node.nid, undefined)} title={node.title} />
        ))}
      {view.bundle === 'qa' && view.question && <p className="qa-question">{view.question}</p>}
      {view.bundle === 'reviews' && view.doctor && (
        <p className="meta-line">Врач: {view.doctor.url ? <a href={view.doctor.url}>{view.doctor.title}</a> : view.doctor.title}</p>
      )}

      <Body node={node} />
      {view.bundle === 'patients' && view.feedback && (
        <div className="content-body patient-feedback" dangerouslySetInnerHTML={{ __html: view.feedback }} />
      )}
      {view.bundle === 'page' && <FileList files={view.files} />}

      {view.bundle === 'article' && extras.service && (
        <Streamed data={extras.service}>
          {(service) =>
            service && (
              <p className="service-link" data-part="service-link">
                Подробнее о процедуре: {service.url ? <a href={service.url}>{service.title}</a> : service.title}
              </p>
            )
          }
        </Streamed>
      )}
      {view.bundle === 'article' && extras.author && (
        <Streamed data={extras.author}>{(author) => <AuthorBlock author={author} clinic={clinic} />}</Streamed>
      )}

      {view.bundle === 'actions' && (
        <>
          <p className="node__actions">
            <PopupButton form="discount" icon={Gift} size="lg">
              Получить скидку
            </PopupButton>
          </p>
          <MedicalNotice />
        </>
      )}
      {view.bundle === 'vacancy' && view.note && (
        <div className="content-body vacancy-note" data-part="note" dangerouslySetInnerHTML={{ __html: view.note }} />
      )}
      {view.bundle === 'vacancy' && (
        <p className="node__actions">
          <PopupButton form="send_resume" icon={Send} size="lg">
            Отправить резюме
          </PopupButton>
        </p>
      )}
      {extras.other && <Streamed data={extras.other}>{(items) => <OtherItems node={node} items={items} />}</Streamed>}
      {view.bundle === 'doctors' && <DoctorServices node={node} view={view} />}
      {view.bundle === 'doctors' && extras.reviews && (
        <Streamed data={extras.reviews}>{(rows) => <Reviews title="Отзывы о враче" rows={rows} part="doctor-reviews" />}</Streamed>
      )}
    </article>
  );
}
