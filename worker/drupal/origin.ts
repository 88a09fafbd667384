/** One request to Drupal: timeout, credentials, and 5xx/network failures as OriginError. */

export interface OriginResponse {
  status: number;
  body: unknown;
}

/**
 * A Drupal call that gave no usable answer. `unhealthy` says whether it speaks of
 * Drupal itself (unreachable, too slow, 5xx, a body that is not JSON at all), which
 * the circuit breaker counts, or only of this one call (a 4xx, a shape we did not expect).
 */
export class OriginError extends Error {
  readonly unhealthy: boolean;

  constructor(
    message: string,
    readonly status?: number,
    options: { unhealthy?: boolean; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'OriginError';
    this.unhealthy = options.unhealthy ?? (status === undefined || status >= 500);
  }
}

export interface OriginOptions {
  timeoutMs: number;
  credentials?: { user: string; password: string };
  /**
   * An editor's Drupal session (`SESS…=…`), sent as the Cookie header instead of
   * the site's Basic credentials: Drupal then answers as that editor, drafts included.
   */
  cookie?: string;
  fetch?: typeof fetch;
}

export function fetchFromOrigin(url: string, options: OriginOptions): Promise<OriginResponse> {
  return callOrigin(url, options);
}

/** A write to Drupal (a webform submission, a file upload): never cached, the same failures as a read. */
export function postToOrigin(url: string, body: BodyInit, contentType: string, options: OriginOptions, extra: Record<string, string> = {}): Promise<OriginResponse> {
  return callOrigin(url, options, { method: 'POST', body, headers: { 'Content-Type': contentType, ...extra } });
}

async function callOrigin(url: string, options: OriginOptions, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}): Promise<OriginResponse> {
  const headers = new Headers({ Accept: 'application/vnd.api+json, application/json;q=0.9, */*;q=0.1', ...init.headers });
  // Never both: with Basic, Drupal's basic_auth would answer as the API user, not the editor.
  // Basic auth as UTF-8: btoa alone refuses a password with Cyrillic letters.
  if (options.cookie) headers.set('Cookie', options.cookie);
  else if (options.credentials) headers.set('Authorization', `Basic ${base64(`${options.credentials.user}:${options.credentials.password}`)}`);
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, { method: init.method ?? 'GET', body: init.body, headers, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    throw new OriginError(describeFailure(error, options.timeoutMs), undefined, { cause: error });
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw new OriginError(`Drupal ответил ${response.status}`, response.status);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new OriginError(`ответ Drupal не прочитан: ${describeFailure(error, options.timeoutMs)}`, undefined, { cause: error });
  }
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    // Every call we make answers JSON; a 2xx that is not (a maintenance page, a cut-off body) means Drupal is not well.
    if (response.ok) throw new OriginError(`Drupal ответил ${response.status}, но не JSON (${response.headers.get('Content-Type') ?? 'без типа'})`, response.status, { unhealthy: true });
    return { status: response.status, body: text };
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `Drupal не ответил за ${timeoutMs} мс`;
  }
  return `Drupal недоступен (${error instanceof Error ? error.message : String(error)})`;
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
