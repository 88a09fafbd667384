import { Gift, Percent } from 'lucide-react';
import type { ReactNode } from 'react';
import { MedicalNotice } from '../../components/MedicalNotice';
import { PopupButton } from '../../components/PopupButton';
import { VideoFacade } from '../../components/VideoFacade';
import { ContentImage } from '../../components/ui/ContentImage';
import { Icon } from '../../components/ui/Icon';
import { SectionTitle } from '../../components/ui/SectionTitle';
import type { NodeData } from '../../drupal/types';
import type { AlternatePromo, ServiceView } from './view';

/**
 * One titled part of the service page. `data-part` names it, so that the order
 * of docs/requirements.md §2 can be checked on the rendered page.
 */
export function Part({
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

export function BodyFields({ node, view }: { node: NodeData; view: ServiceView }) {
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
export function PromoBlock({ promo }: { promo?: AlternatePromo }) {
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
