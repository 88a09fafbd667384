/**
 * 38-ФЗ art. 24: the warning «Имеются противопоказания…» takes at least
 * 5 % of its advert's area. The advert is the block the notice sits in (a service's
 * description, a promotion's article); both are measured at a phone's and a
 * desktop's width, and the words must lie inside the warning's box, not cropped.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, chromiumPerFile, screenshot, tabPerWidth } from './chromium';
import { newestAlias } from './page-kinds';

const chromium = chromiumPerFile({ serviceWorkers: 'block' });
/** The pages are only measured: one tab per width walks them (tabPerWidth). */
const visit = tabPerWidth(chromium);
const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');

const pages: Record<string, string> = { service: '', promotion: '' };

beforeAll(async () => {
  [pages.service, pages.promotion] = await Promise.all([newestAlias(demoUrl, 'services'), newestAlias(demoUrl, 'actions')]);
});

describe('the medical-advertising warning', () => {
  for (const kind of ['service', 'promotion'] as const) {
    for (const [width, viewport] of [
      ['390', PHONE],
      ['1366', DESKTOP],
    ] as const) {
      it(`takes at least 5 % of its block on a ${kind} page at ${width} px`, async () => {
        const { page } = await visit(`${siteUrl}${pages[kind]}`, viewport);
        const notice = page.locator('[data-medical-notice]');
        expect(await notice.count()).toBe(1);
        const measured = await notice.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const block = element.parentElement!.getBoundingClientRect();
          const words = element.querySelector('.medical-notice__text')!.getBoundingClientRect();
          return {
            share: (box.width * box.height) / (block.width * block.height),
            wordsInside:
              words.left >= box.left - 0.5 &&
              words.right <= box.right + 0.5 &&
              words.top >= box.top - 0.5 &&
              words.bottom <= box.bottom + 0.5,
            fontSize: parseFloat(getComputedStyle(element.querySelector('.medical-notice__text')!).fontSize),
          };
        });
        expect(measured.share, `the warning's share of its block: ${(measured.share * 100).toFixed(1)} %`).toBeGreaterThanOrEqual(0.05);
        expect(measured.wordsInside, JSON.stringify(measured)).toBe(true);
        expect(measured.fontSize).toBeGreaterThanOrEqual(12);
        await notice.evaluate((element) => window.scrollTo(0, element.parentElement!.getBoundingClientRect().top + window.scrollY - 150));
        await screenshot(page, `medical-notice-${kind}-${width}`);
      });
    }
  }
});
