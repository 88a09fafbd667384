/**
 * The leads queue on Cloudflare Queues: popup requests on their way to Drupal and the CRM
 * (leads/deliver.ts); and its dead-letter queue: those that outlived every retry, kept for
 * the editors (leads/undelivered.ts). Node's BullMQ consumer is platform/node/lead-consumer.ts.
 */
import { readConfig } from '../../config/config';
import { deliverLeads } from '../../leads/deliver';
import type { LeadMessage } from '../../seams/lead-message';
import { consumeDeadLetters, noteFailure } from '../../leads/undelivered';
import { workersPlatform } from './platform';

/** wrangler.toml names each environment's dead-letter queue so: `clinic-leads-dead`, `clinic-leads-staging-dead`, … */
const isDeadLetterQueue = (name: string) => name.endsWith('-dead');

export async function consumeLeads(batch: MessageBatch<LeadMessage>, env: object, ctx: ExecutionContext): Promise<void> {
  const result = readConfig(workersPlatform.bindings(env));
  if (!result.ok) {
    console.error('Доставка заявок: конфигурация неверна', result.problems.map((p) => p.setting).join(', '));
    batch.retryAll({ delaySeconds: 60 });
    return;
  }
  const { config } = result;
  if (isDeadLetterQueue(batch.queue)) return consumeDeadLetters(batch, config);
  // Each failed attempt is noted for the dead-letter consumer, which Cloudflare tells neither count nor cause.
  const messages = batch.messages.map((message) => ({
    body: message.body,
    attempts: message.attempts,
    ack: () => message.ack(),
    retry(options?: { delaySeconds?: number }, failure?: string) {
      message.retry(options);
      ctx.waitUntil(noteFailure(config.kv, message.body, message.attempts, failure));
    },
  }));
  await deliverLeads({ messages }, config, (promise) => ctx.waitUntil(promise));
}
