import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startNodeSite, startSite, startValkey, type WorkerServer } from '../../scripts/servers';
import { TEST_SECRETS } from '../setup/secrets';
import { installRealDrupal, type RealDrupalAddress } from './drupal';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real Drupal this project installed and serves, for `connectRealDrupal`. */
    realDrupal: RealDrupalAddress;
    /** The site on each target, both reading that Drupal. */
    realSites: { workers: string; node: string };
    /** Where each site's output (what a developer sees in the terminal) is written as it comes. */
    realSiteLogs: { workers: string; node: string };
    /** The CRM stand-in both sites post leads to; GET it for what it received. */
    realCrmUrl: string;
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
 * A fresh real Drupal (10.2 with the `next` module) provisioned as the clinic's by
 * provision.php, and the site on both targets reading it: wrangler dev (workerd)
 * and the built Node server on its own Valkey. The `next` module knows both sites.
 */
export default async function setup(project: TestProject) {
  const drupalPort = await freePort();
  const workersPort = await freePort();
  const nodePort = await freePort();
  const dest = mkdtempSync(join(tmpdir(), 'clinic-real-drupal-'));
  const workersUrl = `http://127.0.0.1:${workersPort}`;
  const nodeUrl = `http://127.0.0.1:${nodePort}`;
  const drupal = await installRealDrupal({
    stack: '10.2',
    dest,
    port: drupalPort,
    nextSites: { workers: workersUrl, node: nodeUrl },
    purgeSecret: TEST_SECRETS.PURGE_SECRET,
    apiUser: TEST_SECRETS.DRUPAL_API_USER,
    apiPassword: TEST_SECRETS.DRUPAL_API_PASSWORD,
  });
  const stops: (() => Promise<void>)[] = [() => drupal.stop()];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dest, { recursive: true, force: true });
  };
  try {
    const crm = await startCrm(await freePort());
    stops.push(crm.stop);
    // PHP's built-in server is slow on two busy cores: a call counts as failed only after 15 s.
    const vars = (url: string): Record<string, string> => ({
      DRUPAL_BASE_URL: drupal.url,
      SITE_URL: url,
      ...TEST_SECRETS,
      CRM_WEBHOOK_URL: crm.url,
      ORIGIN_TIMEOUT_MS: '15000',
      LEAD_RETRY_SECONDS: '1',
    });
    // At `npm start`'s log level: request-log.test.ts reads the lines a developer sees.
    const workers: WorkerServer = await startSite({ port: workersPort, vars: vars(workersUrl), developerLog: true });
    stops.push(() => workers.stop());
    const valkey = await startValkey({ port: await freePort() });
    stops.push(() => valkey.stop());
    const node = await startNodeSite({ port: nodePort, valkeyUrl: valkey.url, vars: vars(nodeUrl) });
    // Stopped before Valkey (stops run in reverse): it must not lose Valkey while it still drains its queue.
    stops.push(() => node.stop());
    project.provide('realDrupal', drupal.address);
    project.provide('realDrupalUrl', drupal.url);
    project.provide('realSites', { workers: workers.url, node: node.url });
    project.provide('realCrmUrl', crm.url);
    project.provide('realSiteLogs', { workers: logTo(workers, join(dest, 'workers.log')), node: logTo(node, join(dest, 'node.log')) });
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
