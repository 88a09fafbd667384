/**
 * Applies DEMO_DELAY_MS and the fault rules (README.md, "Test control") to every API request:
 * delays, hangs, error statuses, and bodies a real Drupal sends when it misbehaves (an HTML
 * maintenance page, JSON cut off mid-way). The demo CRM (demo-crm/) applies the same rules, those
 * that name it only, through faultsFor().
 */
import type { Context, Env, MiddlewareHandler, Next } from 'hono';
import type { AppEnv } from '../env';
import { CRM_RULE_PREFIX, HANG_MS, type FaultRule } from './fault-rule';
import { json, rawPathAndQuery } from './http';
import { errorDocument, reasonPhrase } from './jsonapi';
import { countRequest, demoState, type FaultSwitch } from './state';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** What a Drupal behind a failing PHP or a maintenance switch answers instead of JSON. */
const MAINTENANCE_HTML =
  '<!DOCTYPE html>\n<html lang="ru"><head><meta charset="utf-8"><title>Сайт на обслуживании</title></head>' +
  '<body><h1>Сайт на техническом обслуживании</h1><p>Скоро вернёмся. Site is currently under maintenance.</p></body></html>\n';

/** The fault rules whose `match` the request's path+query (raw or URL-decoded) contains. */
function matchingRules(rules: readonly FaultRule[], url: string): FaultRule[] {
  const key = rawPathAndQuery(url);
  const decoded = safeDecode(key);
  return rules.filter((r) => decoded.includes(r.match) || key.includes(r.match));
}

/**
 * Counts every API request, then applies the delay (fault config delayMs, else DEMO_DELAY_MS;
 * a matching rule's delayMs replaces both) and the first matching hang rule, else the first
 * matching status/body rule.
 */
export const demoFaults: MiddlewareHandler<AppEnv> = async (c, next) => {
  const logged = countRequest(rawPathAndQuery(c.req.url));
  const { config } = demoState().faults;
  const envDelay = Number(c.env?.DEMO_DELAY_MS ?? '0');
  const baseDelay = config.delayMs ?? (Number.isFinite(envDelay) ? envDelay : 0);
  try {
    return await applyFaults(c, next, matchingRules(config.rules, c.req.url), baseDelay, READS.has(c.req.method));
  } finally {
    // When the answer left: a call that starts after it may have waited for it (request-rounds.ts).
    logged.done = Date.now();
  }
};

/**
 * The demo CRM's webhook is no Drupal call: it is never counted, and neither DEMO_DELAY_MS, the
 * config's delayMs nor a catch-all rule such as `{"match": "/"}` touch it. Only rules whose `match`
 * starts with /__demo/crm apply (e.g. `{"match": "/__demo/crm/webhook", "hang": true}`).
 */
export function crmFaults<E extends Env>(faults: FaultSwitch): MiddlewareHandler<E> {
  return async (c, next) =>
    applyFaults(
      c,
      next,
      matchingRules(faults.config.rules, c.req.url).filter((r) => r.match.startsWith(CRM_RULE_PREFIX)),
      0,
      false,
    );
}

/** Requests that change nothing: a delay of theirs is Drupal's time to answer, its work included. */
const READS = new Set(['GET', 'HEAD']);

/**
 * `overlaps`: a delay alone (no hang, status or body rule) is how long the answer takes, the demo's own work a part of
 * it, as a Drupal's time to answer includes its PHP's: the answer is made at once and sent when the delay is over. The
 * demo makes its answers one at a time, on one thread, where Drupal's PHP workers make them side by side; made after
 * the delay, twenty calls that arrive together would be answered one by one, tens of milliseconds apart.
 * A change (a POST) happens once the delay is over, as before.
 */
async function applyFaults<E extends Env>(
  c: Context<E>,
  next: Next,
  rules: readonly FaultRule[],
  baseDelay: number,
  overlaps: boolean,
): Promise<Response | void> {
  const ruleDelays = rules.flatMap((r) => (r.delayMs !== undefined ? [r.delayMs] : []));
  const delay = ruleDelays.length ? Math.max(...ruleDelays) : baseDelay;
  if (delay > 0 && overlaps && !rules.some((r) => r.hang || r.status !== undefined || r.body !== undefined)) {
    const until = Date.now() + delay;
    await next();
    await sleep(until - Date.now());
    return;
  }
  if (delay > 0) await sleep(delay);

  if (rules.some((r) => r.hang)) {
    await sleep(HANG_MS);
    return json({ message: 'Demo fault: the request hung and was finally abandoned.' }, 504);
  }
  const answerRule = rules.find((r) => r.status !== undefined || r.body !== undefined);
  if (answerRule?.body === 'html') {
    return new Response(MAINTENANCE_HTML, { status: answerRule.status ?? 200, headers: { 'Content-Type': 'text/html; charset=UTF-8' } });
  }
  if (answerRule?.body === 'broken-json') {
    await next();
    c.res = await truncated(c.res, answerRule);
    return;
  }
  const statusRule = answerRule;
  if (statusRule?.status !== undefined) {
    const status = statusRule.status;
    const detail = `Demo fault: HTTP ${status} injected for "${statusRule.match}".`;
    if (new URL(c.req.url).pathname.startsWith('/jsonapi')) {
      return new Response(JSON.stringify(errorDocument(status, detail, c.req.url)), {
        status,
        headers: { 'Content-Type': 'application/vnd.api+json' },
      });
    }
    return json({ message: `${reasonPhrase(status)}. ${detail}` }, status);
  }
  await next();
}

/**
 * The real answer with its body cut off half-way (as when Drupal's PHP dies mid-response or a
 * proxy drops the connection), keeping its Content-Type; status 200 unless the rule gives one.
 */
async function truncated(res: Response, rule: FaultRule): Promise<Response> {
  const text = await res.text();
  const headers = new Headers(res.headers);
  headers.delete('Content-Length');
  return new Response(text.slice(0, Math.floor(text.length / 2)), { status: rule.status ?? 200, headers });
}
