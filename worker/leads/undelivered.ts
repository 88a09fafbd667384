import type { Config } from '../config/config';
import type { KeyValueStore, UndeliveredRecord } from '../seams/seams';
import { describeLead } from './crm';
import type { LeadMessage } from '../seams/lead-message';
import { decodeKey, fromBase64 } from '../config/undelivered-key';

/**
 * Leads that outlived every retry. The queue gives up on a lead after
 * its last retry (about 12 hours of a CRM or Drupal outage); the platform would then
 * delete it within days. Each dead letter is kept instead, encrypted, until an
 * editor delivers it again or deletes it on «Недоставленные заявки».
 *
 * Both targets come here: Workers' dead-letter queue consumer (platform/workers/lead-consumer.ts) and
 * Node's BullMQ consumer on a job's last failure (platform/node/lead-consumer.ts).
 * A dead letter that cannot be kept (no store, no key) stays with the platform's
 * dead letters, and the log says why, loudly: it is never acknowledged unkept.
 */

const IV_BYTES = 12;
const VERSION = 'v1';

const toBase64 = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

const imported = new Map<string, Promise<CryptoKey>>();

function cryptoKey(base64: string): Promise<CryptoKey> {
  let key = imported.get(base64);
  if (!key) {
    const bytes = decodeKey(base64);
    if (!bytes) return Promise.reject(new UndeliveredUnavailable('ключ UNDELIVERED_KEY не является 32 байтами в base64'));
    key = crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
    imported.set(base64, key);
  }
  return key;
}

/** The queue message under the key; the record's id is bound in, so a sealed lead cannot be passed off as another record's. */
export async function seal(message: LeadMessage, key: string, id: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(message));
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(id) },
    await cryptoKey(key),
    plain,
  );
  return `${VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`;
}

/** The lead cannot be read: another key, or a damaged record. */
export class UndeliveredUnreadable extends Error {}

export async function unseal(sealed: string, key: string, id: string): Promise<LeadMessage> {
  const [version, iv, cipher] = sealed.split('.');
  const ivBytes = iv ? fromBase64(iv) : null;
  const cipherBytes = cipher ? fromBase64(cipher) : null;
  if (version !== VERSION || !ivBytes || !cipherBytes) throw new UndeliveredUnreadable('запись повреждена');
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: ivBytes, additionalData: new TextEncoder().encode(id) },
      await cryptoKey(key),
      cipherBytes,
    );
    return JSON.parse(new TextDecoder().decode(plain)) as LeadMessage;
  } catch (error) {
    if (error instanceof UndeliveredUnavailable) throw error;
    throw new UndeliveredUnreadable('запись не расшифровывается этим ключом UNDELIVERED_KEY');
  }
}

/** Nowhere to keep a dead letter, or nothing to encrypt it with: it must stay where it is. */
export class UndeliveredUnavailable extends Error {}

/** Why the store cannot be used, in Russian for ops and editors; null when it can. */
export function undeliveredProblem(config: Config): string | null {
  if (!config.undelivered.store) return 'не подключено хранилище недоставленных заявок (UNDELIVERED: D1 на Cloudflare, Valkey на Node)';
  if (!config.undelivered.key) return 'не задан ключ шифрования UNDELIVERED_KEY (32 байта в base64: openssl rand -base64 32)';
  return null;
}

export interface DeadLetter {
  id: string;
  message: LeadMessage;
  attempts: number;
  lastError?: string;
}

const NO_ERROR_KNOWN = 'доставка не удалась после всех повторов';

/** Keeps one dead letter, encrypted; throws UndeliveredUnavailable (or the store's error) when it is not kept. */
export async function keepUndelivered(config: Config, letter: DeadLetter): Promise<void> {
  const problem = undeliveredProblem(config);
  if (problem) throw new UndeliveredUnavailable(problem);
  const { store, key } = config.undelivered;
  const { lead } = letter.message;
  const record: UndeliveredRecord = {
    id: letter.id,
    form: lead.form,
    kind: letter.message.kind,
    receivedAt: lead.receivedAt,
    failedAt: new Date().toISOString(),
    attempts: letter.attempts,
    lastError: letter.lastError || NO_ERROR_KNOWN,
    sealed: await seal(letter.message, key!, letter.id),
  };
  await store!.add(record);
  console.error(
    `Недоставленная заявка: ${describeLead(lead)} (${letter.message.kind}) после ${letter.attempts} попыток (${record.lastError}) сохранена для редакторов: /undelivered.html`,
  );
}

