/**
 * The leads queue on Valkey (BullMQ), with a spool on local disk for when Valkey is
 * away: a lead the queue cannot take at once is written to a file (fsynced, then
 * renamed into place), the visitor is told the clinic has it, and the file is queued
 * and deleted as soon as Valkey answers again. Personal data lives only here, in
 * Valkey on the clinic's server and in the request; a delivered lead is deleted.
 *
 * Retries follow Workers' schedule (leads/deliver.ts decides each delay); after the
 * last attempt a job lands in BullMQ's failed set, the dead letters, from which the
 * consumer moves it to the undelivered leads' store (lead-consumer.ts, leads/undelivered.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { LeadMessage } from '../../seams/lead-message';
import type { LeadQueue } from '../../seams/seams';

export const LEADS_QUEUE = 'leads';
const SEND_TIMEOUT_MS = 1_500;
const DRAIN_EVERY_MS = 1_000;
/** A file claimed by a process that died before queuing it is taken again after this. */
const CLAIM_EXPIRES_MS = 60_000;

export interface NodeLeadQueue extends LeadQueue {
  close(): Promise<void>;
}

export const jobOptions = (attempts: number, delaySeconds = 0): JobsOptions => ({
  attempts,
  backoff: { type: 'lead' },
  delay: delaySeconds * 1000,
  removeOnComplete: true,
  removeOnFail: false,
});

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`нет ответа за ${ms} мс`)), ms).unref())]);

export function nodeLeadQueue(connection: Redis, options: { prefix: string; spoolDir: string; attempts: number }): NodeLeadQueue {
  const queue = new Queue<LeadMessage>(LEADS_QUEUE, { connection, prefix: options.prefix, skipWaitingForReady: true });
  queue.on('error', () => undefined);
  mkdirSync(options.spoolDir, { recursive: true, mode: 0o700 });

  const add = (message: LeadMessage, delaySeconds: number | undefined, jobId?: string) =>
    withTimeout(queue.add(message.kind, message, { ...jobOptions(options.attempts, delaySeconds), jobId }), SEND_TIMEOUT_MS);

  async function spool(message: LeadMessage, delaySeconds: number | undefined, jobId: string): Promise<void> {
    const name = `${Date.now()}-${jobId}`;
    const temporary = join(options.spoolDir, `.${name}.tmp`);
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(JSON.stringify({ message, delaySeconds }));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, join(options.spoolDir, `${name}.json`));
  }

  let draining: Promise<void> | undefined;
  async function drainOnce(): Promise<void> {
    if (connection.status !== 'ready') return;
    const names = (await readdir(options.spoolDir)).filter((name) => name.endsWith('.json') || name.includes('.claimed-')).sort();
    for (const name of names) {
      const path = join(options.spoolDir, name);
      let claimed = path;
      if (name.endsWith('.json')) {
        // Several processes may share the spool: the rename decides which one queues the file.
        claimed = `${path}.claimed-${process.pid}`;
        if (
          !(await rename(path, claimed).then(
            () => true,
            () => false,
          ))
        )
          continue;
      } else {
        const since = await stat(path).then(
          (s) => s.mtimeMs,
          () => Date.now(),
        );
        if (Date.now() - since < CLAIM_EXPIRES_MS) continue;
      }
      const { message, delaySeconds } = JSON.parse(await readFile(claimed, 'utf8')) as { message: LeadMessage; delaySeconds?: number };
      try {
        // The job keeps the id it was sent with: a lead whose first add was only slow, or whose
        // file was queued by a process that died before the unlink, is still one job.
        await add(message, delaySeconds, name.replace(/\.json.*$/, '').replace(/^\d+-/, ''));
      } catch {
        await rename(claimed, path).catch(() => undefined);
        return;
      }
      await unlink(claimed);
      console.log(`Заявка ${message.lead.form} ${message.lead.id} перенесена с диска в очередь`);
    }
  }

  const timer = setInterval(
    () => void drainSpool().catch((error: unknown) => console.error('Очередь заявок: перенос с диска не удался', error)),
    DRAIN_EVERY_MS,
  );
  timer.unref();

  /** Moves spooled leads into the queue, one pass at a time; resolves when none is left or Valkey is still away. */
  function drainSpool(): Promise<void> {
    draining ??= drainOnce().finally(() => (draining = undefined));
    return draining;
  }

  return {
    async send(message, sendOptions = {}) {
      const jobId = randomUUID();
      try {
        if (connection.status !== 'ready') throw new Error('Valkey недоступен');
        await add(message, sendOptions.delaySeconds, jobId);
      } catch (error) {
        await spool(message, sendOptions.delaySeconds, jobId);
        console.warn(
          `Очередь заявок недоступна (${error instanceof Error ? error.message : 'ошибка'}): заявка ${message.lead.form} ${message.lead.id} сохранена на диске`,
        );
      }
    },
    async depth() {
      const counts = await withTimeout(queue.getJobCounts('waiting', 'delayed', 'prioritized', 'active'), SEND_TIMEOUT_MS);
      const spooled = (await readdir(options.spoolDir)).filter((name) => name.endsWith('.json') || name.includes('.claimed-')).length;
      // A lead on the disk spool waits too: it is queued as soon as Valkey answers again.
      return Object.values(counts).reduce((sum, n) => sum + n, 0) + spooled;
    },
    async close() {
      clearInterval(timer);
      await draining;
      await queue.close();
    },
  };
}
