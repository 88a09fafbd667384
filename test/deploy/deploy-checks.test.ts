import { describe, expect, it } from 'vitest';
import { checkDeploy, checkStartup, DEPLOY_BUDGET, deployEnvironments } from '../../scripts/deploy-check';

/**
 * Before a deploy: what each environment would deploy builds without a warning and
 * under its size budget, and the worker starts. Its start-up time is a speed:
 * `npm run bench` prints it against DEPLOY_BUDGET.startupMs.
 */
describe('checks before a deploy', () => {
  const environments = deployEnvironments();

  it('knows staging and production from wrangler.toml', () => {
    expect(environments).toEqual(expect.arrayContaining(['staging', 'production']));
  });

  it.each(environments)('%s: wrangler deploy --dry-run builds with no warning, under the bundle budget', async (env) => {
    const check = await checkDeploy(env);
    expect(check.exitCode, check.output).toBe(0);
    expect(check.warnings).toEqual([]);
    // The booking times' holds (docs/booking.md, "Never two patients in one slot"): wrangler does not inherit
    // durable_objects into an environment, which must bind the class itself.
    expect(check.output, 'SLOT_HOLDS bound to the SlotHold Durable Object').toMatch(/env\.SLOT_HOLDS \(SlotHold\)\s+Durable Object/);
    expect(check.workerGzipBytes, 'wrangler reports the gzipped upload').toBeDefined();
    expect(check.workerGzipBytes!).toBeLessThanOrEqual(DEPLOY_BUDGET.workerGzipBytes);
  });

  it('the worker starts under wrangler check startup, which reports its start-up time', async () => {
    const check = await checkStartup();
    expect(check.exitCode, check.output).toBe(0);
    expect(check.activeMs, check.output).toBeGreaterThan(0);
  });
});
