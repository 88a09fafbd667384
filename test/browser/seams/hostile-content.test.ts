import { describe, expect, inject, it } from 'vitest';
import { browserIdle, chromiumPerFile, screenshot, seamWidths, still } from '../chromium';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');

// Demo node 907: its body carries onerror/onclick/onload handlers, a script, a javascript: link,
// a foreign iframe and an SVG, next to ordinary content and an allowed YouTube iframe.
const HOSTILE_PAGE = '/proverka-bezopasnosti.html';

describe.each(seamWidths())('the page with hostile markup from Drupal on a %s', (label, viewport) => {
  it('shows its content and runs none of its script', async () => {
    const page = await (await chromium()).newPage({ viewport });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    // Every payload calls alert(); this marks the call even if a dialog were somehow not reported.
    await page.addInitScript(() => {
      const calls: string[] = [];
      Object.defineProperty(window, '__xss', { value: calls });
      const { alert, confirm, prompt } = window;
      window.alert = (message?: unknown) => {
        calls.push(`alert(${String(message)})`);
        alert.call(window, message);
      };
      window.confirm = (message?: string) => {
        calls.push(`confirm(${String(message)})`);
        return confirm.call(window, message);
      };
      window.prompt = (message?: string, value?: string) => {
        calls.push(`prompt(${String(message)})`);
        return prompt.call(window, message, value);
      };
    });
    // Offline: the embedded player's host is not reachable, and nothing outside the site may load.
    await page.route(
      (url) => !url.href.startsWith(siteUrl),
      (route) => route.abort(),
    );
    // What the cleaned markup asks of the site. An <img src=x> left behind would fetch /x, a 404 page.
    const images: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image' && request.url().startsWith(siteUrl)) images.push(new URL(request.url()).pathname);
    });
    page.on('response', (answer) => {
      if (answer.url().startsWith(siteUrl) && answer.status() >= 400) failed.push(`${answer.status()} ${new URL(answer.url()).pathname}`);
    });

    const response = await page.goto(`${siteUrl}${HOSTILE_PAGE}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    // Defence in depth: even a handler the sanitiser missed would meet a policy without 'unsafe-inline' scripts.
    const csp = response?.headers()['content-security-policy'] ?? '';
    // The response's nonce, or, served again as kept bytes, its own inline scripts' hashes (cache/page-bytes.ts).
    expect(csp).toMatch(/script-src 'self' '(nonce|sha256)-[^']+'/);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toContain('unsafe');
    expect(csp).toContain("object-src 'none'");
    // Late handlers had their chance: the page quiet and the idle islands woken.
    await page.waitForLoadState('networkidle');
    await browserIdle(page);
    expect(dialogs).toEqual([]);

    expect(await page.textContent('h1')).toBe('Проверка безопасности <b>заголовка</b> & «кавычек»');
    const body = page.locator('article.node .content-body');
    expect(await body.textContent()).toContain('Обычное содержимое');
    expect(await body.textContent()).toContain('Цены & сроки: 5 < 10');
    expect(await body.locator('a[href="/contacts.html"]').count()).toBe(1);
    expect(await body.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]').count()).toBe(1);

    // Give late handlers (image errors, idle hydration) their chance, and click what had onclick.
    await page.click('text=Абзац с обработчиком нажатия.');
    await body.locator('a', { hasText: /^ссылка$/ }).click();
    await browserIdle(page);
    await still(page);
    await screenshot(page, `hostile-content-${label}`);

    const leftovers = await page.evaluate(() => ({
      calls: (window as unknown as { __xss: string[] }).__xss,
      handlers: [...document.querySelectorAll('.content-body *')].flatMap((el) =>
        [...el.attributes].filter((a) => a.name.startsWith('on') || a.name === 'style').map((a) => `${el.tagName} ${a.name}`),
      ),
      scripts: document.querySelectorAll('.content-body script, .content-body svg, .content-body object, .content-body embed').length,
      foreignFrames: [...document.querySelectorAll('iframe')]
        .map((f) => f.src)
        .filter((src) => !src.startsWith('https://www.youtube-nocookie.com/')),
      javascriptLinks: document.querySelectorAll('[href^="javascript:" i], [src^="javascript:" i]').length,
    }));
    expect(dialogs).toEqual([]);
    expect(leftovers).toEqual({ calls: [], handlers: [], scripts: 0, foreignFrames: [], javascriptLinks: 0 });
    // The body's one real picture loads; the cleaned <img src=x> is gone and asks for nothing.
    expect(await body.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toEqual([
      '/sites/default/files/pages/o-klinike.svg',
    ]);
    expect(images).not.toContain('/x');
    expect(failed).toEqual([]);
    await page.close();
  });
});
