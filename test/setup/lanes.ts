import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The lanes `npm test` runs side by side (scripts/test-lanes.ts; docs/testing.md, "Lanes"), and which vitest projects
 * each runs: under TEST_LANE, vitest.config.ts keeps only that lane's projects. A project not named here, one added
 * later included, runs in `others`.
 */
export const LANES = ['chromium', 'real-drupal', 'others'] as const;
export type Lane = (typeof LANES)[number];

/**
 * The real Drupal's lane ends first (its tests take some seven minutes after its install), so it also runs the
 * deploy checks and the Node processes' suite, a minute that `others`, the longest lane, would otherwise add to the
 * run. Without a real Drupal there is no such lane, and they run in `others`.
 */
const LANE_OF: Record<string, Lane> = {
  browser: 'chromium',
  'real-drupal': 'real-drupal',
  deploy: 'real-drupal',
  'node-target': 'real-drupal',
};

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
