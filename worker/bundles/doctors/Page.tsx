import { OnlineBooking } from '../../components/OnlineBooking';
import { ReviewList } from '../../components/ReviewCard';
import { Streamed } from '../../components/Streamed';
import { onSite, StructuredData } from '../../components/StructuredData';
import { SectionTitle } from '../../components/ui/SectionTitle';
import type { NodeData, ViewRow } from '../../drupal/types';
import type { NearestTimes, OnlineLink } from '../../components/online-offer';
import type { Deferred } from '../../components/deferred';
import type { PageProps } from '../module';
import { Body, Lead, NodeArticle, Subtitle } from '../page-parts';
import { doctorServiceLinks, type DoctorView } from './view';

/** What a doctor's page loads beside the node (docs/requirements.md §7): the reviews of the doctor. */
export interface DoctorExtras {
  reviews: Deferred<ViewRow[]>;
  /** «Записаться онлайн» and the nearest free times, when the schedule knows this doctor (docs/booking.md). */
  online: Deferred<OnlineLink | null>;
  nearest: Deferred<NearestTimes | null>;
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

function Reviews({ rows }: { rows: ViewRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section className="node-part" data-part="doctor-reviews" aria-labelledby="part-doctor-reviews">
      <SectionTitle title="Отзывы о враче" id="part-doctor-reviews" />
      <ReviewList rows={rows} />
    </section>
  );
}

export function DoctorPage({ node, view, extras, site }: PageProps<DoctorView, DoctorExtras>) {
  return (
    <NodeArticle
      node={node}
      top={
        <StructuredData
          data={{
            '@type': 'IndividualPhysician',
            name: node.title,
            description: view.post,
            url: onSite(site.siteUrl, node.path),
            image: onSite(site.siteUrl, view.photo?.url),
            parentOrganization: { '@type': 'MedicalClinic', name: site.name, url: onSite(site.siteUrl, '/') },
          }}
        />
      }
      header={<Subtitle text={view.post} />}
    >
      <Lead image={view.photo} title={node.title} portrait />
      <Streamed data={extras.online}>{(link) => <OnlineBooking link={link} nearest={extras.nearest} />}</Streamed>
      <Body node={node} />
      <DoctorServices node={node} view={view} />
      <Streamed data={extras.reviews}>{(rows) => <Reviews rows={rows} />}</Streamed>
    </NodeArticle>
  );
}
