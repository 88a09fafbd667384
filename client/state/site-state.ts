import { signal, type Signal } from '@preact/signals-core';

/** A signal that remembers the value the server rendered with, so hydration matches the HTML. */
export type SharedSignal<T> = Signal<T> & { readonly initial: T };

const shared = <T>(initial: T): SharedSignal<T> => Object.assign(signal(initial), { initial });

/**
 * Site state shared by islands (spec §3 "Site state"). Every island chunk imports
 * this one module, so all of them see the same signals.
 */
export const searchBarOpen = shared(false);
export const slideMenuOpen = shared(false);
export const modal = shared<{ title: string; body: string } | null>(null);
