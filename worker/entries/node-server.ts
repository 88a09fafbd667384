/**
 * The Node target's entry (built to dist/node/server.js): the site on PORT, sharing
 * Valkey with every other process of the site. PROCESSES > 1 forks that many
 * processes on this port (one per core, as ops usually want). SIGTERM stops taking
 * connections, lets requests finish, drains lead deliveries and background work, then exits.
 */
import cluster from 'node:cluster';
import type { IncomingMessage } from 'node:http';
import { serve } from '@hono/node-server';
import { readNodeSettings } from '../platform/node/settings';
import { startNodeSite, ValkeyMissing } from './node-site';

const DRAIN_LIMIT_MS = 30_000;

/**
 * The visitor's address for what is counted per visitor: X-Forwarded-For as the reverse
 * proxy sets it (README: it replaces, never appends), else the connection's own peer.
 * CF-Connecting-IP is Cloudflare's; here nobody vouches for it, so it goes.
 */
function withClientAddress(request: Request, incoming: IncomingMessage): Request {
  const spoofable = request.headers.has('CF-Connecting-IP');
  const forwarded = request.headers.has('X-Forwarded-For');
  if (!spoofable && forwarded) return request;
  const peer = incoming.socket.remoteAddress?.replace(/^::ffff:/, '');
  const fix = (headers: Headers) => {
    // Only when there: deleting a header the adapter's lazy request lacks still copies all of its headers.
    if (spoofable) headers.delete('CF-Connecting-IP');
    if (!forwarded && peer) headers.set('X-Forwarded-For', peer);
  };
  try {
    // The adapter's requests have mutable headers: no copy of the request on every visit.
    fix(request.headers);
    return request;
  } catch {
    const headers = new Headers(request.headers);
    fix(headers);
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers,
      body: request.body,
      redirect: 'manual',
      signal: request.signal,
    };
    if (request.body) init.duplex = 'half';
    return new Request(request.url, init);
  }
}

async function runProcess(): Promise<void> {
  const settings = readNodeSettings(process.env.SITE_ROOT ?? process.cwd());
  let site;
  try {
    site = await startNodeSite(settings);
  } catch (error) {
    console.error(error instanceof ValkeyMissing ? error.message : error);
    process.exit(1);
  }
  const server = serve({
    port: settings.port,
    hostname: settings.host,
    fetch: (request, env) => site.fetch('incoming' in env ? withClientAddress(request, env.incoming as IncomingMessage) : request),
  });
  server.on('listening', () => console.log(`Сайт (Node, процесс ${process.pid}): http://${settings.host}:${settings.port}`));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log(`Процесс ${process.pid}: останавливаемся, доделываем начатое`);
    const forced = setTimeout(() => process.exit(1), DRAIN_LIMIT_MS);
    forced.unref();
    await new Promise<void>((done) => {
      server.close(() => done());
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    await site.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

const processes = Math.max(1, Number(process.env.PROCESSES) || 1);
if (processes > 1 && cluster.isPrimary) {
  let exiting = false;
  for (let i = 0; i < processes; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (exiting) return;
    // Valkey missing at start-up is not worth a restart loop.
    if (code === 1 && Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
    console.error(`Процесс ${worker.process.pid} завершился (${code}); запускаем новый`);
    cluster.fork();
  });
  const stopAll = () => {
    exiting = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    }, 100);
    check.unref();
  };
  process.on('SIGTERM', stopAll);
  process.on('SIGINT', stopAll);
} else {
  await runProcess();
}
