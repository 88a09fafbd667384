/**
 * A warm page against a static file of the same bytes served by the same runtime.
 * workerd's asset handling answers `/x.html` with a 307 to `/x`; a comparator
 * reached through that redirect costs two round trips and flatters the page, so
 * the static file is asked for at the address that answers 200 itself.
 */
import autocannon from 'autocannon';

/** Both sides are asked as a browser asks: compressed, over kept-alive connections. */
const HEADERS = { 'Accept-Encoding': 'gzip' };

/**
 * How both sides are asked: as a browser asks (`gzip`), or uncompressed (`identity`) where the runtime serves its
 * files uncompressed and its kept pages compressed (the Node target), so that both are the same bytes.
 */
export type Asked = 'gzip' | 'identity';

/**
 * Follows the static file's redirects by hand to the URL that answers 200 at once,
 * and checks that it serves exactly the bytes written.
 */
export async function directUrl(siteUrl: string, path: string, expected: Buffer): Promise<{ url: string; hops: string[] }> {
  const hops: string[] = [];
  let url = siteUrl + path;
  for (let i = 0; i < 5; i++) {
    const res = await fetch(url, { redirect: 'manual', headers: HEADERS });
    const body = Buffer.from(await res.arrayBuffer());
    const location = res.headers.get('Location');
    if (res.status >= 300 && res.status < 400 && location) {
      hops.push(`${new URL(url).pathname} → ${res.status}`);
      url = new URL(location, url).href;
      continue;
    }
    if (res.status !== 200) throw new Error(`static comparator ${url}: ${res.status}`);
    if (!body.equals(expected))
      throw new Error(`static comparator ${url}: ${body.byteLength} bytes, not the ${expected.byteLength} written`);
    return { url, hops };
  }
  throw new Error(`static comparator ${siteUrl + path}: too many redirects`);
}

/**
 * Closed-loop load (`connections` clients, each sending its next request when the last one finished)
 * on page and file in alternating one-second rounds, `seconds` of each in all, so that the load of
 * anything else on the machine (other runs, the other target idling) falls on both alike:
 * requests per second of each over its own rounds.
 */
export async function pairedThroughput(
  pageUrl: string,
  staticUrl: string,
  connections: number,
  seconds: number,
  asked: Asked = 'gzip',
): Promise<{ page: number; file: number }> {
  const rounds = Math.max(1, Math.round(seconds));
  const run = async (url: string) => {
    const result = await autocannon({ url, connections, duration: seconds / rounds, headers: { 'Accept-Encoding': asked } });
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0 || result['3xx'] > 0)
      throw new Error(`${url}: ${failed} failed and ${result['3xx']} redirected of ${result.requests.total} requests`);
    return { requests: result.requests.total, seconds: result.duration || seconds / rounds };
  };
  const page = { requests: 0, seconds: 0 };
  const file = { requests: 0, seconds: 0 };
  for (let i = 0; i < rounds; i++) {
    // Which goes first alternates too: the first of a pair may meet leftovers of the round before.
    const order =
      i % 2 === 0
        ? ([
            [pageUrl, page],
            [staticUrl, file],
          ] as const)
        : ([
            [staticUrl, file],
            [pageUrl, page],
          ] as const);
    for (const [url, total] of order) {
      const r = await run(url);
      total.requests += r.requests;
      total.seconds += r.seconds;
    }
  }
  return { page: page.requests / page.seconds, file: file.requests / file.seconds };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * One request at a time, page and file alternating so that any drift of the
 * machine touches both alike: the median time to the last byte of each.
 */
export async function sequentialMedians(
  pageUrl: string,
  staticUrl: string,
  samples: number,
  asked: Asked = 'gzip',
): Promise<{ page: number; file: number }> {
  const timeOne = async (url: string) => {
    const started = performance.now();
    const res = await fetch(url, { headers: { 'Accept-Encoding': asked } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) await Promise.all([timeOne(pageUrl), timeOne(staticUrl)]);
  const page: number[] = [];
  const file: number[] = [];
  for (let i = 0; i < samples; i++) {
    page.push(await timeOne(pageUrl));
    file.push(await timeOne(staticUrl));
  }
  return { page: median(page), file: median(file) };
}
