/**
 * Starts the servers of `npm start`, the tests and the benchmark on loopback — the site in workerd (under `wrangler dev`
 * for `npm start`, as `wrangler deploy` builds it for the tests and the bench) or as the built Node server, the demo
 * origin on Node, Valkey — and waits until each answers HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { WranglerDevOptions } from './wrangler-dev.ts';

export const ROOT = resolve(import.meta.dirname, '..');
/** `wrangler dev` for a developer's server, which rebuilds on save (scripts/wrangler-dev.ts). */
const WRANGLER_DEV = join(ROOT, 'scripts', 'wrangler-dev.ts');
/** The worker as `wrangler deploy` builds it, in workerd without wrangler dev's proxy: tests, bench (scripts/built-worker.ts). */
const BUILT_WORKER = join(ROOT, 'scripts', 'built-worker.ts');

export interface WorkerServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** The server's newest output (its last KEPT_OUTPUT characters); with `since` (an earlier `written()`), what came after it. */
  output: (since?: number) => string;
  /** How much the server has written so far: a mark for `output(since)`. */
  written: () => number;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** wrangler.toml of the worker. */
  config: string;
  port: number;
  vars?: Record<string, string>;
  /** Where KV lives; a fresh temporary folder unless given. */
  persistTo?: string;
  /** Print the worker's output as it comes (npm start); tests keep it for failures. */
  inheritOutput?: boolean;
  /** Keep what a developer sees under `npm start` (the worker's console.log lines) though not printed; implied by inheritOutput. */
  developerLog?: boolean;
  timeoutMs?: number;
  /** A path that proves the server answers without side effects (no Drupal call, no counted request). */
  readyPath: string;
}

/**
 * Besides the ports given, wrangler and Miniflare pick ports of their own (workerd's sockets) by asking whether one is
 * free and then binding it: another process starting a server in that moment (the test lanes run side by side) can take
 * it first. Such a start is tried again, with the same ports given, since it was not theirs that clashed.
 */
const PORT_TAKEN = /EADDRINUSE|Address already in use/;
const START_TRIES = 3;

export async function startWorker(options: StartOptions): Promise<WorkerServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startWorkerOnce(options);
    } catch (error) {
      if (attempt >= START_TRIES || !(error instanceof PortTaken)) throw error;
    }
  }
}

/** A server whose start failed because a port it needed was taken. */
class PortTaken extends Error {}

async function startWorkerOnce(options: StartOptions): Promise<WorkerServer> {
  await unreserve(options.port);
  const temporary = options.persistTo === undefined;
  const persistTo = options.persistTo ?? mkdtempSync(join(tmpdir(), 'clinic-kv-'));
  const dev: WranglerDevOptions = {
    config: options.config,
    port: options.port,
    persistTo,
    vars: options.vars ?? {},
    // `log`, not `info`: wrangler prints a worker's console.log (the JSON line per request) only from there on.
    // Other tests' servers keep warnings only: their output is read just for a failure's message.
    logLevel: options.inheritOutput || options.developerLog || process.env.WRANGLER_LOG ? 'log' : 'warn',
  };
  // A developer's server (`npm start`) rebuilds on save; a test's or the bench's serves the build.
  const developer = options.inheritOutput === true;
  const child = spawn(process.execPath, [developer ? WRANGLER_DEV : BUILT_WORKER, JSON.stringify(dev)], {
    cwd: ROOT,
    // No network here: miniflare must not fetch the Request.cf sample from Cloudflare.
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' },
    stdio: ['ignore', options.inheritOutput ? 'inherit' : 'pipe', options.inheritOutput ? 'inherit' : 'pipe'],
    // Its own process group, so that stopping it also stops the workerd it starts.
    detached: true,
  });
  return removedOnStop(
    waitForServer(
      child,
      options.port,
      options.readyPath,
      `${developer ? 'wrangler dev' : 'workerd'} (${options.config})`,
      options.timeoutMs ?? 90_000,
      5_000,
    ),
    temporary ? persistTo : undefined,
  );
}

/** A temporary folder made for a server goes when the server stops, or fails to start: a test run leaves nothing in /tmp. */
async function removedOnStop<T extends { stop: () => Promise<void> }>(starting: Promise<T>, dir: string | undefined): Promise<T> {
  if (!dir) return starting;
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const server = await starting.catch((error: unknown) => {
    remove();
    throw error;
  });
  const { stop } = server;
  return Object.assign(server, { stop: () => stop().finally(remove) });
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(500) });
    return true;
  } catch {
    return false;
  }
}

