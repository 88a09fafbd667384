import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, watchProblems, chromiumPerFile, STEP_MS } from './chromium';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the popup on a %s', (label, viewport) => {
  it('opens from a book button with the form’s title, closes on Escape and gives focus back', async () => {
    const page = await (await chromium()).newPage({ viewport });
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/news.html`, { waitUntil: 'load' });
    const button = page.locator('.care-banner [data-popup="consultation"]');
    await button.focus();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Записаться на приём' });
    await dialog.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await dialog.locator('a[href^="tel:"]').count()).toBe(1);
    expect(page.url()).toBe(`${siteUrl}/news.html`);
    await screenshot(page, `popup-${label}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Another form's button opens the same dialog under its own title.
    await page.locator('.site-footer [data-popup="callback"]').click();
    await page.getByRole('dialog', { name: 'Заказать звонок' }).waitFor({ state: 'visible' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens from the header’s book button as a labelled modal of the right width; the backdrop closes it', async () => {
    const page = await (await chromium()).newPage({ viewport });
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/news.html`, { waitUntil: 'load' });
    // The header's (or on a phone the booking bar's) button: the first one in reach at the top of the page.
    const button = page.locator('[data-popup="consultation"]').filter({ visible: true }).first();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Записаться на приём' });
    await dialog.waitFor({ state: 'visible', timeout: STEP_MS });
    await page.waitForFunction(() => document.querySelector('dialog.popup')?.getAnimations({ subtree: true }).length === 0);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    const box = await dialog.boundingBox();
    // docs/requirements.md §9: 544 px wide on a desktop; a sheet the width of the screen on a phone.
    expect(box?.width).toBe(label === 'desktop' ? 544 : viewport.width);
    await screenshot(page, `popup-open-${label}`);
    // Above the sheet on a phone, beside the card on a desktop: the backdrop.
    await page.mouse.click(label === 'desktop' ? 20 : viewport.width / 2, 20);
    await dialog.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens over the home page at /consultation.html, and closing leaves the visitor on the home page', async () => {
    const page = await (await chromium()).newPage({ viewport });
    const res = await page.goto(`${siteUrl}/consultation.html`, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    const dialog = page.getByRole('dialog', { name: 'Записаться на приём' });
    await dialog.waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.querySelector('dialog.popup')?.matches(':modal'), undefined, { timeout: STEP_MS });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The dialog's close event follows its closing by a task.
    await page.waitForURL((url) => url.pathname === '/', { timeout: STEP_MS });
    await page.close();
  });
});
