import { ContentImage } from '../../components/ui/ContentImage';
import type { Image } from '../../drupal/types';

/** A before/after gallery: its first two pictures labelled «До» and «После», the rest after them. */
export function BeforeAfterPair({ images, title }: { images: Image[]; title: string }) {
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