/** A free loopback port, found by letting the OS choose one, for a server started at once (else `reservePort`). */
export async function freePort(): Promise<number> {
  const port = await reservePort();
  await unreserve(port);
  return port;
}

/** Ports `reservePort` holds, each by a listening socket of this process, until a server is started on it here. */
const reserved = new Map<number, import('node:net').Server>();

/**
 * A free loopback port, held bound by this process until `startWorker` or `startNodeSite` starts a server on it (or
 * `unreserve` lets it go for a server of the caller's). For a port that must be known long before its server starts
 * (the real Drupal's `next` module names the sites' addresses at its install, a minute earlier; the real Drupal itself
 * serves only after that install): unheld, the OS may give it meanwhile to a server another test lane starts, or to
 * an outgoing connection as its local port, and the start would then find the port taken.
 */
export async function reservePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((done, fail) => {
    // Whoever connects meanwhile is let go at once: a connection left open would hold the port's release.
    const server = createServer((socket) => socket.destroy());
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      // Held, it keeps no process alive that has nothing else to do.
      server.unref();
      reserved.set(port, server);
      done(port);
    });
  });
}

/** Lets a reserved port go, for the server about to bind it (one started here, or a process of the caller's own). */
export async function unreserve(port: number): Promise<void> {
  const server = reserved.get(port);
  if (!server) return;
  reserved.delete(port);
  // Until it is closed, it keeps the process alive: the server's start waits for it.
  server.ref();
  await new Promise<void>((done) => server.close(() => done()));
}

const SITE_CONFIG = join(ROOT, 'wrangler.toml');

type ServerOptions = Omit<StartOptions, 'config' | 'readyPath'>;

let demoBundle: Promise<string> | undefined;

/**
 * The demo origin's Node entry as one file, bundled once per process (esbuild, a fraction of a second): its sources
 * import without extensions, as wrangler's bundler allows and Node does not. The file goes when the process ends.
 */
