/**
 * The leads queue's consumer on Node: each BullMQ job is one message handed to the
 * same delivery code as on Workers (leads/deliver.ts). A message it retries becomes a
 * failed attempt whose delay is the one deliver.ts chose; BullMQ's lock gives each job
 * to one process at a time, so several processes deliver a lead once.
 */
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { readConfig } from '../../config/config';
import type { Bindings } from '../../config/bindings';
import { describeLead } from '../../leads/crm';
import { deliverLeads } from '../../leads/deliver';
import type { LeadMessage } from '../../seams/lead-message';
import { keepUndelivered, UndeliveredUnavailable } from '../../leads/undelivered';
import { LEADS_QUEUE } from './lead-queue';

/** A delivery to try again after `delayMs`, as deliver.ts asked; its message (the job's failedReason) is the failure in our words. */
class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    failure?: string,
  ) {
    super(failure || 'доставка не удалась, повтор по расписанию');
  }
}

/**
 * A job past its last attempt is kept in the undelivered leads' store (leads/undelivered.ts)
 * and only then removed from BullMQ's failed set; a job that cannot be kept stays there,
 * and the log says why, loudly. Keyed by the job's id, so a job kept twice (the failed
 * event and a start-up sweep of another process) is one record.
 */
async function keepDeadLetter(job: Job<LeadMessage>, bindings: Bindings): Promise<void> {
  const result = readConfig(bindings);
  try {
    if (!result.ok) throw new UndeliveredUnavailable('конфигурация неверна');
    await keepUndelivered(result.config, {
      id: String(job.id),
      message: job.data,
      attempts: job.attemptsMade,
      lastError: job.failedReason,
    });
    await job.remove();
  } catch (error) {
    const why =
      error instanceof UndeliveredUnavailable
        ? error.message
        : `хранилище не ответило (${error instanceof Error ? error.message : 'ошибка'})`;
    console.error(
      `НЕДОСТАВЛЕННАЯ ЗАЯВКА НЕ СОХРАНЕНА: ${describeLead(job.data.lead)} (${job.data.kind}) после ${job.attemptsMade} попыток: ${why}. ` +
        'Она остаётся в очереди BullMQ среди неудавшихся (failed) и будет перенесена при следующем запуске; исправьте настройку.',
    );
  }
}

const isDead = (job: Job<LeadMessage>) => job.attemptsMade >= (job.opts.attempts ?? 1);

/** Dead letters left in BullMQ's failed set (a key that was missing, a process that died before keeping one): kept now. */
export async function sweepDeadLetters(connection: Redis, options: { prefix: string; bindings: Bindings }): Promise<void> {
  const queue = new Queue<LeadMessage>(LEADS_QUEUE, { connection, prefix: options.prefix });
  try {
    for (let start = 0; ; start += 100) {
      const jobs = await queue.getFailed(start, start + 99);
      if (jobs.length === 0) break;
      for (const job of jobs) if (isDead(job)) await keepDeadLetter(job, options.bindings);
      if (jobs.length < 100) break;
    }
  } finally {
    await queue.close();
  }
}

export function leadConsumer(
  connection: Redis,
  options: { prefix: string; bindings: Bindings; waitUntil: (promise: Promise<unknown>) => void; concurrency?: number },
): Worker<LeadMessage> {
  const worker = new Worker<LeadMessage>(
    LEADS_QUEUE,
    async (job) => {
      const result = readConfig(options.bindings);
      if (!result.ok) throw new RetryLater(60_000);
      let retryIn: number | undefined;
      let failure: string | undefined;
      const message = {
        body: job.data,
        attempts: job.attemptsMade + 1,
        ack: () => undefined,
        retry: (retry?: { delaySeconds?: number }, why?: string) => {
          retryIn = (retry?.delaySeconds ?? result.config.leads.retrySeconds) * 1000;
          failure = why;
        },
      };
      await deliverLeads({ messages: [message] }, result.config, options.waitUntil);
      if (retryIn !== undefined) throw new RetryLater(retryIn, failure);
    },
    {
      connection,
      prefix: options.prefix,
      concurrency: options.concurrency ?? 10,
      settings: { backoffStrategy: (_attempts, _type, error) => (error instanceof RetryLater ? error.delayMs : 10_000) },
    },
  );
  worker.on('error', () => undefined);
  worker.on('failed', (job) => {
    if (job && isDead(job)) options.waitUntil(keepDeadLetter(job, options.bindings));
  });
  return worker;
}
