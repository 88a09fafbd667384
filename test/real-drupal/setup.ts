import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, reservePort, startNodeSite, startSite, startValkey, type WorkerServer } from '../../scripts/servers';
import { TEST_SECRETS } from '../setup/secrets';
import { installRealDrupal, type RealDrupal, type RealDrupalAddress } from './drupal';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real Drupal this project installed and serves (10.2 with the next module), for `connectRealDrupal`. */
    realDrupal: RealDrupalAddress;
    /** The site on each target, both reading that Drupal. */
    realSites: { workers: string; node: string };
    /** Where each site's output (what a developer sees in the terminal) is written as it comes. */
    realSiteLogs: { workers: string; node: string };
    /** The CRM stand-in both sites post leads to; GET it for what it received. */
    realCrmUrl: string;
    /** The second stack: a real Drupal 10.3 (no next module) provisioned the same way, for `connectRealDrupal`. */
    realDrupal103: RealDrupalAddress;
    /** The site on each target reading the 10.3 Drupal, with the default settings (DRUPAL_MODULES unset). */
    realSites103: { workers: string; node: string };
  }
}

/**
 * A CRM that takes every lead (the clinic's is a webhook: spec's payload, JSON, a bearer token) and
 * answers GET with what it took, so that a file Drupal could not take is seen arriving here.
 */
async function startCrm(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const received: unknown[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${port}/crm`, stop: () => new Promise((done) => server.close(() => done())) };
}

/** Appends a server's output to a file, for tests (they run in other processes than this setup). */
function logTo(server: WorkerServer, file: string) {
  const out = createWriteStream(file);
  server.process.stdout?.on('data', (chunk: Buffer) => out.write(chunk));
  server.process.stderr?.on('data', (chunk: Buffer) => out.write(chunk));
  return file;
}

/**
 * Two fresh real Drupals provisioned as the clinic's by provision.php, installed side by side (PHP's install is
 * mostly waiting on SQLite and the disk): 10.2 with the `next` module, which knows the first pair of sites, and 10.3
 * without it. Each has the site on both targets reading it: wrangler dev (workerd) and the built Node server, the
 * two Node sites on one Valkey under prefixes of their own. Set-up time is printed (REAL_DRUPAL_TIMING=1 to see it).
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  // The sites' ports are named to the 10.2 Drupal at its install, a minute before the sites start, and each Drupal's
  // own port is served only after its install: all held till then, as other lanes start servers and connections meanwhile.
  const [drupalPort, drupal103Port, workersPort, nodePort, workers103Port, node103Port] = await Promise.all([
    reservePort(),
    reservePort(),
    reservePort(),
    reservePort(),
    reservePort(),
    reservePort(),
  ]);
  const dest = mkdtempSync(join(tmpdir(), 'clinic-real-drupal-'));
  const dest103 = mkdtempSync(join(tmpdir(), 'clinic-real-drupal-103-'));
  const siteUrl = (port: number) => `http://127.0.0.1:${port}`;
  const accounts = {
    purgeSecret: TEST_SECRETS.PURGE_SECRET,
    apiUser: TEST_SECRETS.DRUPAL_API_USER,
    apiPassword: TEST_SECRETS.DRUPAL_API_PASSWORD,
  };
  const installs = await Promise.allSettled([
    installRealDrupal({
      stack: '10.2',
      dest,
      port: drupalPort,
      nextSites: { workers: siteUrl(workersPort), node: siteUrl(nodePort) },
      ...accounts,
    }),
    installRealDrupal({ stack: '10.3', dest: dest103, port: drupal103Port, nextSites: {}, ...accounts }),
  ]);
  const stops: (() => Promise<void>)[] = installs.flatMap((result) => (result.status === 'fulfilled' ? [() => result.value.stop()] : []));
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dest, { recursive: true, force: true });
    rmSync(dest103, { recursive: true, force: true });
  };
  const failed = installs.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const [drupal, drupal103] = installs.map((result) => (result as PromiseFulfilledResult<RealDrupal>).value) as [RealDrupal, RealDrupal];
  const installed = Date.now();
  try {
    const crm = await startCrm(await freePort());
    stops.push(crm.stop);
    // PHP's built-in server is slow on two busy cores: a call counts as failed only after 15 s.
    const vars = (drupalUrl: string, url: string): Record<string, string> => ({
      DRUPAL_BASE_URL: drupalUrl,
      SITE_URL: url,
      ...TEST_SECRETS,
      CRM_WEBHOOK_URL: crm.url,
      ORIGIN_TIMEOUT_MS: '15000',
      LEAD_RETRY_SECONDS: '1',
      // provision-stock.php's custom block, by its description, as a site builder places one without the clinic's modules.
      DRUPAL_BLOCKS: 'sidebar=Почему выбирают нас',
    });
    // At `npm start`'s log level: request-log.test.ts reads the lines a developer sees.
    const [workers, workers103] = await Promise.all([
      startSite({ port: workersPort, vars: vars(drupal.url, siteUrl(workersPort)), developerLog: true }),
      startSite({ port: workers103Port, vars: vars(drupal103.url, siteUrl(workers103Port)) }),
    ]);
    stops.push(
      () => workers.stop(),
      () => workers103.stop(),
    );
    const valkey = await startValkey({ port: await freePort() });
    stops.push(() => valkey.stop());
    const [node, node103] = await Promise.all([
      startNodeSite({ port: nodePort, valkeyUrl: valkey.url, vars: vars(drupal.url, siteUrl(nodePort)) }),
      startNodeSite({ port: node103Port, valkeyUrl: valkey.url, keyPrefix: 'clinic103:', vars: vars(drupal103.url, siteUrl(node103Port)) }),
    ]);
    // Stopped before Valkey (stops run in reverse): they must not lose Valkey while they still drain their queues.
    stops.push(
      () => node.stop(),
      () => node103.stop(),
    );
    project.provide('realDrupal', drupal.address);
    project.provide('realDrupalUrl', drupal.url);
    project.provide('realSites', { workers: workers.url, node: node.url });
    project.provide('realCrmUrl', crm.url);
    project.provide('realSiteLogs', { workers: logTo(workers, join(dest, 'workers.log')), node: logTo(node, join(dest, 'node.log')) });
    project.provide('realDrupal103', drupal103.address);
    project.provide('realSites103', { workers: workers103.url, node: node103.url });
    if (process.env.REAL_DRUPAL_TIMING) {
      console.log(
        `real-drupal: both Drupals installed in ${((installed - started) / 1000).toFixed(0)} s, sites up after ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
