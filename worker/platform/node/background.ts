/**
 * `waitUntil` on Node: work that outlives its response (a payload stored after the
 * page is sent, a background refresh, a lead handed to the CRM) is tracked, so that
 * SIGTERM can wait for it before the process exits.
 */
export interface Background {
  /** What Hono's `c.executionCtx` is on Workers. */
  readonly context: ExecutionContext;
  waitUntil(promise: Promise<unknown>): void;
  /** Resolves once everything started so far, and what it started in turn, has settled. */
  drain(): Promise<void>;
  readonly pending: number;
}

export function background(): Background {
  const pending = new Set<Promise<unknown>>();
  const waitUntil = (promise: Promise<unknown>) => {
    const tracked = promise.catch(() => undefined).finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  return {
    context: { waitUntil, passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext,
    waitUntil,
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    get pending() {
      return pending.size;
    },
  };
}
