/**
 * The booking buttons of every page kind, at a phone's and a desktop's width (docs/requirements.md §2): each one a
 * visitor can press opens the dialog with its form's title, modal; Escape closes it and gives focus back to the
 * button; and on a phone a book button is in reach at the top of the page and halfway down.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { POPUP_TITLES, isPopupForm } from '../../common/popups';
import { DESKTOP, PHONE, STEP_MS, chromiumPerFile, screenshot, still, tabPerWidth } from './chromium';
import { DEFAULT_LAYOUT, PAGE_KINDS, isFocused, pageKindPaths, type PageKind } from './frame';

const chromium = chromiumPerFile({ serviceWorkers: 'block' });
/** A popup opened here is closed again and nothing is kept: one tab per width walks the pages (tabPerWidth). */
const visit = tabPerWidth(chromium);

const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');

let paths: Record<PageKind, string>;

beforeAll(async () => {
  paths = await pageKindPaths(demoUrl);
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the book buttons on a %s', (label, viewport) => {
  it.each(PAGE_KINDS)(
    '%s: every book button opens the dialog with its form’s title; Escape closes it and gives focus back',
    async (name) => {
      const { page, problems } = await visit(siteUrl + paths[name], viewport);
      const reach = await page.evaluate(reachableBookButtons);
      expect(reach.covered, 'book buttons that a visitor cannot press (covered by another element)').toEqual([]);
      expect(reach.pressable.length, 'book buttons a visitor can press').toBeGreaterThan(0);
      for (const [n, i] of reach.pressable.entries()) {
        const button = page.locator('[data-popup]').nth(i);
        const form = await button.getAttribute('data-popup');
        expect(isPopupForm(form), `data-popup="${form}" is a popup form`).toBe(true);
        if (!isPopupForm(form)) continue;
        await button.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
        await button.focus();
        await button.click();
        const dialog = page.getByRole('dialog', { name: POPUP_TITLES[form] });
        await dialog.waitFor({ state: 'visible', timeout: STEP_MS });
        expect(await dialog.evaluate((d) => d.matches(':modal')), `${form}: the dialog is modal`).toBe(true);
        if (n === 0) await screenshot(page, `frame-${name}-${label}-popup`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        expect(await isFocused(button), `${form} (button ${n + 1}): focus is back on the button`).toBe(true);
      }
      expect(page.url(), 'opening popups stays on the page').toBe(siteUrl + paths[name]);
      expect(problems).toEqual([]);
    },
  );
});

/**
 * Runs in the page: each popup button scrolled to the middle of the window and hit-tested.
 * A button on a slide the carousel keeps out of view is not pressable and not a fault;
 * any other button that something else covers is.
 */
function reachableBookButtons(): { pressable: number[]; covered: string[] } {
  const pressable: number[] = [];
  const covered: string[] = [];
  const say = (el: Element) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`;
  document.querySelectorAll('[data-popup]').forEach((el, i) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden' || el.closest('dialog:not([open])')) return;
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    // An inline link that wraps has a box whose middle may fall between its lines: hit its first line.
    const now = el.getClientRects()[0] ?? el.getBoundingClientRect();
    const hit = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
    if (hit && (hit === el || el.contains(hit))) pressable.push(i);
    else if (!el.closest('.carousel__slide, [aria-roledescription="слайд"]'))
      covered.push(`${say(el)} «${el.textContent?.trim()}» under ${hit ? say(hit) : 'nothing'}`);
  });
  window.scrollTo({ top: 0, behavior: 'instant' });
  return { pressable, covered };
}

describe('the book buttons on a phone', () => {
  it.each(DEFAULT_LAYOUT)('%s: a book button is in reach at the top and halfway down', async (name) => {
    const { page, problems } = await visit(siteUrl + paths[name], PHONE);
    const inView = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-popup]')).some((el) => {
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          return (
            box.width > 0 &&
            box.height > 0 &&
            box.top >= 0 &&
            box.bottom <= window.innerHeight &&
            style.visibility !== 'hidden' &&
            !el.closest('dialog:not([open])')
          );
        }),
      );
    expect(await inView(), 'a book button in view at the top').toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    // The scroll's own consequences (a bar that slides in, a header that tucks away) played out.
    await still(page);
    expect(await inView(), 'a book button in view halfway down').toBe(true);
    expect(problems).toEqual([]);
  });
});
