import type { FormDefinition } from '../../../common/forms/definition';

/** How long the popup waits for a definition before it offers the phone instead. */
const LOAD_TIMEOUT_MS = 10_000;

/** Definitions asked for on this page, by popup id: one request per form, shared by a hover and the click after it. */
const cache = new Map<string, Promise<FormDefinition>>();

const isDefinition = (value: unknown): value is FormDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FormDefinition).title === 'string' &&
  typeof (value as FormDefinition).submitLabel === 'string' &&
  Array.isArray((value as FormDefinition).fields);

async function fetchDefinition(id: string): Promise<FormDefinition> {
  const response = await fetch(`/api/forms/${encodeURIComponent(id)}`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(LOAD_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GET /api/forms/${id}: ${response.status}`);
  const body: unknown = await response.json();
  if (!isDefinition(body)) throw new Error(`GET /api/forms/${id}: not a form definition`);
  return body;
}

/**
 * The definition of popup `id` (consultation1 included: the worker answers it
 * with the consultation form's fields). A failed load is forgotten, so the next
 * click tries again.
 */
export function loadDefinition(id: string): Promise<FormDefinition> {
  let pending = cache.get(id);
  if (!pending) {
    pending = fetchDefinition(id);
    cache.set(id, pending);
    pending.catch(() => {
      if (cache.get(id) === pending) cache.delete(id);
    });
  }
  return pending;
}

/** Starts loading early (a pointer over the button, focus on it); the click finds it ready. */
export function prefetchDefinition(id: string): void {
  loadDefinition(id).catch(() => undefined);
}
