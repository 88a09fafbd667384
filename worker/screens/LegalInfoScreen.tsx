import type { ReactNode } from 'react';
import type { LegalDetails } from '../config/legal';
import { LEGAL_INFO_TITLE } from '../paths/legal-info';

/** A Russian number (8 or +7, eleven digits) as a tel: link; anything else stays text. */
function PhoneLink({ phone }: { phone: string }) {
  const digits = phone.replace(/\D/g, '');
  return /^[78]\d{10}$/.test(digits) ? <a href={`tel:+7${digits.slice(1)}`}>{phone}</a> : <>{phone}</>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="legal-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * ПП РФ № 736 and Приказ Минздрава № 118н: the clinic's legal details, its licence,
 * the bodies that supervise it and how to complain — all from the site's settings,
 * whatever Drupal holds.
 */
export function LegalInfoScreen({ legal, siteName, phone }: { legal: LegalDetails; siteName: string; phone: string }) {
  return (
    <article className="node legal-info">
      <header className="page-header">
        <h1>{LEGAL_INFO_TITLE}</h1>
        <p className="meta-line">{siteName}</p>
      </header>

      <section className="legal-info__section" aria-labelledby="legal-entity">
        <h2 id="legal-entity">Юридическое лицо</h2>
        <dl className="legal-facts">
          <Fact label="Полное наименование">{legal.name}</Fact>
          <Fact label="ОГРН">{legal.ogrn}</Fact>
          <Fact label="ИНН">{legal.inn}</Fact>
          <Fact label="Адрес">{legal.address}</Fact>
          <Fact label="Телефон">
            <PhoneLink phone={phone} />
          </Fact>
        </dl>
      </section>

      <section className="legal-info__section" aria-labelledby="legal-licence">
        <h2 id="legal-licence">Лицензия на медицинскую деятельность</h2>
        <dl className="legal-facts">
          <Fact label="Номер">{legal.licence.number}</Fact>
          <Fact label="Дата">{legal.licence.date}</Fact>
          <Fact label="Выдана">{legal.licence.issuer}</Fact>
        </dl>
      </section>

      <section className="legal-info__section" aria-labelledby="legal-supervisors">
        <h2 id="legal-supervisors">Органы контроля и надзора</h2>
        <ul className="legal-bodies">
          {legal.supervisors.map((body) => (
            <li key={body.name} className="legal-bodies__item">
              <h3 className="legal-bodies__name">{body.name}</h3>
              <dl className="legal-facts legal-facts--compact">
                {body.address && <Fact label="Адрес">{body.address}</Fact>}
                {body.phone && (
                  <Fact label="Телефон">
                    <PhoneLink phone={body.phone} />
                  </Fact>
                )}
                {body.site && (
                  <Fact label="Сайт">
                    <a href={body.site} rel="noopener">
                      {body.site.replace(/^https?:\/\//, '')}
                    </a>
                  </Fact>
                )}
              </dl>
            </li>
          ))}
        </ul>
      </section>

      <section className="legal-info__section" aria-labelledby="legal-complaints">
        <h2 id="legal-complaints">Как подать обращение или жалобу</h2>
        <div className="content-body">
          {legal.complaints.split(/\n\s*\n/).map((paragraph, index) => (
            <p key={index}>{paragraph.trim()}</p>
          ))}
        </div>
      </section>
    </article>
  );
}
