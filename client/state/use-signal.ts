import { useSyncExternalStore } from 'react';
import type { SharedSignal } from './site-state';

/**
 * Reads a shared signal in a React component and re-renders when it changes.
 * Hydration sees the server's value first; an island that wakes after another
 * island changed the signal then re-renders with the current one.
 */
export function useSignalValue<T>(source: SharedSignal<T>): T {
  return useSyncExternalStore(
    (onChange) => source.subscribe(onChange),
    () => source.value,
    () => source.initial,
  );
}
