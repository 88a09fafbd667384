import { z } from 'zod';
import type {
  FileCache,
  KeyValueStore,
  LeadQueue,
  PageCompressor,
  RateLimiter,
  SlotHolds,
  StaticAssets,
  UndeliveredLeads,
} from '../seams/seams';
import type { Bindings } from './bindings';
import { bookingOf, bookingProblems, bookingSettings } from './booking';
import { legalDetails, legalSettings } from './legal';
import { decodeKey } from './undelivered-key';
import { frameOf, frameSettings } from './frame';
import { unsetToUndefined } from './unset';

const httpUrl = z.url({ protocol: /^https?$/, error: 'должен быть адресом http(s)://…' }).transform((url) => url.replace(/\/+$/, ''));

const seconds = (fallback: number) => z.preprocess(unsetToUndefined, z.coerce.number().int().min(0).default(fallback));

const optionalSecret = z.preprocess(unsetToUndefined, z.string().min(1).optional());

const has = (value: unknown, ...methods: string[]) => typeof value === 'object' && value !== null && methods.every((m) => m in value);

const ConfigSchema = z
  .object({
    DRUPAL_CACHE: z.custom<KeyValueStore>(
      (v) => has(v, 'getWithMetadata', 'put'),
      'KV-пространство не подключено (kv_namespaces в wrangler.toml)',
    ),
    ASSETS: z.custom<StaticAssets>((v) => has(v, 'fetch'), 'статические файлы не подключены ([assets] в wrangler.toml)'),
    DRUPAL_BASE_URL: z.preprocess(unsetToUndefined, httpUrl),
    SITE_URL: z.preprocess(unsetToUndefined, httpUrl),
    SITE_NAME: z.preprocess(unsetToUndefined, z.string().default('Клиника эстетической медицины')),
    SITE_PHONE: z.preprocess(
      unsetToUndefined,
      z
        .string()
        .regex(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/, 'должен иметь вид +7 (***) ***-**-**')
        .default('+7 (495) 000-00-00'),
    ),
    SHOP_URL: z.preprocess(unsetToUndefined, httpUrl.optional()),
    CACHE_FRESH_SECONDS: seconds(300),
    CACHE_STALE_SECONDS: seconds(86_400),
    CACHE_MAX_AGE_SECONDS: seconds(30 * 86_400),
    CACHE_NOT_FOUND_SECONDS: seconds(60),
    ORIGIN_TIMEOUT_MS: z.preprocess(unsetToUndefined, z.coerce.number().int().positive().default(5_000)),
    ORIGIN_RETRY_SECONDS: z.preprocess(unsetToUndefined, z.coerce.number().int().positive().default(10)),
    FILE_CACHE: z.custom<FileCache>((v) => has(v, 'match', 'put')).optional(),
    PAGE_COMPRESSOR: z.custom<PageCompressor>((v) => has(v, 'encodings', 'compress')).optional(),
    LEADS: z.custom<LeadQueue>((v) => has(v, 'send')).optional(),
    FORM_LIMITER: z.custom<RateLimiter>((v) => has(v, 'limit')).optional(),
    LEAD_RETRY_SECONDS: z.preprocess(unsetToUndefined, z.coerce.number().int().positive().default(10)),
    METRIKA_ID: z.preprocess(unsetToUndefined, z.coerce.number().int().positive().optional()),
    ANALYTICS_ORIGINS: z.preprocess(
      unsetToUndefined,
      z
        .string()
        .default('')
        .transform((list) => list.split(/\s+/).filter(Boolean))
        .pipe(
          z.array(
            z
              .url({ protocol: /^https$/, error: 'должен быть списком адресов https://… через пробел' })
              .transform((url) => new URL(url).origin),
          ),
        ),
    ),
    DRUPAL_API_USER: optionalSecret,
    DRUPAL_API_PASSWORD: optionalSecret,
    CRM_WEBHOOK_URL: z.preprocess(unsetToUndefined, httpUrl.optional()),
    CRM_WEBHOOK_TOKEN: optionalSecret,
    PURGE_SECRET: optionalSecret,
    SLOT_HOLDS: z.custom<SlotHolds>((v) => has(v, 'hold', 'release')).optional(),
    UNDELIVERED: z.custom<UndeliveredLeads>((v) => has(v, 'add', 'list', 'get', 'remove', 'count')).optional(),
    // Unset, the site runs, and dead letters stay with the queue while the log and the editors' page say what is missing.
    UNDELIVERED_KEY: z.preprocess(
      unsetToUndefined,
      z
        .string()
        .refine((key) => decodeKey(key) !== null, 'должен быть 32 байтами в base64 (например: openssl rand -base64 32)')
        .transform((key) => key.trim())
        .optional(),
    ),
    ...legalSettings,
    ...bookingSettings,
    ...frameSettings,
  })
  .superRefine((raw, ctx) => {
    if (Boolean(raw.DRUPAL_API_USER) !== Boolean(raw.DRUPAL_API_PASSWORD)) {
      const missing = raw.DRUPAL_API_USER ? 'DRUPAL_API_PASSWORD' : 'DRUPAL_API_USER';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'задан только один из DRUPAL_API_USER и DRUPAL_API_PASSWORD' });
    }
    for (const problem of bookingProblems(raw)) ctx.addIssue({ code: 'custom', path: [problem.setting], message: problem.message });
  })
  .transform((raw) => ({
    kv: raw.DRUPAL_CACHE,
    assets: raw.ASSETS,
    fileCache: raw.FILE_CACHE,
    /** Kept pages are compressed once (cache/page-bytes.ts); none, they are kept and sent uncompressed. */
    pageCompressor: raw.PAGE_COMPRESSOR,
    drupalBaseUrl: raw.DRUPAL_BASE_URL,
    /** Drupal installed under a sub-path ("/cms") names redirect targets with it; "" at the root. */
    drupalBasePath: new URL(raw.DRUPAL_BASE_URL).pathname.replace(/\/$/, ''),
    siteUrl: raw.SITE_URL,
    site: { name: raw.SITE_NAME, phone: raw.SITE_PHONE, shopUrl: raw.SHOP_URL, legal: legalDetails(raw, raw.SITE_PHONE) },
    cache: {
      freshSeconds: raw.CACHE_FRESH_SECONDS,
      staleSeconds: raw.CACHE_STALE_SECONDS,
      maxAgeSeconds: raw.CACHE_MAX_AGE_SECONDS,
      notFoundSeconds: raw.CACHE_NOT_FOUND_SECONDS,
    },
    origin: { timeoutMs: raw.ORIGIN_TIMEOUT_MS, retryMs: raw.ORIGIN_RETRY_SECONDS * 1000 },
    /** Origins the analytics counter loads from and reports to; the CSP lets them in. */
    analyticsOrigins: raw.ANALYTICS_ORIGINS,
    drupalCredentials:
      raw.DRUPAL_API_USER && raw.DRUPAL_API_PASSWORD ? { user: raw.DRUPAL_API_USER, password: raw.DRUPAL_API_PASSWORD } : undefined,
    crm: raw.CRM_WEBHOOK_URL ? { url: raw.CRM_WEBHOOK_URL, token: raw.CRM_WEBHOOK_TOKEN } : undefined,
    leads: { queue: raw.LEADS, limiter: raw.FORM_LIMITER, retrySeconds: raw.LEAD_RETRY_SECONDS },
    metrikaId: raw.METRIKA_ID,
    purgeSecret: raw.PURGE_SECRET,
    undelivered: {
      store: raw.UNDELIVERED,
      key: raw.UNDELIVERED_KEY,
    },
    /** Booking times held while the patient types the code (docs/booking.md): Valkey on Node, a Durable Object per time on Workers. */
    slotHolds: raw.SLOT_HOLDS,
    /** Online booking (docs/booking.md): the schedule system's settings; none, the request forms only. */
    booking: bookingOf(raw),
    /** Where the frame comes from (docs/drupal.md "Where the frame comes from"): the modules, the menus' names, placed blocks. */
    frame: frameOf(raw),
  }));

export type Config = z.output<typeof ConfigSchema>;

export interface ConfigProblem {
  setting: string;
  message: string;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: ConfigProblem[] };

// The bindings object is the same for every request an isolate serves, so it is parsed once.
const parsed = new WeakMap<object, ConfigResult>();

export function readConfig(bindings: Bindings): ConfigResult {
  const known = parsed.get(bindings);
  if (known) return known;
  const result = ConfigSchema.safeParse(bindings);
  const outcome: ConfigResult = result.success
    ? { ok: true, config: result.data }
    : {
        ok: false,
        problems: result.error.issues.map((issue) => {
          const setting = issue.path.join('.') || '(конфигурация)';
          const given = (bindings as Record<string, unknown>)[setting];
          return { setting, message: given === undefined || given === '' ? 'не задан' : issue.message };
        }),
      };
  parsed.set(bindings, outcome);
  return outcome;
}
