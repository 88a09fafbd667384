/**
 * One call to Drupal (worker/drupal/origin.ts) against a fake fetch: what every request carries (the Accept header,
 * the API account's Basic credentials or an editor's session cookie, never both), a write's method, type and body,
 * and how each failure comes back to the cache: a 5xx, a network that is down, a Drupal that does not answer within
 * the timeout, a 2xx that is not JSON, a body that cannot be read; and what the request's log is told of each
 * (docs/drupal.md, "One path's error"; docs/operations.ru.md for the log).
 */
import { describe, expect, it } from 'vitest';
import { fetchFromOrigin, postToOrigin, type CallOutcome, type OriginOptions } from '../../../worker/drupal/origin';
import { answersOnlyToAbort, BASE, fakeFetch, networkDown, originError, recorded, type Answer } from './fake-drupal';

const URL_ = `${BASE}/router/translate-path?path=%2Fdoctors%2Fivanova.html`;

/** A recorder that keeps each call's start and its outcome. */
function recorder() {
  const calls: { method: string; url: string; outcome?: CallOutcome }[] = [];
  return {
    calls,
    start(method: string, url: string) {
      const call: { method: string; url: string; outcome?: CallOutcome } = { method, url };
      calls.push(call);
      return (outcome: CallOutcome) => {
        expect(call.outcome, 'a call ends once').toBeUndefined();
        call.outcome = outcome;
      };
    },
  };
}

function origin(answer: Answer, options: Partial<OriginOptions> = {}) {
  const drupal = fakeFetch(() => answer);
  const log = recorder();
  return { options: { timeoutMs: 5_000, fetch: drupal.fetch, recorder: log, ...options }, sent: drupal.sent, log };
}

describe('a call to Drupal: what it sends', () => {
  it('asks with GET, preferring JSON:API, then JSON, and as the API account over HTTP Basic', async () => {
    const { options, sent } = origin(recorded('10.3', 'translate-path-node'), { credentials: { user: 'api', password: 'secret' } });
    await fetchFromOrigin(URL_, options);
    const [request] = sent;
    expect(request?.method).toBe('GET');
    expect(request?.url.href).toBe(URL_);
    expect(request?.headers.get('accept')).toBe('application/vnd.api+json, application/json;q=0.9, */*;q=0.1');
    expect(request?.headers.get('authorization')).toBe(`Basic ${btoa('api:secret')}`);
    expect(request?.headers.get('cookie')).toBeNull();
    expect(request?.body).toBe('');
  });

  it('encodes Basic credentials as UTF-8, so that a Cyrillic password is sent rather than refused', async () => {
    const { options, sent } = origin({ status: 200, body: [] }, { credentials: { user: 'апи', password: 'пароль' } });
    await fetchFromOrigin(URL_, options);
    const encoded = sent[0]!.headers.get('authorization')!.replace(/^Basic /, '');
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe('апи:пароль');
  });

  it("sends an editor's session as the Cookie and then no Basic credentials, so that Drupal answers as the editor", async () => {
    const { options, sent } = origin(
      { status: 200, body: [] },
      { credentials: { user: 'api', password: 'secret' }, cookie: 'SESSabc=def' },
    );
    await fetchFromOrigin(URL_, options);
    expect(sent[0]?.headers.get('cookie')).toBe('SESSabc=def');
    expect(sent[0]?.headers.get('authorization')).toBeNull();
  });

  it('sends no credentials at all when it has none', async () => {
    const { options, sent } = origin({ status: 200, body: [] });
    await fetchFromOrigin(URL_, options);
    expect([sent[0]?.headers.get('authorization'), sent[0]?.headers.get('cookie')]).toEqual([null, null]);
  });

  it('posts a write with its body, its content type and the extra headers it is given', async () => {
    const { options, sent, log } = origin(recorded('10.3', 'webform-submit-success'));
    const body = JSON.stringify({ webform_id: 'consultation', name: 'Иван' });
    const answer = await postToOrigin(`${BASE}/webform_rest/submit?_format=json`, body, 'application/json', options, {
      Referer: 'https://clinic.test/doctors/ivanova.html',
    });
    expect(answer).toEqual({ status: 200, body: recorded('10.3', 'webform-submit-success').body });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(sent[0]?.headers.get('referer')).toBe('https://clinic.test/doctors/ivanova.html');
    expect(JSON.parse(sent[0]!.body)).toEqual({ webform_id: 'consultation', name: 'Иван' });
    expect(log.calls).toEqual([{ method: 'POST', url: `${BASE}/webform_rest/submit?_format=json`, outcome: 200 }]);
  });
});

