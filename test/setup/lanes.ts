import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The lanes `npm test` runs side by side (scripts/test-lanes.ts; docs/testing.md, "Lanes"), and which vitest projects
 * each runs: under TEST_LANE, vitest.config.ts keeps only that lane's projects. A project not named here, one added
 * later included, runs in `others`.
 */
export const LANES = ['chromium', 'seams', 'workerd', 'real-drupal', 'others'] as const;
export type Lane = (typeof LANES)[number];

/**
 * The two cores are busy until the first lane ends, so the lanes are cut to end together (docs/testing.md, "Lanes"):
 * Chromium's suites in two, the workerd tests apart from the Node ones. The real Drupal's lane also runs the deploy
 * checks and the Node processes' suite; without a real Drupal there is no such lane, and they run in `others`.
 */
const LANE_OF: Record<string, Lane> = {
  browser: 'chromium',
  'browser-seams': 'seams',
  worker: 'workerd',
  'real-drupal': 'real-drupal',
  deploy: 'real-drupal',
  'node-target': 'real-drupal',
};

/**
 * The lanes whose time is their own CPU (Chromium's suites, many pages side by side; the linters) run at a lower
 * priority than the ones whose files wait on servers one step at a time (workerd's, the real Drupal's, the Node
 * target's): those take the cores when they need them and the others have the rest, so the chains do not stand in
 * line behind Chromium's threads and every lane ends near the same time (docs/testing.md, "Lanes").
 */
export const LOWER_PRIORITY: ReadonlySet<Lane | 'lint'> = new Set(['chromium', 'seams', 'lint']);

const laneOf = (project: string, realDrupalRuns: boolean): Lane => {
  const lane = LANE_OF[project] ?? 'others';
  return lane === 'real-drupal' && !realDrupalRuns ? 'others' : lane;
};

/** The projects this process runs: every one without TEST_LANE (`npx vitest run`), else its lane's. */
export function projectsOfThisLane(realDrupalRuns: boolean, projects: TestProjectInlineConfiguration[]): TestProjectInlineConfiguration[] {
  const lane = process.env.TEST_LANE;
  const nameOf = ({ test }: TestProjectInlineConfiguration) => (typeof test?.name === 'string' ? test.name : (test?.name?.label ?? ''));
  return lane ? projects.filter((project) => laneOf(nameOf(project), realDrupalRuns) === lane) : projects;
}
