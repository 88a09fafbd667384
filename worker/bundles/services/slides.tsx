import { TeaserCard, anyPictured } from '../../components/TeaserCard';
import { rowTeaser } from '../../components/row-teaser';
import { onSite, StructuredData } from '../../components/StructuredData';
import type { PriceGroup, PriceRow } from '../../drupal/schemas/price';
import type { NodeData, ViewRow } from '../../drupal/types';

/* The service page's carousels' slides, and its prices as search engines read them. */

export const teaserSlides = (rows: ViewRow[], shape: 'portrait' | 'landscape') => {
  const teasers = rows.map(rowTeaser);
  const pictured = anyPictured(teasers);
  return teasers.map((teaser, index) => ({
    key: `${rows[index]!.nid ?? teaser.title}-${index}`,
    content: <TeaserCard teaser={teaser} shape={shape} pictureRoom={pictured} />,
  }));
};

export function BeforeAfterSlide({ row }: { row: ViewRow }) {
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

export function LicenceSlides(rows: ViewRow[]) {
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
export function ProcedureData({ node, groups, siteUrl }: { node: NodeData; groups: PriceGroup[]; siteUrl: string }) {
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
