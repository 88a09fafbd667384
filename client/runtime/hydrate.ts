import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { SerializableProps } from './island-types';

/** Kept apart from the loader so that React is fetched only when a first island wakes up. */
export function hydrateIsland(root: Element, component: ComponentType<SerializableProps>, props: SerializableProps) {
  hydrateRoot(root, createElement(component, props), {
    onRecoverableError: (error) => console.warn('Остров восстановлен после ошибки гидратации', error),
  });
}
