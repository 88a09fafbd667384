import type { ReactNode } from 'react';
import { BEHAVIOR_TRIGGERS, type BehaviorName, type BehaviorProps } from '../../common/behaviors';
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE, SRC_ATTRIBUTE, WHEN_ATTRIBUTE } from '../../common/island-markers';
import type { HydrateWhen } from '../../common/islands';
import { clientAssets } from './client-assets';

/**
 * Server-rendered markup that a behaviour (client/behaviors/<name>.ts) drives in
 * the browser, without React. The marker is an island's: the same loader wakes it.
 */
export function Behavior<N extends BehaviorName>({
  name,
  props,
  when,
  className,
  children,
}: {
  name: N;
  props: BehaviorProps[N];
  when?: HydrateWhen;
  /** A behaviour's marker is a real element (it holds the markup), so it may be styled. */
  className?: string;
  children: ReactNode;
}) {
  const marker = {
    [ISLAND_ATTRIBUTE]: name,
    [WHEN_ATTRIBUTE]: when ?? BEHAVIOR_TRIGGERS[name],
    [SRC_ATTRIBUTE]: clientAssets.behavior(name),
    [PROPS_ATTRIBUTE]: JSON.stringify(props),
  };
  return (
    <div {...marker} data-behavior="" className={className}>
      {children}
    </div>
  );
}
