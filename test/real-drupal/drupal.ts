/**
 * A real Drupal for the tests: installs one of the real-drupal codebases (`../shared/real-drupal` beside the repository, or REAL_DRUPAL_DIR; its install.sh), provisions
 * the clinic's content model with provision.php, and serves it with PHP's built-in server (serve.sh) in its own
 * process group. Nothing here reaches the internet: install.sh unpacks a local tarball, drush works on SQLite.
 *
 * Runs under Node 22 with type stripping: erasable TypeScript only.
 */
import { execFile, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unreserve } from '../../scripts/servers.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '../..');
const PROVISION = join(HERE, 'provision.php');
const MEMORY = ['-d', 'memory_limit=512M'];
const MAX_BUFFER = 64 * 1024 * 1024;

/** The real-drupal codebase folder: REAL_DRUPAL_DIR, else <repo>/../shared/real-drupal; with a reason when it cannot be used. */
export function realDrupalSource(): { dir: string } | { skipped: string } {
  const dir = resolve(process.env.REAL_DRUPAL_DIR || join(REPO, '../shared/real-drupal'));
  if (!existsSync(join(dir, 'install.sh')) || !existsSync(join(dir, 'serve.sh'))) {
    return { skipped: `real Drupal codebases not found: ${dir} has no install.sh/serve.sh (set REAL_DRUPAL_DIR)` };
  }
  if (!phpAvailable()) {
    return {
      skipped:
        'php is not installed (apt-get install php8.2-cli php8.2-sqlite3 php8.2-gd php8.2-xml php8.2-mbstring php8.2-curl php8.2-zip php8.2-intl)',
    };
  }
  return { dir };
}

let phpChecked: boolean | undefined;
function phpAvailable(): boolean {
  if (phpChecked === undefined) {
    const paths = (process.env.PATH ?? '').split(':').filter(Boolean);
    phpChecked = paths.some((p) => existsSync(join(p, 'php')));
  }
  return phpChecked;
}

export interface RealDrupal {
  url: string;
  port: number;
  /** DEST: install.sh's second argument (the codebase is DEST/drupal). */
  dir: string;
  stack: '10.2' | '10.3';
  /** (Re)starts php -S (serve.sh) in its own process group and waits until it answers. */
  start(): Promise<void>;
  /** Kills the server's process group and waits until the port is closed. */
  stop(): Promise<void>;
  /** drush php:eval: its stdout; throws with stderr on failure. */
  php(code: string): Promise<string>;
  /** \Drupal::database()->query($sql, $args)->fetchAll(PDO::FETCH_ASSOC), as JSON back ({table} prefixes allowed). */
  query<T = Record<string, unknown>>(sql: string, args?: Record<string, unknown>): Promise<T[]>;
  /** Messages (placeholders filled in, plain text) of the watchdog entries of `type` after entry `since` (a watchdogMark), newest last. */
  watchdog(type: string, since?: number): Promise<string[]>;
  /** The newest watchdog entry's id now (0 when none): pass it to watchdog() for what is logged after. */
  watchdogMark(): Promise<number>;
  /** Where it is, for connectRealDrupal in another process. */
  address: RealDrupalAddress;
}

export interface InstallOptions {
  stack: '10.2' | '10.3';
  dest: string;
  port: number;
  /** name → front-end base URL (for the next module's sites). */
  nextSites: Record<string, string>;
  purgeSecret: string;
  apiUser: string;
  apiPassword: string;
}

interface Run {
  stdout: string;
  stderr: string;
}

/** Where this repository's PHP settings for the real Drupal are (OPcache on in the CLI: php/opcache.ini). */
const PHP_INI_DIR = join(HERE, 'php');

/**
 * The environment of every PHP process of the Drupal in `dest`: PHP's own settings, then php/opcache.ini (a scan
 * directory after a colon is read after the default one), with its compiled files kept in DEST/opcache.
 */
function phpEnv(dest: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const cache = join(dest, 'opcache');
  mkdirSync(cache, { recursive: true });
  return { ...env, PHP_INI_SCAN_DIR: `:${PHP_INI_DIR}`, REAL_DRUPAL_OPCACHE_DIR: cache };
}

