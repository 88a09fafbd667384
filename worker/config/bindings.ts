import type {
  FileCache,
  KeyValueStore,
  LeadQueue,
  LogLines,
  PageCompressor,
  RateLimiter,
  SlotHolds,
  StaticAssets,
  UndeliveredLeads,
} from '../seams/seams';

/**
 * The site's bindings: its settings as wrangler.toml, `wrangler secret` and .dev.vars provide
 * them (unvalidated strings), and its seams (seams/seams.ts) as the platform builds them:
 * Workers from its own bindings (platform/workers/platform.ts), Node from the environment (platform/node/).
 */
export interface Bindings {
  DRUPAL_CACHE?: KeyValueStore;
  ASSETS?: StaticAssets;
  /** Drupal's files kept for outages: on Workers the Cache API's default cache, on Node files on disk. */
  FILE_CACHE?: FileCache;
  /** Compresses kept pages once for every visitor after (cache/page-bytes.ts): zlib on Node, CompressionStream on Workers. */
  PAGE_COMPRESSOR?: PageCompressor;
  /** The request log's output (middleware/request-log.ts); `console.log` per line when absent. */
  LOG_LINES?: LogLines;
  DRUPAL_BASE_URL?: string;
  /** Where the frame comes from (config/frame.ts, docs/drupal.md "Where the frame comes from"). */
  DRUPAL_MODULES?: string;
  DRUPAL_MENU_MAIN?: string;
  DRUPAL_MENU_FOOTER?: string;
  DRUPAL_MENU_SERVICES?: string;
  DRUPAL_BLOCKS?: string;
  SITE_URL?: string;
  SITE_NAME?: string;
  SITE_PHONE?: string;
  SHOP_URL?: string;
  CACHE_FRESH_SECONDS?: string;
  CACHE_STALE_SECONDS?: string;
  CACHE_MAX_AGE_SECONDS?: string;
  CACHE_NOT_FOUND_SECONDS?: string;
  ORIGIN_TIMEOUT_MS?: string;
  ORIGIN_RETRY_SECONDS?: string;
  ANALYTICS_ORIGINS?: string;
  DRUPAL_API_USER?: string;
  DRUPAL_API_PASSWORD?: string;
  CRM_WEBHOOK_URL?: string;
  CRM_WEBHOOK_TOKEN?: string;
  PURGE_SECRET?: string;
  /** The leads queue (producer); the same worker consumes it (worker/leads/deliver.ts). */
  LEADS?: LeadQueue;
  /** Posts per client and minute to the forms (wrangler.toml [[ratelimits]]). */
  FORM_LIMITER?: RateLimiter;
  /** The first retry of an undelivered lead waits this long, then twice as long each time. */
  LEAD_RETRY_SECONDS?: string;
  /** Leads that outlived every retry (leads/undelivered.ts): on Workers' D1 database, or in the Node target's Valkey. */
  UNDELIVERED?: UndeliveredLeads;
  /** AES-256 key (32 bytes, base64) the undelivered leads are encrypted with; a secret. */
  UNDELIVERED_KEY?: string;
  /** Which platform built these bindings (platform/workers/, platform/node/). Named in each request's log line and GET /health. */
  PLATFORM?: 'workers' | 'node';
  /** Yandex Metrica counter id: goals are sent after accepted forms; none, no call. */
  METRIKA_ID?: string;
  /** The medical organisation's details (ПП РФ № 736, Приказ Минздрава № 118н; config/legal.ts). */
  LEGAL_NAME?: string;
  /** 13 digits, checksum verified. */
  LEGAL_OGRN?: string;
  /** 10 digits (a legal entity's), checksum verified. */
  LEGAL_INN?: string;
  LEGAL_ADDRESS?: string;
  LICENSE_NUMBER?: string;
  /** ДД.ММ.ГГГГ. */
  LICENSE_DATE?: string;
  LICENSE_ISSUER?: string;
  /** JSON list of {name, address?, phone?, site?}; unset, Moscow's bodies (config/legal.ts). */
  SUPERVISORY_BODIES?: string;
  /** How to complain, paragraphs split by an empty line; unset, a standard text with the phone and address. */
  COMPLAINTS_TEXT?: string;
  /** Booking times held while the patient types the SMS code (docs/booking.md): Valkey on Node; a Durable Object per time on Workers. */
  SLOT_HOLDS?: SlotHolds;
  /** Online booking (docs/booking.md): yclients or renovatio; unset, the request forms only. */
  BOOKING_PROVIDER?: string;
  /** The Drupal field with the schedule's id of a doctor or service (default field_mis_id). */
  BOOKING_ID_FIELD?: string;
  /** YCLIENTS: whether the patient confirms with an SMS code (true unless "false"). */
  BOOKING_SMS_CODE?: string;
  /** The clinic's IANA time zone, the clock bookings are shown on (default Europe/Moscow). */
  BOOKING_TIMEZONE?: string;
  YCLIENTS_API_URL?: string;
  YCLIENTS_COMPANY_ID?: string;
  /** Secrets. */
  YCLIENTS_PARTNER_TOKEN?: string;
  YCLIENTS_USER_TOKEN?: string;
  RENOVATIO_API_URL?: string;
  RENOVATIO_CLINIC_ID?: string;
  /** A secret. */
  RENOVATIO_API_KEY?: string;
  /** The schedule category opened for online booking (optional). */
  RENOVATIO_CATEGORY_ID?: string;
}
