import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What axe-core finds against WCAG 2.1 A and AA in what the page shows now (within `selector` when given): one line
 * per failing element, with the rule, its impact, where, and axe's own summary of the fix; an empty list when nothing.
 *
 * Only violations are reported back (`resultTypes`): axe then keeps one example of each passing rule rather than every
 * node it passed, much of its work on a whole page and of what crosses back to the test. `options` comes before
 * `withTags`, which adds its tags to the options given.
 *
 * Legacy mode: axe runs in the page itself, its same-origin frames included, instead of a partial run per frame
 * finished in a blank page it would open beside the tested one (a page and axe's source more per check). The site
 * embeds no frame of its own; a video is a facade until played (worker/components/VideoFacade.tsx).
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .setLegacyMode();
  const { violations } = await (selector ? builder.include(selector) : builder).analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (node) => `${v.id} [${v.impact ?? 'n/a'}] ${node.target.join(' ')}: ${(node.failureSummary ?? v.help).replace(/\s+/g, ' ')}`,
    ),
  );
}
