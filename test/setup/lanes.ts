import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The lanes `npm test` runs side by side (scripts/test-lanes.ts; docs/testing.md, "Lanes"), and which vitest projects
 * each runs: under TEST_LANE, vitest.config.ts keeps only that lane's projects. A project not named here, one added
 * later included, runs in `others`.
 */
export const LANES = ['browser', 'browser-seams', 'browser-node', 'real-drupal', 'others'] as const;
export type Lane = (typeof LANES)[number];

/**
 * Five lanes on two cores: the Chromium suites spend much of their time waiting on a page, the real Drupal's on PHP's
 * one-request-at-a-time server; with three lanes the machine was idle a fifth of the run. The deploy checks (a minute
 * of wrangler's bundling) go with the Node Chromium suites, the shortest of the Chromium lanes.
 */
const LANE_OF: Record<string, Lane> = {
  browser: 'browser',
  'browser-seams': 'browser-seams',
  'browser-node': 'browser-node',
  deploy: 'browser-node',
  'real-drupal': 'real-drupal',
};

const laneOf = (project: string): Lane => LANE_OF[project] ?? 'others';

/** The projects this process runs: every one without TEST_LANE (`npx vitest run`), else its lane's. */
export function projectsOfThisLane(projects: TestProjectInlineConfiguration[]): TestProjectInlineConfiguration[] {
  const lane = process.env.TEST_LANE;
  const nameOf = ({ test }: TestProjectInlineConfiguration) => (typeof test?.name === 'string' ? test.name : (test?.name?.label ?? ''));
  return lane ? projects.filter((project) => laneOf(nameOf(project)) === lane) : projects;
}