function demoOriginBundle(): Promise<string> {
  demoBundle ??= (async () => {
    const { build, stop } = await import('esbuild');
    const dir = mkdtempSync(join(tmpdir(), 'clinic-demo-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const outfile = join(dir, 'demo-origin.mjs');
    await build({
      entryPoints: [join(ROOT, 'demo-origin', 'src', 'node-server.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    // Its service process would otherwise stay beside the tests until they end.
    await stop();
    return outfile;
  })();
  return demoBundle;
}

/**
 * The demo Drupal, on Node (demo-origin/src/node-server.ts): the same app as under `wrangler dev`, a call answered in a
 * few milliseconds instead of twenty and no workerd per server. Its state lives in its process (`persistTo` has no
 * use); its control endpoint neither counts nor delays.
 */
export async function startDemoOrigin(options: Omit<ServerOptions, 'persistTo'>): Promise<WorkerServer> {
  const bundle = await demoOriginBundle();
  await unreserve(options.port);
  const child = spawn(process.execPath, [bundle], {
    cwd: ROOT,
    env: { ...process.env, ...options.vars, PORT: String(options.port), DEMO_PUBLIC_DIR: join(ROOT, 'demo-origin', 'public') },
    stdio: ['ignore', options.inheritOutput ? 'inherit' : 'pipe', options.inheritOutput ? 'inherit' : 'pipe'],
    detached: true,
  });
  return waitForServer(child, options.port, '/__demo/requests', 'the demo origin', options.timeoutMs ?? 30_000, 1_000);
}

/** The site; a static asset proves it is up without rendering (and caching) a page. */
export const startSite = (options: ServerOptions) => startWorker({ ...options, config: SITE_CONFIG, readyPath: '/favicon.svg' });

export interface NodeSiteServer extends WorkerServer {
  /** Sends a signal to the site's process (group, with PROCESSES > 1). */
  signal: (signal: NodeJS.Signals) => void;
}

export interface NodeSiteOptions {
  port: number;
  valkeyUrl: string;
  vars?: Record<string, string>;
  /** Processes on this port (node:cluster); 1 unless given. */
  processes?: number;
  /** Spool and files folder; a fresh temporary one unless given. */
  stateDir?: string;
  /** Valkey key prefix; two sites on one Valkey are one site only when it is the same. */
  keyPrefix?: string;
  inheritOutput?: boolean;
  timeoutMs?: number;
}

/** The Node target (dist/node/server.js, built by `npm run build`), as `npm run start:node` runs it. */
export async function startNodeSite(options: NodeSiteOptions): Promise<NodeSiteServer> {
  await unreserve(options.port);
  const temporary = options.stateDir === undefined;
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'clinic-node-'));
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'node', 'server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...options.vars,
      PORT: String(options.port),
      VALKEY_URL: options.valkeyUrl,
      VALKEY_PREFIX: options.keyPrefix ?? 'clinic:',
      PROCESSES: String(options.processes ?? 1),
      STATE_DIR: stateDir,
    },
    stdio: ['ignore', options.inheritOutput ? 'inherit' : 'pipe', options.inheritOutput ? 'inherit' : 'pipe'],
    detached: true,
  });
  // A stopping Node site finishes its lead deliveries first: more grace than wrangler needs.
  return removedOnStop(
    waitForServer(child, options.port, '/favicon.svg', 'node dist/node/server.js', options.timeoutMs ?? 30_000, 10_000),
    temporary ? stateDir : undefined,
  );
}

/** How much of a server's output is kept, at least, for a failure's message. */
const KEPT_OUTPUT = 256 * 1024;

/** Waits until a started server answers `readyPath`; its stop sends SIGTERM to its process group, then SIGKILL after `graceMs`. */
async function waitForServer(
  child: ChildProcess,
  port: number,
  readyPath: string,
  name: string,
  timeoutMs: number,
  graceMs: number,
): Promise<NodeSiteServer> {
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  let dropped = 0;
  // The newest output only: a server's JSON line per request would otherwise grow without end over a long suite
  // or bench. Trimmed once it is twice the size kept, so that a busy server does not cost a copy per line.
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 2 * KEPT_OUTPUT) {
      dropped += log.length - KEPT_OUTPUT;
      log = log.slice(-KEPT_OUTPUT);
    }
  };
  const output = (since = 0) => log.slice(Math.max(0, since - dropped));
  const written = () => dropped + log.length;
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, sig);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        signal('SIGTERM');
        setTimeout(() => signal('SIGKILL'), graceMs).unref();
      });
    }
    signal('SIGKILL');
    // The port must be free before anyone reuses it, or they would reach this server.
    for (let i = 0; i < 50 && (await answers(url)); i++) await new Promise((r) => setTimeout(r, 100));
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null && !PORT_TAKEN.test(log)) throw new Error(`${name} exited with ${child.exitCode}:\n${log}`);
    // Only a 200 is this server's: another process's server on the port (it was taken meanwhile) answers the path with a 404.
    const ready = await fetch(url + readyPath, { signal: AbortSignal.timeout(2_000) }).then(
      async (res) => {
        await res.body?.cancel();
        return res.ok;
      },
      () => false,
    );
    if (ready) return { url, port, process: child, output, written, stop, signal };
    // Not answering, and a port was taken: wrangler does not always exit then, it may say so and wait.
    if (PORT_TAKEN.test(log)) {
      await stop();
      throw new PortTaken(`${name}: a port was taken while it started:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`${name} did not answer on ${url}:\n${log}`);
}

export interface ValkeyServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Its data folder (the append-only file lives here); one made for it goes when it is stopped. */
  dir: string;
  stop: () => Promise<void>;
  /** `kill -9`, as a crash would. */
  kill: () => Promise<void>;
}

/** The Valkey (or Redis) server installed on the machine, on `port`, append-only as the README tells ops to run it. */
export async function startValkey(options: { port: number; dir?: string }): Promise<ValkeyServer> {
  const temporary = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'clinic-valkey-'));
  const binary = ['valkey-server', 'redis-server'].find((name) => which(name));
  if (!binary) throw new Error('Не найден valkey-server или redis-server: установите Valkey (или пакет redis-server)');
  const child = spawn(
    binary,
    ['--port', String(options.port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const { connect } = await import('node:net');
  const pong = () =>
    new Promise<boolean>((done) => {
      const socket = connect(options.port, '127.0.0.1');
      socket.once('error', () => done(false));
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        done(data.toString().startsWith('+PONG'));
      });
    });
  const deadline = Date.now() + 10_000;
  while (!(await pong())) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${binary} did not start on ${options.port}:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const ended = (signal: NodeJS.Signals) =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill(signal);
    });
  return {
    url: `redis://127.0.0.1:${options.port}`,
    port: options.port,
    process: child,
    dir,
    // A folder made here goes with a stop; a kill leaves it, as a crash would, for a restart on the same data.
    stop: () => ended('SIGTERM').finally(() => temporary && rmSync(dir, { recursive: true, force: true })),
    kill: () => ended('SIGKILL'),
  };
}

function which(name: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, name)));
}
