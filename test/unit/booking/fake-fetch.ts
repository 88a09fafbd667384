import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { BookingError } from '../../../worker/booking/booking-system';

/** A schedule system's recorded answers, played back in order; every request it gets is kept for the test to read. */

export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

export interface Reply {
  status: number;
  /** A file under test/fixtures/booking/<system>/, or a body given as is. */
  fixture?: string;
  body?: string;
}

export function fixture(system: 'yclients' | 'renovatio', name: string): string {
  return readFileSync(fileURLToPath(new URL(`../../fixtures/booking/${system}/${name}`, import.meta.url)), 'utf8');
}

export function fakeFetch(system: 'yclients' | 'renovatio', replies: Reply[]) {
  const requests: Recorded[] = [];
  const queue = [...replies];
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    // Taken before any await, so calls started together get their replies in the order they were made.
    const reply = queue.shift();
    requests.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() });
    if (!reply) throw new Error(`unexpected request ${request.method} ${request.url}`);
    const body = reply.fixture ? fixture(system, reply.fixture) : (reply.body ?? '');
    const type = reply.fixture?.endsWith('.html') ? 'text/html' : 'application/json';
    return new Response(reply.status === 204 ? null : body, { status: reply.status, headers: { 'Content-Type': type } });
  }) as typeof fetch;
  return { fetch: doFetch, requests, pending: () => queue.length };
}

/** A fetch that never answers and ignores its signal: only the client's own timeout ends the wait. */
export const hangingFetch = (() => new Promise<Response>(() => undefined)) as typeof fetch;

/** A fetch whose network is down. */
export const failingFetch = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;

/** The BookingError a promise rejects with; the test fails when it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<BookingError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(BookingError);
  return error as BookingError;
}
