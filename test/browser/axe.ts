import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core as each frame takes it: the package's minified build, the same code as its `axe.source` (1.5 MB, unminified)
 * in 0.65 MB. Each checked page parses it: on the 2-core machine 0.15 core-seconds instead of 0.3 (docs/testing.md,
 * "Speed rules").
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What crosses back from the page: a violation's rule, impact and summary, and where each failing element is. */
interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: string[]; failureSummary: string | undefined }[];
}

/**
 * What axe-core finds against WCAG 2.1 A and AA in what the page shows now (within `selector` when given): one line
 * per failing element, with the rule, its impact, where, and axe's own summary of the fix; an empty list when nothing.
 *
 * axe-core runs in the page itself, its same-origin frames included (the site embeds no frame of its own; a video is
 * a facade until played, worker/components/VideoFacade.tsx), put in each frame once. It reports back only violations
 * (`resultTypes`): axe then keeps one example of each passing rule rather than every node it passed, much of its work
 * on a whole page and of what crosses back to the test. Run this way rather than through `@axe-core/playwright`, which
 * puts axe's source into the page twice per check, a check costs a third less CPU (docs/testing.md, "Speed rules").
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  for (const frame of page.frames()) {
    const put = async () => {
      if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
    };
    // A frame gone meanwhile has nothing left to check; the page itself must take axe.
    if (frame === page.mainFrame()) await put();
    else await put().catch(() => undefined);
  }
  const violations = await page.evaluate(
    async ({ selector, tags }) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      const results = await inPage.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((v): Violation => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((node) => ({ target: node.target.map(String), failureSummary: node.failureSummary })),
      }));
    },
    { selector, tags: WCAG_21_AA },
  );
  return violations.flatMap((v) =>
    v.nodes.map(
      (node) => `${v.id} [${v.impact ?? 'n/a'}] ${node.target.join(' ')}: ${(node.failureSummary ?? v.help).replace(/\s+/g, ' ')}`,
    ),
  );
}
