import { use } from 'react';
import type { Block } from '../drupal/types';
import type { Deferred } from './deferred';

/** The regions the layouts place themselves; a block in any other region is shown by OtherRegions. */
export const PLACED_REGIONS: readonly string[] = [
  'top_bar',
  'featured_top',
  'sidebar',
  'content_top',
  'content_bottom',
  'footer_first',
  'footer_second',
  'footer_third',
];

function Region({ region, placed, landmark }: { region: string; placed: Block[]; landmark?: string }) {
  // A region outside the page's landmarks (header, main, aside, footer) is a landmark of its own.
  const Wrapper = landmark ? 'aside' : 'div';
  return (
    <Wrapper className={`region region--${region}`} aria-label={landmark}>
      {[...placed]
        .sort((a, b) => a.weight - b.weight)
        .map((block) => (
          <section key={block.id} className="block">
            {block.labelVisible && block.label && <h2 className="block__title">{block.label}</h2>}
            {block.links ? (
              <ul className="link-list block__links">
                {block.links.map((link, index) => (
                  <li key={link.nid ?? index}>
                    <a href={link.url}>{link.title}</a>
                  </li>
                ))}
              </ul>
            ) : (
              /* Editors' HTML from Drupal's text formats, sanitised by the Drupal client. */
              <div className="content-body block__body" dangerouslySetInnerHTML={{ __html: block.html }} />
            )}
          </section>
        ))}
    </Wrapper>
  );
}

/**
 * The blocks Drupal placed in one region for this page, by weight. `landmark`
 * names the region as a complementary landmark, for a region placed outside the
 * page's others.
 */
export function BlockRegion({ blocks, region, landmark }: { blocks: Deferred<Block[]>; region: string; landmark?: string }) {
  const placed = use(blocks).filter((block) => block.region === region);
  if (placed.length === 0) return null;
  return <Region region={region} placed={placed} landmark={landmark} />;
}

/**
 * Blocks in regions no layout knows (another clinic's theme may have more):
 * shown after the content, region by region, rather than lost. `except`: regions
 * the page's body already showed in their places.
 */
export function OtherRegions({ blocks, except = [] }: { blocks: Deferred<Block[]>; except?: readonly string[] }) {
  const all = use(blocks);
  const regions = [...new Set(all.map((block) => block.region))].filter(
    (region) => !PLACED_REGIONS.includes(region) && !except.includes(region),
  );
  return regions.map((region) => <Region key={region} region={region} placed={all.filter((block) => block.region === region)} />);
}
