import { Suspense, use, type ReactNode } from 'react';
import type { Deferred } from './deferred';

function Settled<T>({ data, render }: { data: Deferred<T>; render: (value: T) => ReactNode }) {
  return <>{render(use(data))}</>;
}

/**
 * A part of a page that comes from its own Drupal call: rendered inline when the
 * call has settled, else streamed into its place when it does; nothing meanwhile.
 */
export function Streamed<T>({ data, children }: { data: Deferred<T>; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Settled data={data} render={children} />
    </Suspense>
  );
}
