import type { z } from 'zod';
import { BookingError } from '../booking-system';
import { fetchText } from '../fetch-text';
import { Envelope, Failure } from './schemas';

/**
 * One call to Renovatio's public API (docs/booking.md): `POST {apiUrl}/{method}`, form-urlencoded,
 * the API key among the fields. An error's detail names the method and Renovatio's code, never
 * its description (it may repeat what was sent) nor anything sent.
 */

export interface RenovatioHttp {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** Renovatio's answer to a visit that overlaps another of the doctor's. */
const INTERSECTION = /пересека/i;

export async function callRenovatio<T extends z.ZodType>(
  http: RenovatioHttp,
  method: string,
  fields: Record<string, string | undefined>,
  schema: T,
): Promise<z.output<T>> {
  const form = new URLSearchParams({ api_key: http.apiKey });
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  const url = `${http.apiUrl.replace(/\/+$/, '')}/${method}`;
  const init: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form.toString(),
  };
  const { status, text } = await fetchText(http.fetch, url, init, http.timeoutMs, `Renovatio ${method}`);
  if (status >= 500) throw new BookingError('unavailable', `Renovatio ${method}: answered ${status}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BookingError('unavailable', `Renovatio ${method}: answered ${status} with a body that is not JSON`);
  }
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) {
    throw new BookingError(
      'unavailable',
      `Renovatio ${method}: ${status >= 400 ? `answered ${status}` : 'an answer of a shape we do not know'}`,
    );
  }
  const { error, data } = envelope.data;
  if (error !== 0 && error !== '0' && error !== false) throw failure(method, data);
  if (status >= 400) throw new BookingError('unavailable', `Renovatio ${method}: answered ${status}`);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new BookingError('unavailable', `Renovatio ${method}: an answer of a shape we do not know`);
  return parsed.data as z.output<T>;
}

function failure(method: string, data: unknown): BookingError {
  const parsed = Failure.safeParse(data);
  const code = parsed.success ? parsed.data.code : undefined;
  const desc = parsed.success ? (parsed.data.desc ?? '') : '';
  // createAppointment answers code 500 both for a clash and for other refusals (docs/booking.md, "What each call
  // answers"): only a description of an intersection is taken; any other is a refusal, and the patient gets the
  // request form with their choice, never «Это время только что заняли».
  if (method === 'createAppointment' && INTERSECTION.test(desc)) {
    return new BookingError('taken', `Renovatio ${method}: the visit overlaps another (code ${code ?? 'none'})`);
  }
  if (method === 'createAppointment' && code === 500) {
    return new BookingError('declined', `Renovatio ${method}: refused for a reason other than an overlap (code 500)`);
  }
  if (code === 401) return new BookingError('unavailable', `Renovatio ${method}: the API key was refused (code 401)`);
  return new BookingError('unavailable', `Renovatio ${method}: error${code === undefined ? '' : ` ${code}`}`);
}