describe('a call to Drupal: what it makes of the answer', () => {
  it('gives a 2xx or 4xx JSON answer as its status and parsed body, and logs the status', async () => {
    const found = origin(recorded('10.3', 'translate-path-node'));
    expect(await fetchFromOrigin(URL_, found.options)).toEqual({ status: 200, body: recorded('10.3', 'translate-path-node').body });
    const missing = origin(recorded('10.3', 'translate-path-unknown'));
    expect(await fetchFromOrigin(URL_, missing.options)).toEqual({ status: 404, body: recorded('10.3', 'translate-path-unknown').body });
    expect([found.log.calls[0]?.outcome, missing.log.calls[0]?.outcome]).toEqual([200, 404]);
  });

  it("gives a 4xx that is not JSON (Drupal's HTML 404 page) as its text: a bundle Drupal lacks is an answer", async () => {
    const page = recorded('10.3', 'jsonapi-unknown-bundle');
    const { options } = origin(page);
    expect(await fetchFromOrigin(`${BASE}/jsonapi/node/qa`, options)).toEqual({ status: 404, body: page.body });
  });

  it("turns a 5xx into an OriginError with its status that speaks of Drupal's health (the breaker counts it)", async () => {
    // decoupled_router's 500 text/plain for /search, as a real Drupal answered it.
    const { options, log } = origin(recorded('10.3', 'translate-path-search'));
    const error = await originError(fetchFromOrigin(URL_, options));
    expect([error.status, error.unhealthy]).toEqual([500, true]);
    expect(error.message).toContain('500');
    expect(log.calls[0]?.outcome).toBe(500);
    const gateway = origin({ status: 503, body: 'Service unavailable', contentType: 'text/plain' });
    expect((await originError(fetchFromOrigin(URL_, gateway.options))).status).toBe(503);
  });

  it('turns a 2xx that is not JSON (a maintenance page, a cut-off body) into an unhealthy OriginError', async () => {
    const page = origin({ status: 200, body: '<!DOCTYPE html><title>Site under maintenance</title>' });
    const error = await originError(fetchFromOrigin(URL_, page.options));
    expect([error.status, error.unhealthy]).toEqual([200, true]);
    expect(error.message).toContain('text/html');
    const cut = origin({ status: 200, body: '{"resolved": "http://drupal.test/doc', contentType: 'application/json' });
    expect((await originError(fetchFromOrigin(URL_, cut.options))).unhealthy).toBe(true);
  });

  it('turns a network that is down into an unhealthy OriginError without a status, logged as unreachable', async () => {
    const log = recorder();
    const error = await originError(fetchFromOrigin(URL_, { timeoutMs: 5_000, fetch: networkDown, recorder: log }));
    expect([error.status, error.unhealthy]).toEqual([undefined, true]);
    expect(error.message).toContain('fetch failed');
    expect(log.calls[0]?.outcome).toBe('unreachable');
  });

  it('gives up on a Drupal that does not answer once its timeout is up, aborts the request, and logs a timeout', async () => {
    const signals: AbortSignal[] = [];
    const log = recorder();
    const error = await originError(fetchFromOrigin(URL_, { timeoutMs: 5, fetch: answersOnlyToAbort(signals), recorder: log }));
    expect([error.status, error.unhealthy]).toEqual([undefined, true]);
    expect(error.message).toBe('Drupal не ответил за 5 мс');
    expect(signals[0]?.aborted).toBe(true);
    expect(log.calls[0]?.outcome).toBe('timeout');
  });

  it('turns a body that breaks off while it is read into an unhealthy OriginError, logged as unreadable', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data": ['));
        controller.error(new TypeError('terminated'));
      },
    });
    const log = recorder();
    const doFetch = (async () => new Response(broken, { status: 200, headers: { 'Content-Type': 'application/json' } })) as typeof fetch;
    const error = await originError(fetchFromOrigin(URL_, { timeoutMs: 5_000, fetch: doFetch, recorder: log }));
    expect([error.status, error.unhealthy]).toEqual([undefined, true]);
    expect(error.message).toContain('terminated');
    expect(log.calls[0]?.outcome).toBe('unreadable');
  });
});
