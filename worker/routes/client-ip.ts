import type { Context } from 'hono';

/** An IPv4 or IPv6 address as a header carries it; anything else is not passed on. */
const IP_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}(?:%[\w.]+)?|::ffff:\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The visitor's address as Cloudflare saw it, else the first of X-Forwarded-For (a proxy in
 * front of the site); never a guess. What is counted per visitor (Drupal's failed logins, the
 * forms' rate limit) is counted by it.
 */
export function clientIp(c: Context): string | undefined {
  const candidate = c.req.header('CF-Connecting-IP')?.trim() || c.req.header('X-Forwarded-For')?.split(',', 1)[0]?.trim();
  return candidate && IP_ADDRESS.test(candidate) ? candidate : undefined;
}
