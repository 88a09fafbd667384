import { expect, it } from 'vitest';
import type { KeyValueStore } from '../../../worker/seams/seams';

/** KV's subset the site uses (seams/seams.ts KeyValueStore), as every platform must keep it. */
export function keyValueStoreContract(store: () => KeyValueStore) {
  const unique = () => `contract-${crypto.randomUUID()}`;

  it('reads back what was put, as text or as JSON; a key never put reads null', async () => {
    const key = unique();
    await store().put(key, JSON.stringify({ a: 1, b: 'б' }));
    expect(await store().get(key)).toBe('{"a":1,"b":"б"}');
    expect(await store().get<{ a: number; b: string }>(key, 'json')).toEqual({ a: 1, b: 'б' });
    expect(await store().get(unique())).toBeNull();
  });

  it('keeps the metadata beside the value, and none when none was given', async () => {
    const [withMetadata, without] = [unique(), unique()];
    await store().put(withMetadata, 'значение', { metadata: { fu: 1, su: 2, n: 1 }, expirationTtl: 120 });
    await store().put(without, 'значение');
    // Only the two fields the site reads: Workers' KV adds its own (cacheStatus).
    const read = async (key: string) => {
      const { value, metadata } = await store().getWithMetadata(key, 'text');
      return { value, metadata };
    };
    expect(await read(withMetadata)).toEqual({ value: 'значение', metadata: { fu: 1, su: 2, n: 1 } });
    expect(await read(without)).toEqual({ value: 'значение', metadata: null });
    expect(await read(unique())).toEqual({ value: null, metadata: null });
  });

  it('replaces a value put again, and forgets a deleted one', async () => {
    const key = unique();
    await store().put(key, 'первое');
    await store().put(key, 'второе');
    expect(await store().get(key)).toBe('второе');
    await store().delete(key);
    expect(await store().get(key)).toBeNull();
    // Deleting what is not there is no error.
    await store().delete(key);
  });

  it('answers simultaneous reads alike, and a read begun after a write with what was written', async () => {
    const key = unique();
    await store().put(key, 'первое', { metadata: { fu: 1, su: 2 } });
    const together = await Promise.all(Array.from({ length: 5 }, () => store().getWithMetadata(key, 'text')));
    expect(together.map(({ value, metadata }) => ({ value, metadata }))).toEqual(
      Array.from({ length: 5 }, () => ({ value: 'первое', metadata: { fu: 1, su: 2 } })),
    );
    // A read still under way when the write lands must not answer the reads begun after it.
    const before = store().get(key);
    await store().put(key, 'второе');
    expect(await store().get(key)).toBe('второе');
    expect(['первое', 'второе']).toContain(await before);
    await store().delete(key);
    expect(await store().get(key)).toBeNull();
  });

  it('lists every key under a prefix, and only those, page by page', async () => {
    const prefix = `${unique()}:`;
    const keys = Array.from({ length: 12 }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);
    await Promise.all(keys.map((key) => store().put(key, 'x')));
    await store().put(`${unique()}:other`, 'x');
    const listed: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store().list({ prefix, cursor });
      listed.push(...page.keys.map((key) => key.name));
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    expect([...new Set(listed)].sort()).toEqual(keys);
  });

  it('claims a key for one fetcher at a time, where the store has claims', async () => {
    const claims = store().claims;
    // Workers' KV has none: each isolate coalesces its own fetches (cache/flights.ts).
    if (!claims) return;
    const key = unique();
    expect(await claims.claim(key, 5_000)).toBe(true);
    expect(await claims.claim(key, 5_000)).toBe(false);
    expect(await claims.held(key)).toBe(true);
    await claims.release(key);
    expect(await claims.held(key)).toBe(false);
    expect(await claims.claim(key, 5_000)).toBe(true);
    await claims.release(key);
  });
}
