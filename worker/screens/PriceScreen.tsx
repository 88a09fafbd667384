import type { ReactNode } from 'react';
import type { PriceGroup } from '../drupal/schemas/price';
import { telHref } from '../components/format';
import { PriceTable } from '../components/PriceTable';

/** docs/requirements.md §2 "Price list": the clinic's prices by section; when Drupal has none to give, a call. */
export function PriceScreen({
  groups,
  phone,
  editLink,
}: {
  groups: PriceGroup[];
  phone?: string;
  /** The editors' link beside each item with a node id (docs/requirements.md §6); nothing for visitors. */
  editLink?: (nid: number) => ReactNode;
}) {
  return (
    <section className="price-page">
      <header className="page-header">
        <h1>Цены</h1>
        <p className="price-page__intro">Стоимость услуг клиники в рублях. Точную цену процедуры врач назовёт на консультации.</p>
      </header>
      {groups.length > 0 ? (
        <PriceTable groups={groups} headingLevel={2} editLink={editLink} />
      ) : (
        <p className="empty-note">
          Цены уточняйте по телефону
          {phone ? (
            <>
              {' '}
              <a href={telHref(phone)}>{phone}</a>
            </>
          ) : (
            ' клиники'
          )}
          . Администратор подскажет стоимость процедуры и запишет на приём.
        </p>
      )}
    </section>
  );
}
