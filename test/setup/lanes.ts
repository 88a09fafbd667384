import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The lanes `npm test` runs side by side (scripts/test-lanes.ts; docs/testing.md, "Lanes"), and which vitest projects
 * each runs: under TEST_LANE, vitest.config.ts keeps only that lane's projects. A project not named here, one added
 * later included, runs in `others`.
 */
export const LANES = ['chromium', 'real-drupal', 'others'] as const;
export type Lane = (typeof LANES)[number];

const LANE_OF: Record<string, Lane> = { browser: 'chromium', 'real-drupal': 'real-drupal' };

const laneOf = (project: string): Lane => LANE_OF[project] ?? 'others';

/** The projects this process runs: every one without TEST_LANE (`npx vitest run`), else its lane's. */
export function projectsOfThisLane(projects: TestProjectInlineConfiguration[]): TestProjectInlineConfiguration[] {
  const lane = process.env.TEST_LANE;
  const nameOf = ({ test }: TestProjectInlineConfiguration) => (typeof test?.name === 'string' ? test.name : (test?.name?.label ?? ''));
  return lane ? projects.filter((project) => laneOf(nameOf(project)) === lane) : projects;
}
