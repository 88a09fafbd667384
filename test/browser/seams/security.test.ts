import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, chromiumPerFile, gotoSettled, watchProblems } from '../chromium';

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
    // The browser reports each violation as an event before any script of the page runs.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    // Offline, and nothing outside the site may load (the hostile page embeds a video player).
    await page.route(
      (url) => !url.href.startsWith(siteUrl),
      (route) => route.abort(),
    );
    for (const path of PAGES) {
      // Settled: the idle islands have woken (their chunks and React loaded and run).
      await gotoSettled(page, `${siteUrl}${path}`);
      const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
      expect(violations, path).toEqual([]);
    }
    expect(withoutPolicy).toEqual([]);
    // Chromium also says so in the console; the pages' other problems (a hostile body's broken image) are not this test's.
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    await page.close();
  });
});
