import { use } from 'react';
import type { Block } from '../drupal/types';
import type { Deferred } from '../render/deferred';

/** The blocks Drupal placed in one region for this page, by weight. */
export function BlockRegion({ blocks, region }: { blocks: Deferred<Block[]>; region: string }) {
  const placed = use(blocks)
    .filter((block) => block.region === region)
    .sort((a, b) => a.weight - b.weight);
  if (placed.length === 0) return null;
  return (
    <div className={`region region--${region}`}>
      {placed.map((block) => (
        <section key={block.id} className="block">
          {block.labelVisible && block.label && <h2 className="block__title">{block.label}</h2>}
          {/* Editors' HTML from Drupal's text formats, which filter it on save. */}
          <div className="content-body" dangerouslySetInnerHTML={{ __html: block.html }} />
        </section>
      ))}
    </div>
  );
}
