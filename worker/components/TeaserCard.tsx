import type { Teaser } from '../drupal/types';
import { SprigOrnament } from './ui/Ornament';

/** How a card's picture is cropped: doctors' portraits upright, everything else landscape. */
export type TeaserShape = 'portrait' | 'landscape';

// Views send image URLs without sizes: the card's own box gives the picture its room before it loads.
const BOX: Record<TeaserShape, { width: number; height: number }> = {
  portrait: { width: 400, height: 500 },
  landscape: { width: 480, height: 320 },
};

/** YYYY-MM-DD → DD.MM.YYYY (docs/requirements.md §2). */
const russianDay = (day: string) => day.split('-').reverse().join('.');

/** Whether the cards of one row should keep a picture's room: some of them have a picture. */
export const anyPictured = (teasers: readonly Teaser[]) => teasers.some((teaser) => teaser.image);

/**
 * A card of a carousel: picture, title as the card's one link, and a line under it. `pictureRoom`:
 * a card without a picture beside cards with one keeps the picture's room, quietly decorated, so
 * that its title lines up with theirs (a doctor Drupal has no photo of).
 */
export function TeaserCard({
  teaser,
  shape,
  dated = false,
  pictureRoom = false,
}: {
  teaser: Teaser;
  shape: TeaserShape;
  dated?: boolean;
  pictureRoom?: boolean;
}) {
  const note = teaser.note ?? (teaser.until ? `до ${russianDay(teaser.until)}` : undefined);
  return (
    <article className={`teaser teaser--${shape}`}>
      {teaser.image ? (
        <div className="teaser__media">
          {/* The title beside it says what the picture shows. */}
          <img src={teaser.image.url} alt="" loading="lazy" decoding="async" {...BOX[shape]} />
        </div>
      ) : (
        pictureRoom && (
          <div className="teaser__media teaser__media--none">
            <SprigOrnament className="teaser__ornament" />
          </div>
        )
      )}
      <div className="teaser__body">
        {dated && teaser.date && <p className="teaser__date">{russianDay(teaser.date)}</p>}
        <h3 className="teaser__title">
          {teaser.url ? (
            <a className="teaser__link" href={teaser.url}>
              {teaser.title}
            </a>
          ) : (
            teaser.title
          )}
        </h3>
        {note && <p className="teaser__note">{note}</p>}
      </div>
    </article>
  );
}
