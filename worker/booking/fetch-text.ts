import { BookingError } from './booking-system';

/**
 * `fetch` and the body's text within `timeoutMs`. The signal stops a real fetch; the race stops
 * one that does not listen to it, so a hung system never holds a page longer than its budget.
 */
export async function fetchText(doFetch: typeof fetch, url: string, init: RequestInit, timeoutMs: number, system: string) {
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(new BookingError('unavailable', `${system}: timeout after ${timeoutMs} ms`)), {
      once: true,
    });
  });
  // The race's loser must not be reported as unhandled.
  timedOut.catch(() => undefined);
  try {
    return await Promise.race([
      timedOut,
      doFetch(url, { ...init, signal }).then(async (response) => ({ status: response.status, text: await response.text() })),
    ]);
  } catch (error) {
    if (error instanceof BookingError) throw error;
    const timeout = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new BookingError('unavailable', timeout ? `${system}: timeout after ${timeoutMs} ms` : `${system}: network error`);
  }
}
