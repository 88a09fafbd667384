/**
 * The leads queue's consumer on Node: each BullMQ job is one message handed to the
 * same delivery code as on Workers (leads/deliver.ts). A message it retries becomes a
 * failed attempt whose delay is the one deliver.ts chose; BullMQ's lock gives each job
 * to one process at a time, so several processes deliver a lead once.
 */
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { readConfig } from '../../config/config';
import type { Bindings } from '../../config/bindings';
import { describeLead } from '../../leads/crm';
import { deliverLeads } from '../../leads/deliver';
import type { LeadMessage } from '../../leads/lead';
import { LEADS_QUEUE } from './lead-queue';

/** A delivery to try again after `delayMs`, as deliver.ts asked. */
class RetryLater extends Error {
  constructor(readonly delayMs: number) {
    super('доставка не удалась, повтор по расписанию');
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
      const message = {
        body: job.data,
        attempts: job.attemptsMade + 1,
        ack: () => undefined,
        retry: (retry?: { delaySeconds?: number }) => void (retryIn = (retry?.delaySeconds ?? result.config.leads.retrySeconds) * 1000),
      };
      await deliverLeads({ messages: [message] }, result.config, options.waitUntil);
      if (retryIn !== undefined) throw new RetryLater(retryIn);
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
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
      console.error(`Доставка: ${describeLead(job.data.lead)} (${job.data.kind}) не доставлена после ${job.attemptsMade} попыток; осталась в очереди недоставленных`);
    }
  });
  return worker;
}
