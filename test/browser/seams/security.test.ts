import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, STEP_MS, chromiumPerFile, gotoSettled, watchProblems } from '../chromium';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');

/** Pages of every kind a visitor reaches, including the one whose Drupal body is hostile. */
const PAGES = [
  '/',
  '/news.html',
  '/news.html/2',
  '/services.html',
  '/proverka-bezopasnosti.html',
  '/search/node/лазер',
  '/takoi-stranicy-net.html',
];

/**
 * The page's CSP violations from now on, each as the browser reports it (an event, before any script of the page
 * runs); offline, as nothing outside the site may load (the hostile page embeds a video player).
 */
async function offlineWatchingViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.route(
    (url) => !url.href.startsWith(siteUrl),
    (route) => route.abort(),
  );
}

const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

describe('Content-Security-Policy in the browser', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('is on every response a page loads, and nothing on the page violates it (%s)', async (_, viewport) => {
    const page = await (await chromium()).newPage({ viewport });
    const problems = watchProblems(page);
    const withoutPolicy: string[] = [];
    page.on('response', (res) => {
      if (res.url().startsWith(siteUrl) && !res.headers()['content-security-policy']) withoutPolicy.push(res.url());
    });
    await offlineWatchingViolations(page);
    for (const path of PAGES) {
      // Settled: the idle islands have woken (their chunks and React loaded and run).
      await gotoSettled(page, `${siteUrl}${path}`);
      const violations = await violationsOf(page);
      expect(violations, path).toEqual([]);
    }
    expect(withoutPolicy).toEqual([]);
    // Chromium also says so in the console; the pages' other problems (a hostile body's broken image) are not this test's.
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    await page.close();
  });
});

describe('a page served again as kept bytes', () => {
  it("runs the page's own inline scripts under their hashes, and refuses one that is not the site's", async () => {
    const kept = PAGES.filter((path) => !path.includes('net'));
    const page = await (await chromium()).newPage({ viewport: PHONE });
    const problems = watchProblems(page);
    await offlineWatchingViolations(page);
    const policies: string[] = [];
    for (const path of kept) {
      // The browser's visit gets the kept bytes, which name no nonce. Visits before it make the page kept
      // (cache/rendered-pages.ts): a miss, then a render from the cache once its copies have landed. The lane's
      // site is shared and its copies stay fresh a minute: a page made of aged copies is kept for a second only,
      // and a browser's visit that comes after that second is rendered again, with a nonce; it then visits again.
      let policy = '';
      await expect
        .poll(
          async () => {
            for (let visit = 0; visit < 3; visit++) {
              const res = await fetch(`${siteUrl}${path}`);
              await res.arrayBuffer();
              if (!res.headers.get('Content-Security-Policy')?.includes('nonce-')) break;
            }
            const response = await gotoSettled(page, `${siteUrl}${path}`);
            policy = response!.headers()['content-security-policy'] ?? '';
            return policy.includes('nonce-');
          },
          { message: `${path} kept when the browser visits it`, timeout: 30_000 },
        )
        .toBe(false);
      policies.push(policy);
      const violations = await violationsOf(page);
      expect(violations, path).toEqual([]);
    }
    expect(policies.filter((p) => /script-src 'self' 'sha256-/.test(p) && !p.includes('nonce-'))).toHaveLength(kept.length);
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);

    // A script someone slipped in is not the site's: no hash names it, and the browser refuses it.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__slippedIn = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 0));
      return (window as unknown as { __slippedIn?: boolean }).__slippedIn === true;
    });
    expect(ran).toBe(false);
    // The browser reports the refusal with an event it queues as a task of its own: looked for until it has come.
    await expect.poll(async () => (await violationsOf(page)).some((v) => v.startsWith('script-src')), { timeout: STEP_MS }).toBe(true);
    await page.close();
  });
});
