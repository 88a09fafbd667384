import { expect, it } from 'vitest';
import type { UndeliveredLeads, UndeliveredRecord } from '../../../worker/seams/seams';

const record = (id: string, failedAt: string, extra: Partial<UndeliveredRecord> = {}): UndeliveredRecord => ({
  id,
  form: 'callback',
  kind: 'crm',
  receivedAt: '2026-11-01T10:00:00.000Z',
  failedAt,
  attempts: 21,
  lastError: 'CRM не ответила: 503',
  sealed: 'v1.aXY=.Y2lwaGVy',
  ...extra,
});

/** The undelivered leads' store (seams/seams.ts UndeliveredLeads): nothing expires, an id is kept once. */
export function undeliveredLeadsContract(store: () => UndeliveredLeads) {
  const empty = async () => {
    for (const kept of await store().list()) await store().remove(kept.id);
  };
  const unique = () => `contract-${crypto.randomUUID()}`;

  it('keeps a record as it was given, and finds nothing under an unknown id', async () => {
    await empty();
    const kept = record(unique(), '2026-11-02T10:00:00.000Z', { kind: 'drupal', form: 'consultation' });
    await store().add(kept);
    expect(await store().get(kept.id)).toEqual(kept);
    expect(await store().get(unique())).toBeNull();
    expect(await store().count()).toBe(1);
  });

  it('replaces a record added again under the same id (a dead letter taken twice is kept once)', async () => {
    await empty();
    const id = unique();
    await store().add(record(id, '2026-11-02T10:00:00.000Z'));
    await store().add(record(id, '2026-11-03T10:00:00.000Z', { attempts: 22 }));
    expect(await store().count()).toBe(1);
    expect(await store().get(id)).toMatchObject({ failedAt: '2026-11-03T10:00:00.000Z', attempts: 22 });
  });

  it('lists the newest failure first', async () => {
    await empty();
    const [older, newest, middle] = [unique(), unique(), unique()];
    await store().add(record(older, '2026-11-01T10:00:00.000Z'));
    await store().add(record(newest, '2026-11-05T10:00:00.000Z'));
    await store().add(record(middle, '2026-11-03T10:00:00.000Z'));
    expect((await store().list()).map((kept) => kept.id)).toEqual([newest, middle, older]);
  });

  it('removes one record, and removing an unknown id is no error', async () => {
    await empty();
    const [gone, stays] = [unique(), unique()];
    await store().add(record(gone, '2026-11-01T10:00:00.000Z'));
    await store().add(record(stays, '2026-11-02T10:00:00.000Z'));
    await store().remove(gone);
    await store().remove(unique());
    expect(await store().get(gone)).toBeNull();
    expect((await store().list()).map((kept) => kept.id)).toEqual([stays]);
    expect(await store().count()).toBe(1);
  });
}
