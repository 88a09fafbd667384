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
