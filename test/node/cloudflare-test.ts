/**
 * `cloudflare:test` for the Node project: the two helpers the worker tests use. An
 * ExecutionContext whose waitUntil work is tracked, so a test can wait for a
 * request's background writes as it does in workerd.
 */
const pendingOf = new WeakMap<ExecutionContext, Set<Promise<unknown>>>();

export function createExecutionContext(): ExecutionContext {
  const pending = new Set<Promise<unknown>>();
  const ctx = {
    waitUntil(promise: Promise<unknown>) {
      const tracked = Promise.resolve(promise)
        .catch(() => undefined)
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    passThroughOnException: () => undefined,
    props: {},
  } as unknown as ExecutionContext;
  pendingOf.set(ctx, pending);
  return ctx;
}

/** Resolves once every waitUntil promise, and any added while waiting, has settled. */
export async function waitOnExecutionContext(ctx: ExecutionContext): Promise<void> {
  const pending = pendingOf.get(ctx);
  if (!pending) throw new Error('waitOnExecutionContext: контекст создан не createExecutionContext()');
  while (pending.size > 0) await Promise.all([...pending]);
}
