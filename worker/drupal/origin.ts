/** One request to Drupal: timeout, credentials, and 5xx/network failures as OriginError. */
import { OriginError } from '../cache/origin-error';

export interface OriginResponse {
  status: number;
  body: unknown;
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
  /** This request's log of Drupal calls (middleware/request-log.ts); absent outside a request (the queue's deliveries). */
  recorder?: OriginRecorder;
}

/** How a call ended, for the request's log line: Drupal's status, or why there was none. */
export type CallOutcome = number | 'timeout' | 'unreachable' | 'unreadable';

/** Told of each Drupal call as it starts; the returned function is called once, when it ends. */
export interface OriginRecorder {
  start(method: string, url: string): (outcome: CallOutcome) => void;
}

export function fetchFromOrigin(url: string, options: OriginOptions): Promise<OriginResponse> {
  return callOrigin(url, options);
}

/** A write to Drupal (a webform submission, a file upload): never cached, the same failures as a read. */
export function postToOrigin(
  url: string,
  body: BodyInit,
  contentType: string,
  options: OriginOptions,
  extra: Record<string, string> = {},
): Promise<OriginResponse> {
  return callOrigin(url, options, { method: 'POST', body, headers: { 'Content-Type': contentType, ...extra } });
}

async function callOrigin(
  url: string,
  options: OriginOptions,
  init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<OriginResponse> {
  const headers = new Headers({ Accept: 'application/vnd.api+json, application/json;q=0.9, */*;q=0.1', ...init.headers });
  // Never both: with Basic, Drupal's basic_auth would answer as the API user, not the editor.
  // Basic auth as UTF-8: btoa alone refuses a password with Cyrillic letters.
  if (options.cookie) headers.set('Cookie', options.cookie);
  else if (options.credentials)
    headers.set('Authorization', `Basic ${base64(`${options.credentials.user}:${options.credentials.password}`)}`);
  const doFetch = options.fetch ?? fetch;
  const method = init.method ?? 'GET';
  const ended = options.recorder?.start(method, url);
  let response: Response;
  try {
    response = await doFetch(url, { method, body: init.body, headers, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    ended?.(isTimeout(error) ? 'timeout' : 'unreachable');
    throw new OriginError(describeFailure(error, options.timeoutMs), undefined, { cause: error });
  }
  if (response.status >= 500) {
    ended?.(response.status);
    await response.body?.cancel();
    throw new OriginError(`Drupal ответил ${response.status}`, response.status);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    ended?.('unreadable');
    throw new OriginError(`ответ Drupal не прочитан: ${describeFailure(error, options.timeoutMs)}`, undefined, { cause: error });
  }
  // The whole body is in: that is the call's time, parsing aside.
  ended?.(response.status);
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    // Every call we make answers JSON; a 2xx that is not (a maintenance page, a cut-off body) means Drupal is not well.
    if (response.ok)
      throw new OriginError(
        `Drupal ответил ${response.status}, но не JSON (${response.headers.get('Content-Type') ?? 'без типа'})`,
        response.status,
        { unhealthy: true },
      );
    return { status: response.status, body: text };
  }
}

const isTimeout = (error: unknown) => error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

function describeFailure(error: unknown, timeoutMs: number): string {
  if (isTimeout(error)) {
    return `Drupal не ответил за ${timeoutMs} мс`;
  }
  return `Drupal недоступен (${error instanceof Error ? error.message : String(error)})`;
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