/** «Доставить снова»: the lead goes back on the leads queue with fresh retries, and leaves the store once queued. */
export async function redeliver(config: Config, id: string): Promise<'queued' | 'missing'> {
  const problem = undeliveredProblem(config);
  if (problem) throw new UndeliveredUnavailable(problem);
  const queue = config.leads.queue;
  if (!queue) throw new UndeliveredUnavailable('очередь заявок не подключена (LEADS)');
  const record = await config.undelivered.store!.get(id);
  if (!record) return 'missing';
  const message = await unseal(record.sealed, config.undelivered.key!, record.id);
  await queue.send(message, { contentType: 'json' });
  // Queued first, removed second: a failure in between leaves it in both places, never in neither.
  await config.undelivered.store!.remove(id);
  console.log(`Недоставленная заявка: ${describeLead(message.lead)} (${message.kind}) снова поставлена в очередь редактором`);
  return 'queued';
}

// ---- Workers: the attempts and the last failure, which the dead-letter queue does not carry ----------------

/**
 * Cloudflare's dead-letter queue hands over the message only: its attempts start
 * again from one, and why it failed is not kept. Each failed attempt leaves a note
 * in KV (the lead's random id, a count and our own words: nothing personal), which
 * the dead-letter consumer reads. A lost note loses only those two columns.
 */
const NOTE_PREFIX = 'lead-failure:';
const NOTE_SECONDS = 7 * 86_400;

const noteKey = (message: LeadMessage) => `${NOTE_PREFIX}${message.kind}:${message.lead.id}`;

interface FailureNote {
  attempts: number;
  failure?: string;
}

export async function noteFailure(kv: KeyValueStore, message: LeadMessage, attempts: number, failure?: string): Promise<void> {
  const note: FailureNote = { attempts, failure };
  await kv.put(noteKey(message), JSON.stringify(note), { expirationTtl: NOTE_SECONDS }).catch(() => undefined);
}

async function readNote(kv: KeyValueStore, message: LeadMessage): Promise<FailureNote | null> {
  const note = await kv.get<FailureNote>(noteKey(message), 'json').catch(() => null);
  return note && Number.isInteger(note.attempts) ? note : null;
}

/** A dead-letter queue's batch, as Cloudflare's MessageBatch gives it. */
export interface DeadLetterBatch {
  readonly messages: readonly {
    readonly id: string;
    readonly body: LeadMessage;
    ack(): void;
    retry(options?: { delaySeconds?: number }): void;
  }[];
}

/** Unkept dead letters are asked again after an hour: the dead-letter queue's retries (wrangler.toml) then span its retention. */
const UNKEPT_RETRY_SECONDS = 3600;

/** Workers' consumer of the dead-letter queue: each message kept, then acknowledged; one not kept stays. */
export async function consumeDeadLetters(batch: DeadLetterBatch, config: Config): Promise<void> {
  for (const message of batch.messages) {
    try {
      const note = await readNote(config.kv, message.body);
      await keepUndelivered(config, { id: message.id, message: message.body, attempts: note?.attempts ?? 0, lastError: note?.failure });
      message.ack();
      await config.kv.delete(noteKey(message.body)).catch(() => undefined);
    } catch (error) {
      const why =
        error instanceof UndeliveredUnavailable
          ? error.message
          : `хранилище не ответило (${error instanceof Error ? error.name : 'ошибка'})`;
      console.error(
        `НЕДОСТАВЛЕННАЯ ЗАЯВКА НЕ СОХРАНЕНА: ${describeLead(message.body.lead)} (${message.body.kind}): ${why}. ` +
          `Она остаётся в очереди недоставленных (dead letter queue) и будет взята снова через ${UNKEPT_RETRY_SECONDS / 60} мин; исправьте настройку.`,
      );
      message.retry({ delaySeconds: UNKEPT_RETRY_SECONDS });
    }
  }
}
