import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE, WHEN_ATTRIBUTE, type IslandComponent, type SerializableProps } from '../../client/runtime/island-types';

/**
 * Renders an interactive component into the HTML inside a marker that names it
 * and carries its props as JSON; the browser's loader hydrates it from there.
 */
export function Island<P extends SerializableProps>({ component: Component, props }: { component: IslandComponent<P>; props: P }) {
  const marker = {
    [ISLAND_ATTRIBUTE]: Component.islandName,
    [WHEN_ATTRIBUTE]: Component.hydrate,
    [PROPS_ATTRIBUTE]: JSON.stringify(props),
  };
  return (
    <div {...marker}>
      <Component {...props} />
    </div>
  );
}
