import type { KeyValueStore } from '../seams/seams';
import type { BookingRef } from './booking-system';

/**
 * What the booking pages remember between two posts (docs/booking.md, "Abuse and double submits"): how many SMS
 * codes a phone and a visitor were sent lately, and which booking an attempt's key made. Never a phone in clear:
 * counters are keyed by a keyed hash of it, which no one without the site's secret can turn back into the number.
 */
export const CODES_PER_PHONE = 3;
export const CODES_PER_VISITOR = 6;
export const CODE_WINDOW_SECONDS = 600;
/** A double submit arrives within seconds; a reload of the answer within minutes. */
const MADE_SECONDS = 600;

async function digest(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  return Array.from(mac.slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Counts one more code for this phone and this visitor; false when either has had its share within the window.
 * KV's counters are not atomic: two posts in the same instant may both pass, which a limit against abuse allows.
 */
export async function allowCode(store: KeyValueStore, secret: string, phone: string, visitor: string): Promise<boolean> {
  const keys = [
    { key: `booking:codes:phone:${await digest(secret, phone)}`, max: CODES_PER_PHONE },
    { key: `booking:codes:visitor:${await digest(secret, visitor)}`, max: CODES_PER_VISITOR },
  ];
  const counts = await Promise.all(keys.map(async ({ key }) => Number((await store.get(key).catch(() => null)) ?? 0)));
  if (keys.some(({ max }, i) => (counts[i] ?? 0) >= max)) return false;
  await Promise.all(
    keys.map(({ key }, i) => store.put(key, String((counts[i] ?? 0) + 1), { expirationTtl: CODE_WINDOW_SECONDS }).catch(() => {})),
  );
  return true;
}

/** Codes this phone may still ask for (for the page to say how many are left). */
export async function codesLeft(store: KeyValueStore, secret: string, phone: string): Promise<number> {
  const count = Number((await store.get(`booking:codes:phone:${await digest(secret, phone)}`).catch(() => null)) ?? 0);
  return Math.max(0, CODES_PER_PHONE - count);
}

const madeKey = (key: string) => `booking:made:${key}`;

export async function rememberBooking(store: KeyValueStore, key: string, ref: BookingRef): Promise<void> {
  await store.put(madeKey(key), JSON.stringify(ref), { expirationTtl: MADE_SECONDS }).catch(() => {});
}

export async function bookingMadeBy(store: KeyValueStore, key: string): Promise<BookingRef | null> {
  return store.get<BookingRef>(madeKey(key), 'json').catch(() => null);
}
