/**
 * A promise that React's `use()` can read without suspending once it has settled:
 * React looks for `status`/`value`/`reason` on thenables. Data that is already in
 * KV therefore renders inline; only what is still on its way from Drupal streams
 * in later behind a Suspense boundary.
 */
export type Deferred<T> = Promise<T>;

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export function defer<T>(promise: Promise<T>): Deferred<T> {
  const tracked: Tracked<T> = promise;
  tracked.status = 'pending';
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}

/**
 * Several deferred values as one, as `Promise.all` would give them, but already settled when each of them is:
 * `Promise.all` of settled promises is still pending until a later task, so a part made of two cached calls would
 * be streamed behind a Suspense boundary (and React's inline script that swaps it in) rather than rendered inline.
 */
export function deferAll<T extends readonly unknown[]>(values: { readonly [K in keyof T]: Deferred<T[K]> }): Deferred<T> {
  const tracked = values as readonly Tracked<unknown>[];
  if (tracked.every((value) => value.status === 'fulfilled')) {
    const value = tracked.map((each) => each.value) as unknown as T;
    const settled: Tracked<T> = Promise.resolve(value);
    settled.status = 'fulfilled';
    settled.value = value;
    return settled;
  }
  return defer(Promise.all(values) as Promise<T>);
}
