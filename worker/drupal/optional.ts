/** docs/requirements.md §8: optional side calls that fail are logged and ignored; the page carries on without them. */
export function optional<T>(what: string, promise: Promise<T>, fallback: T): Promise<T> {
  return promise.catch((error: unknown) => {
    console.warn(`${what}: пропущено`, error instanceof Error ? error.message : error);
    return fallback;
  });
}
