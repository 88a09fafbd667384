/**
 * Each test of the worker project starts with no booking time held (worker/platform/workers/slot-hold.ts), as the Node
 * project's do (test/node/cloudflare-workers.ts): tests walk to the same first free time, and one left at the code
 * step would hold it from the next for minutes. workerd keeps the Durable Objects' storage across the files of a run.
 */
import { listDurableObjectIds, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach } from 'vitest';

const { SLOT_HOLDS } = env as unknown as { SLOT_HOLDS: DurableObjectNamespace };

beforeEach(async () => {
  for (const id of await listDurableObjectIds(SLOT_HOLDS)) {
    await runInDurableObject(SLOT_HOLDS.get(id), async (_object, state) => {
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });
  }
});
