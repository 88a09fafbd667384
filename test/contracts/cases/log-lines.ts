import { afterEach, expect, it, vi } from 'vitest';
import type { LogLines } from '../../../worker/seams/seams';

/**
 * The request log's output (seams/seams.ts LogLines): every line written comes out once, whole and in order, by the
 * time `settled` resolves (given by the platform's test file: the turn of its event loop the lines wait for).
 */
export function logLinesContract(make: () => LogLines, settled: () => Promise<void>) {
  const written: string[] = [];
  const capture = () => vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void written.push(args.join(' ')));
  const lines = () => written.flatMap((text) => text.split('\n'));

  afterEach(() => {
    vi.restoreAllMocks();
    written.length = 0;
  });

  it('writes every line once, whole, in the order given', async () => {
    capture();
    const out = make();
    const given = Array.from({ length: 500 }, (_, i) => JSON.stringify({ time: `t${i}`, path: `/услуги/${i}.html`, status: 200 }));
    for (const line of given) out.write(line);
    await settled();
    expect(lines()).toEqual(given);
  });

  it('writes the lines of a later turn after the earlier ones', async () => {
    capture();
    const out = make();
    out.write('{"n":1}');
    await settled();
    out.write('{"n":2}');
    out.write('{"n":3}');
    await settled();
    expect(lines()).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
  });
}
