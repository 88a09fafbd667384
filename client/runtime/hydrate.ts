import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SLOT_ATTRIBUTE } from '../../common/island-markers';
import type { SerializableProps } from '../../common/islands';

/**
 * Server-rendered children, handed back as the same static HTML: React adopts the
 * element without touching its content, so islands nested in it hydrate on their own.
 */
function Slot({ html }: { html: string }) {
  return createElement('div', {
    [SLOT_ATTRIBUTE]: '',
    className: 'island-slot',
    dangerouslySetInnerHTML: { __html: html },
    suppressHydrationWarning: true,
  });
}

/** Effects run children first: when this one runs, the island's own listeners are in place. */
function Ready({ onReady, children }: { onReady: () => void; children?: ReactNode }) {
  useEffect(onReady, [onReady]);
  return children;
}

/**
 * Kept apart from the loader so that React is fetched only when a first island
 * wakes up. Resolves once the island is hydrated and its effects have run, so a
 * replayed click reaches listeners the island adds in effects too.
 */
export function hydrateIsland(
  root: Element,
  component: ComponentType<SerializableProps>,
  props: SerializableProps,
  slotHtml?: string,
): Promise<void> {
  const children = slotHtml === undefined ? undefined : createElement(Slot, { html: slotHtml });
  return new Promise((resolve) => {
    hydrateRoot(root, createElement(Ready, { onReady: resolve }, createElement(component, props, children)), {
      onRecoverableError: (error) => console.warn('Остров восстановлен после ошибки гидратации', error),
    });
  });
}
