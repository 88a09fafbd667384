/**
 * The version for the visually impaired in each colour scheme, as axe
 * (at phone and desktop width) and Lighthouse's accessibility audit judge it. The
 * scheme is the visitor's cookie, exactly as the panel's form sets it.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { COLOUR_SCHEMES, LOW_VISION_COOKIE, LOW_VISION_START, lowVisionValue, type ColourScheme } from '../common/low-vision.ts';
import { DESKTOP, PHONE, launchChromium } from './chromium.ts';
import type { AuditOptions, LighthouseFigures } from './lighthouse.ts';
import type { PageKind } from './pages.ts';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export const schemeCookie = (scheme: ColourScheme) =>
  `${LOW_VISION_COOKIE}=${lowVisionValue({ ...LOW_VISION_START, size: 'largest', scheme })}`;

/** axe's WCAG 2.1 AA violations, one line each, per scheme, page and width. */
export async function axePerScheme(siteUrl: string, kinds: PageKind[]): Promise<Map<string, string[]>> {
  const browser = await launchChromium();
  const found = new Map<string, string[]>();
  try {
    for (const scheme of COLOUR_SCHEMES) {
      for (const viewport of [PHONE, DESKTOP]) {
        const context = await browser.newContext({ viewport });
        const [name, value] = schemeCookie(scheme).split('=') as [string, string];
        await context.addCookies([{ name, value, url: siteUrl }]);
        const page = await context.newPage();
        for (const kind of kinds) {
          await page.goto(siteUrl + kind.path, { waitUntil: 'load' });
          const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
          found.set(
            `${scheme} ${kind.name} ${viewport.width}px`,
            violations.flatMap((v) => v.nodes.map((node) => `${v.id} ${node.target.join(' ')}`)),
          );
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return found;
}

/** Lighthouse's accessibility score per scheme and page (mobile). */
export async function lighthousePerScheme(
  siteUrl: string,
  kinds: PageKind[],
  audit: (url: string, options?: AuditOptions) => Promise<LighthouseFigures>,
): Promise<Map<string, LighthouseFigures>> {
  const scores = new Map<string, LighthouseFigures>();
  for (const scheme of COLOUR_SCHEMES) {
    for (const kind of kinds)
      scores.set(`${scheme} ${kind.name}`, await audit(siteUrl + kind.path, { cookie: schemeCookie(scheme), onlyAccessibility: true }));
  }
  return scores;
}
