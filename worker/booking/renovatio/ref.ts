/**
 * Renovatio has no hash that proves a patient's right to a visit, so the manage link carries the visit
 * itself, which the page shows when getAppointment cannot say what became of it (client.ts): the id is `${appointmentId}.${yyyymmddhhmm}.${doctorId}.${serviceId}` and the hash an HMAC-SHA256
 * of that id under the API key (docs/booking.md). Only the site, which holds the key, can make a
 * hash that matches, so a link cannot be forged or edited to cancel someone else's visit.
 */

export interface RenovatioRefParts {
  appointmentId: string;
  /** The visit's start in the clinic's local time, "202612011200". */
  start: string;
  doctorId: string;
  serviceId: string;
}

/** A part must not hold the separator; Renovatio's ids are numbers. */
const PART = /^[A-Za-z0-9_-]+$/;

export function composeId(parts: RenovatioRefParts): string | undefined {
  const values = [parts.appointmentId, parts.start, parts.doctorId, parts.serviceId];
  return values.every((value) => PART.test(value)) && /^\d{12}$/.test(parts.start) ? values.join('.') : undefined;
}

export function parseId(id: string): RenovatioRefParts | undefined {
  const values = id.split('.');
  if (values.length !== 4 || !values.every((value) => PART.test(value))) return undefined;
  const [appointmentId, start, doctorId, serviceId] = values as [string, string, string, string];
  return /^\d{12}$/.test(start) ? { appointmentId, start, doctorId, serviceId } : undefined;
}

function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The whole HMAC-SHA256, base64url: 43 characters. */
export async function sign(id: string, key: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(id)));
}

/** Compared in time that does not depend on where the strings differ, so a hash cannot be guessed a character at a time. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export async function verify(id: string, hash: string, key: string): Promise<boolean> {
  return sameText(await sign(id, key), hash);
}
