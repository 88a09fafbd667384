import { app } from './app';
import type { Bindings } from './config/bindings';
import { readConfig } from './config/config';
import { deliverLeads } from './leads/deliver';
import type { LeadMessage } from './leads/lead';

export default {
  fetch: app.fetch,
  /** The leads queue: popup requests on their way to Drupal and the CRM. */
  async queue(batch: MessageBatch<LeadMessage>, env: Bindings, ctx: ExecutionContext): Promise<void> {
    const result = readConfig(env);
    if (!result.ok) {
      console.error('Доставка заявок: конфигурация неверна', result.problems.map((p) => p.setting).join(', '));
      batch.retryAll({ delaySeconds: 60 });
      return;
    }
    await deliverLeads(batch, result.config, (promise) => ctx.waitUntil(promise));
  },
} satisfies ExportedHandler<Bindings, LeadMessage>;
