/** One request to Drupal: timeout, credentials, and 5xx/network failures as OriginError. */

export interface OriginResponse {
  status: number;
  body: unknown;
}

export class OriginError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OriginError';
  }
}

export interface OriginOptions {
  timeoutMs: number;
  credentials?: { user: string; password: string };
  fetch?: typeof fetch;
}

export async function fetchFromOrigin(url: string, options: OriginOptions): Promise<OriginResponse> {
  const headers = new Headers({ Accept: 'application/vnd.api+json, application/json;q=0.9, */*;q=0.1' });
  if (options.credentials) {
    headers.set('Authorization', `Basic ${btoa(`${options.credentials.user}:${options.credentials.password}`)}`);
  }
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, { headers, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    throw new OriginError(describeFailure(error, options.timeoutMs));
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw new OriginError(`Drupal ответил ${response.status}`, response.status);
  }
  const type = response.headers.get('Content-Type') ?? '';
  try {
    const body: unknown = type.includes('json') ? await response.json() : await response.text();
    return { status: response.status, body };
  } catch (error) {
    throw new OriginError(`ответ Drupal не прочитан: ${describeFailure(error, options.timeoutMs)}`, response.status);
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `Drupal не ответил за ${timeoutMs} мс`;
  }
  return `Drupal недоступен (${error instanceof Error ? error.message : String(error)})`;
}
