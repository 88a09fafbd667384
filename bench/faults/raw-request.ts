/**
 * One GET through node:http, with the path sent byte for byte (fetch would normalise
 * `%2e%2e`, dot segments and backslashes) and any Host header, under a hard timeout.
 */
import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  /** HTTP status, or why there was none: `timeout` (counts as hung) or `error` (connection closed/reset). */
  status: number | 'timeout' | 'error';
  headers: IncomingHttpHeaders;
  body: string;
  ms: number;
  error?: string;
}

export interface RawOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
}

const MAX_BODY = 1 << 20;

export function rawGet(baseUrl: string, path: string, options: RawOptions = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((done) => {
    let settled = false;
    const finish = (r: Omit<RawResponse, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done({ ...r, ms: performance.now() - started });
    };
    const req = request({ host: hostname, port, path, method: 'GET', headers: options.headers ?? {}, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < MAX_BODY) body += chunk;
      });
      res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', (e) => finish({ status: 'error', headers: res.headers, body, error: e.message }));
    });
    const timer = setTimeout(() => {
      finish({ status: 'timeout', headers: {}, body: '', error: `no complete answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (e) => finish({ status: 'error', headers: {}, body: '', error: e.message }));
    req.end();
  });
}
