/**
 * What the site needs from the platform it runs on, as small interfaces.
 *
 * Each has exactly two implementations, chosen once at start-up:
 * - Cloudflare Workers (worker/platform/workers/): the bindings of wrangler.toml, which
 *   satisfy these interfaces as they are (KV, Queues, the rate limiting binding,
 *   static assets), the Cache API, D1 and a Durable Object namespace behind three of them, workerd's HTMLRewriter
 *   and `ctx.waitUntil`.
 * - Node on servers in Russia (worker/platform/node/): Valkey, a BullMQ queue on it
 *   with a local spool for when Valkey is away, a shared limiter, files on disk,
 *   lol-html through WebAssembly, and background work drained on SIGTERM.
 *
 * Routes, loaders, screens and islands see only these names, through the config.
 */
import type { LeadMessage } from './lead-message';

/** Drupal's payloads, tag and purge records, editor sessions: KV's subset the site uses. */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  get<T>(key: string, type: 'json'): Promise<T | null>;
  getWithMetadata<M>(key: string, type: 'text'): Promise<{ value: string | null; metadata: M | null }>;
  put(key: string, value: string, options?: { expirationTtl?: number; metadata?: unknown }): Promise<void>;
  delete(key: string): Promise<void>;
  list(options?: { prefix?: string; cursor?: string }): Promise<{ keys: { name: string }[]; list_complete: boolean; cursor?: string }>;
  /**
   * One origin fetch per key across processes (Valkey). Workers' KV has none: there
   * each isolate coalesces its own requests (cache/flights.ts) and isolates fetch apart.
   */
  readonly claims?: FetchClaims;
}

export interface FetchClaims {
  /** True for the one process that should fetch `key` now; held at most `ms`. */
  claim(key: string, ms: number): Promise<boolean>;
  /** The fetch is over (stored, or failed): the others stop waiting. */
  release(key: string): Promise<void>;
  held(key: string): Promise<boolean>;
}

/**
 * A short hold of one booking time while the patient types the SMS code (docs/booking.md, "Never two patients in
 * one slot"), so that two of our own visitors do not race for it. The schedule's final check stays: the clinic's
 * front desk books the same times. Node: `SET … NX PX` in Valkey (platform/node/slot-holds.ts). Workers, whose KV
 * cannot lock: a Durable Object per time, keeping its holder in its storage (platform/workers/slot-hold.ts).
 */
export interface SlotHolds {
  /** True when `slot` is now held by `holder` for `ms`: newly, or already theirs (then held `ms` from now); false while another holds it. */
  hold(slot: string, holder: string, ms: number): Promise<boolean>;
  /** Frees `slot` if `holder` holds it; another's hold, or none, stays as it is. */
  release(slot: string, holder: string): Promise<void>;
}

/** The popup leads on their way to Drupal and the CRM (consumed by leads/deliver.ts). */
export interface LeadQueue {
  send(message: LeadMessage, options?: { contentType?: 'json'; delaySeconds?: number }): Promise<void>;
  /**
   * Leads waiting for a delivery attempt (due now or retried later), for GET /health.
   * Node (BullMQ) tells it; Cloudflare Queues give a producer no such count, so Workers leave it out.
   */
  depth?(): Promise<number>;
}

/** Posts to the forms per visitor and period. */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** Drupal's public files, kept so that images outlive a Drupal outage. */
export interface FileCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

/** The built browser files (dist/client) with the headers of client/public/_headers. */
export interface StaticAssets {
  fetch(request: Request): Promise<Response>;
}

/** How a kept page's HTML may be compressed for the wire. */
export type PageEncoding = 'br' | 'gzip';

/**
 * Compresses a kept page once for every visitor after it (cache/page-bytes.ts). Node: zlib, brotli and gzip, off
 * the event loop (platform/node/page-compressor.ts). Workers: none, as Cloudflare's edge compresses every answer
 * itself (platform/workers/page-compressor.ts).
 */
export interface PageCompressor {
  /** The encodings made, best first. */
  readonly encodings: readonly PageEncoding[];
  compress(bytes: Uint8Array, encoding: PageEncoding): Promise<Uint8Array>;
}

/**
 * Where the request log's lines go (middleware/request-log.ts): one JSON line per request, each whole, in the
 * order written. Workers: `console.log` per line, which Workers Logs takes as one structured record each
 * (platform/workers/log-lines.ts). Node: the lines of one turn of the event loop written together right after it,
 * so that writing a line is never part of a response's time (platform/node/log-lines.ts).
 */
export interface LogLines {
  write(line: string): void;
}

/** One delivery attempt of queued leads: what Cloudflare's MessageBatch gives and a BullMQ job is adapted to. */
export interface LeadBatch {
  readonly messages: readonly {
    readonly body: LeadMessage;
    readonly attempts: number;
    ack(): void;
    /** `failure`: why, in our own words (leads/crm.ts failureOf), for the undelivered leads' page; Cloudflare's retry ignores it. */
    retry(options?: { delaySeconds?: number }, failure?: string): void;
  }[];
}

/**
 * A lead that outlived every retry, as the editors' page «Недоставленные заявки» lists it.
 * Only what the list needs is in clear, none of it personal; the queue message itself
 * (the visitor's fields) is `sealed`: AES-GCM under UNDELIVERED_KEY (leads/undelivered.ts).
 */
export interface UndeliveredRecord {
  /** The dead letter's own id (Cloudflare's message id, BullMQ's job id): a dead letter taken twice is kept once. */
  id: string;
  /** The popup's id (docs/requirements.md §4), not anything the visitor typed. */
  form: string;
  /** Which delivery was owed: the submission to Drupal, or the CRM's announcement. */
  kind: 'drupal' | 'crm';
  /** When the visitor sent it, and when the queue gave up (ISO). */
  receivedAt: string;
  failedAt: string;
  attempts: number;
  /** The last failure in our own words (no text of Drupal's or the CRM's, which may quote the lead). */
  lastError: string;
  /** `v1.<iv>.<ciphertext>`, base64: the queue message, readable only with the key. */
  sealed: string;
}

/**
 * Undelivered leads, kept until an editor delivers or deletes them: nothing expires.
 * Cloudflare: a D1 table (platform/workers/undelivered.ts); Node: a Valkey hash without
 * expiry (platform/node/undelivered.ts).
 */
export interface UndeliveredLeads {
  /** Adds or, for an id already kept, replaces. */
  add(record: UndeliveredRecord): Promise<void>;
  /** Newest failure first. */
  list(): Promise<UndeliveredRecord[]>;
  get(id: string): Promise<UndeliveredRecord | null>;
  remove(id: string): Promise<void>;
  count(): Promise<number>;
}
