/**
 * The lanes `npm test` runs side by side (scripts/test-lanes.ts; docs/testing.md, "Lanes"), and which vitest projects
 * each runs: under TEST_LANE, vitest.config.ts keeps only that lane's projects. A project not named here, one added
 * later included, runs in `others`.
 */
export const LANES = ['chromium', 'real-drupal', 'others'] as const;
export type Lane = (typeof LANES)[number];

const LANE_OF: Record<string, Lane> = { browser: 'chromium', 'real-drupal': 'real-drupal' };

export const laneOf = (project: string): Lane => LANE_OF[project] ?? 'others';

/** Whether a project runs in this process: every one without TEST_LANE (`npx vitest run`), else its lane's. */
export const inThisLane = (project: { test?: { name?: unknown } }): boolean =>
  !process.env.TEST_LANE || laneOf(String(project.test?.name)) === process.env.TEST_LANE;
