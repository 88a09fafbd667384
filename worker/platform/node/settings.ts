/**
 * The Node target's settings: the same names as on Workers, read from the places
 * an administrator expects. wrangler.toml's top-level [vars], rate limit and queue
 * retries are the defaults (one source for both targets); .dev.vars overrides them
 * where it exists, and the environment overrides both. The site's own zod schema
 * (config/config.ts) validates the result, as on Workers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'smol-toml';

export interface NodeSettings {
  /** Strings as wrangler's [vars] and secrets give them. */
  vars: Record<string, string>;
  port: number;
  host: string;
  valkeyUrl: string;
  /** Prefix of every Valkey key of this site, so one Valkey can serve staging and production. */
  keyPrefix: string;
  /** Where a lead waits on disk while Valkey is away. */
  spoolDir: string;
  /** Drupal's files kept for outages, and their bound. */
  filesDir: string;
  filesMaxBytes: number;
  /** The built browser files. */
  assetsDir: string;
  formLimit: { limit: number; periodSeconds: number };
  /** Delivery attempts of a lead before it stays among the dead letters (the queue's max_retries + 1). */
  leadAttempts: number;
}

interface WranglerToml {
  vars?: Record<string, unknown>;
  ratelimits?: { simple?: { limit?: number; period?: number } }[];
  queues?: { consumers?: { max_retries?: number }[] };
}

/** KEY=value lines, as wrangler reads .dev.vars (quotes optional, # comments). */
export function parseDevVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    const quoted = /^(["'])(.*)\1$/.exec(value);
    value = quoted ? quoted[2]! : value.replace(/\s+#.*$/, '');
    vars[match[1]!] = value;
  }
  return vars;
}

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(number) && number > 0 ? number : fallback;
};

export function readNodeSettings(root: string, env: NodeJS.ProcessEnv = process.env): NodeSettings {
  const toml = parse(readFileSync(join(root, 'wrangler.toml'), 'utf8')) as WranglerToml;
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(toml.vars ?? {})) vars[name] = String(value);
  const devVarsFile = join(root, '.dev.vars');
  if (existsSync(devVarsFile)) Object.assign(vars, parseDevVars(readFileSync(devVarsFile, 'utf8')));
  // Every name the site reads, wherever it is set: [vars] and the secrets alike.
  for (const [name, value] of Object.entries(env)) if (value !== undefined && /^[A-Z][A-Z0-9_]*$/.test(name)) vars[name] = value;

  const state = resolve(root, env.STATE_DIR ?? '.node-state');
  const limit = toml.ratelimits?.[0]?.simple;
  return {
    vars,
    port: positive(env.PORT, 8787),
    host: env.HOST || '127.0.0.1',
    valkeyUrl: env.VALKEY_URL || 'redis://127.0.0.1:6379',
    keyPrefix: env.VALKEY_PREFIX || 'clinic:',
    spoolDir: resolve(root, env.LEAD_SPOOL_DIR ?? join(state, 'lead-spool')),
    filesDir: resolve(root, env.FILE_CACHE_DIR ?? join(state, 'files')),
    filesMaxBytes: positive(env.FILE_CACHE_MB, 512) * 1024 * 1024,
    assetsDir: resolve(root, 'dist', 'client'),
    formLimit: { limit: positive(env.FORM_LIMIT, limit?.limit ?? 5), periodSeconds: limit?.period ?? 60 },
    leadAttempts: (toml.queues?.consumers?.[0]?.max_retries ?? 20) + 1,
  };
}
