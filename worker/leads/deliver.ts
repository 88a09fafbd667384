import type { Config } from '../config/config';
import { drupalClientFor } from '../drupal/from-config';
import { DeliveryFailure, describeLead, failureOf, postToCrm, refusalOf } from './crm';
import type { LeadBatch, LeadQueue } from '../seams/seams';
import type { LeadMessage } from '../seams/lead-message';
import { submitLead } from './submit';

/** Retries wait LEAD_RETRY_SECONDS, then twice as long each time, never more than an hour. */
const MAX_DELAY_SECONDS = 3600;
export const retryDelay = (attempts: number, baseSeconds: number) =>
  Math.min(MAX_DELAY_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));

/**
 * One message: a lead still owed to Drupal is submitted, then announced to the CRM;
 * a CRM message is posted. A refusal (the form closed, an element Drupal requires
 * that the popup never showed) sends the lead to the CRM at once and leaves it
 * owed to Drupal, marked so that the CRM is not told a second time.
 */
async function deliver(
  message: LeadMessage,
  config: Config,
  queue: LeadQueue,
  waitUntil: (p: Promise<unknown>) => void,
  delaySeconds: number,
): Promise<void> {
  if (message.kind === 'crm') return postToCrm(config, message.lead, { sid: message.sid, files: message.files });
  const { lead } = message;
  const drupal = drupalClientFor(config, { waitUntil });
  const outcome = await submitLead(drupal, lead);
  if (outcome.kind === 'accepted') {
    if (!lead.crmSent) await queue.send({ kind: 'crm', lead, sid: outcome.sid } satisfies LeadMessage, { contentType: 'json' });
    return;
  }
  const why = refusalOf(outcome);
  // The clinic has it already: Drupal is asked again later, until the queue gives up on it.
  if (lead.crmSent) throw new DeliveryFailure(`Drupal снова не принял: ${why}`);
  console.error(`${describeLead(lead)} из очереди: Drupal не принял (${why}); передаём в CRM, в Drupal повторим позже`);
  await queue.send({ kind: 'crm', lead } satisfies LeadMessage, { contentType: 'json' });
  await queue.send({ kind: 'drupal', lead: { ...lead, crmSent: true } } satisfies LeadMessage, { contentType: 'json', delaySeconds });
}

/**
 * The leads queue's consumer: each message is delivered, or retried with a
 * growing delay; after the queue's last retry it moves to the dead-letter queue
 * (wrangler.toml). A message is acknowledged, and so deleted, once delivered.
 */
export async function deliverLeads(batch: LeadBatch, config: Config, waitUntil: (p: Promise<unknown>) => void): Promise<void> {
  const queue = config.leads.queue;
  for (const message of batch.messages) {
    const delaySeconds = retryDelay(message.attempts, config.leads.retrySeconds);
    try {
      if (!queue) throw new DeliveryFailure('очередь заявок не подключена');
      await deliver(message.body, config, queue, waitUntil, delaySeconds);
      message.ack();
    } catch (error) {
      // The id, the form, the attempt and the outcome in our words: nothing of the lead (crm.ts failureOf).
      const failure = failureOf(error);
      console.warn(
        `Доставка: ${describeLead(message.body.lead)} (${message.body.kind}), попытка ${message.attempts}: ${failure}; повтор через ${delaySeconds} с`,
      );
      message.retry({ delaySeconds }, failure);
    }
  }
}
