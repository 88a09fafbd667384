import type { ReactNode } from 'react';
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE, SLOT_ATTRIBUTE, SRC_ATTRIBUTE, WHEN_ATTRIBUTE } from '../../common/island-markers';
import type { HydrateWhen, IslandComponent, SerializableProps } from '../../common/islands';
import { clientAssets } from './client-assets';

/**
 * Renders an interactive component into the HTML inside a marker that names it
 * and carries its props as JSON; the browser's loader hydrates it from there.
 * `when` overrides the island's own hydration trigger; `children` are rendered
 * here and handed to the island in the browser as the same static HTML.
 */
export function Island<P extends SerializableProps>({
  component: Component,
  props,
  when,
  children,
}: {
  component: IslandComponent<P>;
  props: P;
  when?: HydrateWhen;
  children?: ReactNode;
}) {
  const marker = {
    [ISLAND_ATTRIBUTE]: Component.islandName,
    [WHEN_ATTRIBUTE]: when ?? Component.hydrate,
    [SRC_ATTRIBUTE]: clientAssets.island(Component.islandName),
    [PROPS_ATTRIBUTE]: JSON.stringify(props),
  };
  const slot = { [SLOT_ATTRIBUTE]: '' };
  return (
    <div {...marker}>
      <Component {...props}>
        {children === undefined ? undefined : (
          <div {...slot} className="island-slot">
            {children}
          </div>
        )}
      </Component>
    </div>
  );
}
