import type { z } from 'zod';
import { BookingError, type BookingFailureKind } from '../booking-system';
import { fetchText } from '../fetch-text';
import { Envelope, ErrorEnvelope } from './schemas';

/**
 * One call to YCLIENTS' API v2 and its answer in our words (docs/booking.md): the data of a
 * success parsed by the call's schema, or a BookingError. An error's detail names the call and
 * what went wrong, never the system's own message (it may repeat the patient's phone or name).
 */

export interface YclientsHttp {
  apiUrl: string;
  partnerToken: string;
  userToken?: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

export interface YclientsCall<T extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path under the API's base, e.g. `book_times/123/0/2026-12-01`. */
  path: string;
  /** The call's name for the log ("book_times"): the path may carry a record's hash. */
  name: string;
  query?: [string, string][];
  body?: unknown;
  schema: T;
  /** The call is addressed by a manage link: 404 says the booking is not there or the hash is not its. */
  byLink?: boolean;
  /**
   * What a refusal without a code we know means for this call (docs/booking.md, "What each call answers"): a time
   * refused with `meta.message` alone is taken, a cancel refused is the company's cut-off. Undefined: unavailable.
   */
  refused?: (status: number) => BookingFailureKind | undefined;
}

/** The booking codes (docs/booking.md); every other refusal is `unavailable`. */
const CODES: Record<number, BookingFailureKind> = {
  431: 'bad-phone',
  432: 'wrong-code',
  433: 'taken',
  434: 'refused',
  435: 'no-name',
  436: 'taken',
  // "Пересечение с другими записями клиента": the patient's own other visit at that time, not the service.
  437: 'own-visit',
  438: 'service-gone',
};

export async function callYclients<T extends z.ZodType>(http: YclientsHttp, call: YclientsCall<T>): Promise<z.output<T>> {
  const url = new URL(`${http.apiUrl.replace(/\/+$/, '')}/${call.path}`);
  for (const [key, value] of call.query ?? []) url.searchParams.append(key, value);
  const headers: Record<string, string> = {
    Accept: 'application/vnd.yclients.v2+json',
    Authorization: http.userToken ? `Bearer ${http.partnerToken}, User ${http.userToken}` : `Bearer ${http.partnerToken}`,
  };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method: call.method, headers };
  if (call.body !== undefined) init.body = JSON.stringify(call.body);

  const { status, text } = await fetchText(http.fetch, url.toString(), init, http.timeoutMs, `YCLIENTS ${call.name}`);
  if (status >= 500) throw new BookingError('unavailable', `YCLIENTS ${call.name}: answered ${status}`);
  let json: unknown;
  try {
    // A cancel may answer 204 with no body at all.
    json = status < 300 && text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new BookingError('unavailable', `YCLIENTS ${call.name}: answered ${status} with a body that is not JSON`);
  }
  // A refusal may also come as 200 with `success: false`.
  if (status >= 400 || (typeof json === 'object' && json !== null && 'success' in json && json.success === false)) {
    throw refusal(call, status, json);
  }

  const envelope = Envelope.safeParse(json);
  const data = envelope.success ? call.schema.safeParse(envelope.data.data) : undefined;
  if (!data?.success) throw new BookingError('unavailable', `YCLIENTS ${call.name}: an answer of a shape we do not know`);
  return data.data as z.output<T>;
}

function refusal(call: YclientsCall<z.ZodType>, status: number, json: unknown): BookingError {
  const parsed = ErrorEnvelope.safeParse(json);
  const codes = parsed.success ? (parsed.data.meta?.errors ?? []).map((error) => error.code) : [];
  for (const code of codes) {
    const kind = code === undefined ? undefined : CODES[code];
    if (kind) return new BookingError(kind, `YCLIENTS ${call.name}: code ${code}`);
  }
  if (status === 404 && call.byLink) return new BookingError('not-found', `YCLIENTS ${call.name}: answered 404`);
  const meant = call.refused?.(status);
  if (meant) return new BookingError(meant, `YCLIENTS ${call.name}: refused with ${status}${codes.length ? '' : ' and no code'}`);
  const known = codes.filter((code) => code !== undefined);
  return new BookingError('unavailable', `YCLIENTS ${call.name}: answered ${status}${known.length ? ` (code ${known.join(', ')})` : ''}`);
}