function run(
  file: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      file,
      args,
      { cwd: options.cwd, env: options.env ?? process.env, maxBuffer: MAX_BUFFER, timeout: options.timeoutMs ?? 300_000, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) {
          const tail = (text: string) => text.trim().split('\n').slice(-30).join('\n');
          reject(
            new Error(
              `${[file, ...args].join(' ').slice(0, 300)} failed (${error.code ?? error.signal ?? error.message}):\n${tail(stderr) || tail(stdout)}`,
            ),
          );
        } else {
          resolvePromise({ stdout, stderr });
        }
      },
    );
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** True when something accepts connections on 127.0.0.1:port. */
function portOpen(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (open: boolean) => {
      socket.destroy();
      resolvePromise(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function logTail(path: string, lines = 30): string {
  try {
    return readFileSync(path, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** What another process needs to reach the same real Drupal (JSON, for vitest's provide/inject). */
export interface RealDrupalAddress {
  url: string;
  port: number;
  /** DEST. */
  dir: string;
  stack: '10.2' | '10.3';
  /** The real-drupal codebase folder (serve.sh). */
  source: string;
}

/** The editor account provision.php creates (EDITOR_USER / EDITOR_PASSWORD, else editor / editor-secret). */
export const EDITOR = { name: process.env.EDITOR_USER || 'editor', password: process.env.EDITOR_PASSWORD || 'editor-secret' } as const;

/**
 * The validation only Drupal performs: `#unique` on the consultation form's e-mail. A second submission with the
 * same address is refused (400) with webform's message under `error.email`.
 */
export const DRUPAL_ONLY_RULE = {
  form: 'consultation',
  field: 'email',
  message:
    'The value %value has already been submitted once for the %name element. You may have already submitted this webform, or you need to use a different value.',
} as const;

/** A page whose body holds an editor's popup links (`<a href="#send_resume">`, `<a href="#callback">`). */
export const POPUP_LINKS_PAGE = '/karera.html';

/** A handle on an installed real Drupal (install.sh already run in `dest`), served from `source`'s serve.sh. */
export function realDrupalAt(options: { source: string; stack: '10.2' | '10.3'; dest: string; port: number }): RealDrupal {
  return handle({ ...options, dest: resolve(options.dest), url: `http://127.0.0.1:${options.port}` }, true);
}

/**
 * The same real Drupal from another process (a test file): drush, SQL, watchdog, and stop/start of its server
 * (the server's process group is kept in DEST/serve.pid, so whichever process started it, any can stop it).
 * A server started from here is not tied to this process's life.
 */
export function connectRealDrupal(address: RealDrupalAddress): RealDrupal {
  return handle({ source: address.source, stack: address.stack, dest: address.dir, port: address.port, url: address.url }, false);
}

function handle(options: { source: string; stack: '10.2' | '10.3'; dest: string; port: number; url: string }, owner: boolean): RealDrupal {
  const { dest, url } = options;
  const codebase = join(dest, 'drupal');
  const serverLog = join(dest, 'serve.log');
  const pidFile = join(dest, 'serve.pid');
  let exitHook = false;

  const groupOf = (): number | undefined => {
    try {
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      return Number.isInteger(pid) && pid > 1 ? pid : undefined;
    } catch {
      return undefined;
    }
  };
  const killGroup = (pid: number, signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is gone already.
    }
  };

  const drush = (args: readonly string[]) => run('php', [...MEMORY, 'vendor/bin/drush', ...args], { cwd: codebase, env: phpEnv(dest) });

  const php = async (code: string) => (await drush(['php:eval', code])).stdout;

  /** Runs `body` (PHP using $in, the decoded input) and returns what it printed after a marker, JSON-decoded. */
  const phpJson = async <T>(input: unknown, body: string): Promise<T> => {
    const encoded = Buffer.from(JSON.stringify(input), 'utf8').toString('base64');
    const out = await php(`$in = json_decode(base64_decode('${encoded}'), TRUE); ${body}`);
    const at = out.lastIndexOf('@@JSON@@');
    if (at < 0) throw new Error(`drush php:eval printed no result:\n${out.slice(-2000)}`);
    return JSON.parse(out.slice(at + '@@JSON@@'.length)) as T;
  };

  const stop = async () => {
    const pid = groupOf();
    if (pid !== undefined) {
      killGroup(pid, 'SIGTERM');
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && (await portOpen(options.port))) await sleep(100);
      if (await portOpen(options.port)) killGroup(pid, 'SIGKILL');
      rmSync(pidFile, { force: true });
    }
    const deadline = Date.now() + 5000;
    while (await portOpen(options.port)) {
      if (Date.now() > deadline) throw new Error(`port ${options.port} is still open after stopping the real Drupal`);
      await sleep(100);
    }
  };

  const start = async () => {
    // The port held since the install began (reservePort), if this process holds it, is let go for PHP to bind.
    await unreserve(options.port);
    await stop();
    if (await portOpen(options.port)) throw new Error(`port ${options.port} is taken by another process`);
    const log = openSync(serverLog, 'a');
    const child = spawn('bash', [join(options.source, 'serve.sh'), dest, String(options.port)], {
      env: phpEnv(dest),
      detached: true,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    if (child.pid === undefined) throw new Error(`serve.sh did not start:\n${logTail(serverLog)}`);
    writeFileSync(pidFile, String(child.pid));
    let gone = false;
    child.once('exit', () => {
      gone = true;
    });
    if (owner && !exitHook) {
      // The process that installed it takes the server down with it, whoever restarted it since.
      exitHook = true;
      process.on('exit', () => {
        const pid = groupOf();
        if (pid !== undefined) killGroup(pid, 'SIGKILL');
      });
    }
    if (!owner) child.unref();
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (gone) throw new Error(`serve.sh exited before answering:\n${logTail(serverLog)}`);
      try {
        const response = await fetch(`${url}/user/login`, { signal: AbortSignal.timeout(5000), redirect: 'manual' });
        await response.arrayBuffer();
        return;
      } catch {
        if (Date.now() > deadline) {
          await stop();
          throw new Error(`the real Drupal did not answer on ${url} within 30 s:\n${logTail(serverLog)}`);
        }
        await sleep(200);
      }
    }
  };

  return {
    url,
    port: options.port,
    dir: dest,
    stack: options.stack,
    address: { url, port: options.port, dir: dest, stack: options.stack, source: options.source },
    start,
    stop,
    php,
    query: <T = Record<string, unknown>>(sql: string, args: Record<string, unknown> = {}) =>
      phpJson<T[]>(
        { sql, args },
        `echo '@@JSON@@', json_encode(\\Drupal::database()->query($in['sql'], $in['args'] ?: [])->fetchAll(\\PDO::FETCH_ASSOC), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);`,
      ),
    watchdog: (type: string, since = 0) =>
      phpJson<string[]>(
        { type, since },
        `$out = [];
         foreach (\\Drupal::database()->query('SELECT message, variables FROM {watchdog} WHERE type = :t AND wid > :w ORDER BY wid', [':t' => $in['type'], ':w' => (int) $in['since']]) as $row) {
           $vars = @unserialize((string) $row->variables, ['allowed_classes' => FALSE]);
           $vars = is_array($vars) ? array_map(fn($v) => is_scalar($v) || $v === NULL ? (string) $v : json_encode($v), $vars) : [];
           $out[] = strtr((string) $row->message, $vars);
         }
         echo '@@JSON@@', json_encode($out, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);`,
      ),
    watchdogMark: () =>
      phpJson<number>(
        {},
        `echo '@@JSON@@', json_encode((int) \\Drupal::database()->query('SELECT MAX(wid) FROM {watchdog}')->fetchField());`,
      ),
  };
}

/**
 * The accounts' passwords hashed with bcrypt at cost 4 rather than PHP's default 10, as test environments of
 * Symfony-based PHP do: the site signs every call to Drupal in with the API account (basic_auth), and at cost 10 each
 * call spends some 62 ms of this machine's CPU on the check alone, most of a cached JSON:API answer's time. Drupal's
 * own `password` service, given its options in a services file of the site's; settings.php names the file, which
 * also changes the container's cache key, so the next boot (provision.php's) builds the container with it, before the
 * accounts are made. Nothing the site sees changes but the time (README.md, "Accounts and env").
 */
function checkPasswordsCheaply(siteDir: string): void {
  // The installer leaves the site's folder and settings.php read-only.
  chmodSync(siteDir, 0o755);
  writeFileSync(
    join(siteDir, 'test.services.yml'),
    ['services:', '  password:', '    class: Drupal\\Core\\Password\\PhpPassword', "    arguments: ['2y', { cost: 4 }]", ''].join('\n'),
  );
  const settings = join(siteDir, 'settings.php');
  chmodSync(settings, 0o644);
  appendFileSync(settings, "\n$settings['container_yamls'][] = __DIR__ . '/test.services.yml';\n");
}

/**
 * Installs a real Drupal into `dest` (install.sh), provisions the clinic (provision.php, with the accounts and
 * next sites given), then starts it. Throws with the logs' tail on failure.
 */
export async function installRealDrupal(options: InstallOptions): Promise<RealDrupal> {
  const source = realDrupalSource();
  if ('skipped' in source) throw new Error(source.skipped);
  const dest = resolve(options.dest);
  // What an earlier install compiled is of files this one replaces.
  rmSync(join(dest, 'opcache'), { recursive: true, force: true });
  await run('bash', [join(source.dir, 'install.sh'), options.stack, dest], { env: phpEnv(dest), timeoutMs: 300_000 }).catch(
    (error: unknown) => {
      throw new Error(`install.sh ${options.stack} ${dest}: ${(error as Error).message}\n${logTail(join(dest, 'drupal/install.log'))}`);
    },
  );
  checkPasswordsCheaply(join(dest, 'drupal/web/sites/default'));
  const drupal = realDrupalAt({ source: source.dir, stack: options.stack, dest, port: options.port });
  const env = phpEnv(dest, {
    ...process.env,
    DRUPAL_API_USER: options.apiUser,
    DRUPAL_API_PASSWORD: options.apiPassword,
    NEXT_SITES: Object.entries(options.nextSites)
      .map(([name, base]) => `${name}=${base}`)
      .join(','),
    NEXT_SECRET: options.purgeSecret,
    EDITOR_USER: EDITOR.name,
    EDITOR_PASSWORD: EDITOR.password,
  });
  await run('php', [...MEMORY, 'vendor/bin/drush', 'php:script', PROVISION], { cwd: join(dest, 'drupal'), env, timeoutMs: 300_000 }).catch(
    (error: unknown) => {
      throw new Error(`provision.php: ${(error as Error).message}`);
    },
  );
  await drupal.start();
  return drupal;
}
