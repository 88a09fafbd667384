import type { NodeData } from '../drupal/types';
import { Card } from '../components/ui/Card';
import { ButtonLink } from '../components/ui/Button';

const CARD_IMAGE_FIELDS = ['field_preview_photo', 'field_image', 'field_photo'];

/** A services section that has no service page of its own: its description and its services. */
export function TermScreen({ term, services }: { term: NodeData; services: NodeData[] }) {
  return (
    <section className="listing term">
      <header className="page-header">
        <h1>{term.title}</h1>
      </header>
      {term.body && <div className="content-body" dangerouslySetInnerHTML={{ __html: term.body.html }} />}
      {services.length > 0 && (
        <ul className="cards">
          {services.map((service, index) => (
            <Card
              key={service.uuid}
              title={service.title}
              href={service.path}
              image={CARD_IMAGE_FIELDS.map((f) => service.images[f]?.[0]).find(Boolean)}
              eager={index < 3}
              summary={service.body?.summary}
            />
          ))}
        </ul>
      )}
      <p className="term__back">
        <ButtonLink href="/services.html" variant="outline">
          Все услуги клиники
        </ButtonLink>
      </p>
    </section>
  );
}
