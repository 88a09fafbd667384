import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SLOT_ATTRIBUTE } from '../../common/island-markers';
import type { SerializableProps } from '../../common/islands';

/**
 * Server-rendered children, handed back as the same static HTML: React adopts the
 * element without touching its content, so islands nested in it hydrate on their own.
 */
function Slot({ html }: { html: string }) {
  return createElement('div', { [SLOT_ATTRIBUTE]: '', className: 'island-slot', dangerouslySetInnerHTML: { __html: html }, suppressHydrationWarning: true });
}

/** Kept apart from the loader so that React is fetched only when a first island wakes up. */
export function hydrateIsland(root: Element, component: ComponentType<SerializableProps>, props: SerializableProps, slotHtml?: string) {
  const children = slotHtml === undefined ? undefined : createElement(Slot, { html: slotHtml });
  hydrateRoot(root, createElement(component, props, children), {
    onRecoverableError: (error) => console.warn('Остров восстановлен после ошибки гидратации', error),
  });
}
