import { POPUP_TITLES, isPopupForm } from '../../common/popups';
import type { Config } from '../config/config';
import { drupalClientFor } from '../drupal/from-config';
import { OriginError } from '../drupal/origin';
import { crmPayload, type Lead, type LeadMessage } from './lead';
import { submitLead } from './submit';

/** Retries wait LEAD_RETRY_SECONDS, then twice as long each time, never more than an hour. */
const MAX_DELAY_SECONDS = 3600;
export const retryDelay = (attempts: number, baseSeconds: number) => Math.min(MAX_DELAY_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));

/** Said in logs instead of the lead: which form, never who. */
const describe = (lead: Lead) => `заявка ${lead.form} ${lead.id}`;

async function postToCrm(config: Config, lead: Lead, sid?: string): Promise<void> {
  if (!config.crm) {
    // Nothing to deliver to: said loudly, once, rather than retried forever.
    console.error(`CRM не настроен (CRM_WEBHOOK_URL): ${describe(lead)} передана только в Drupal${sid ? ` (sid ${sid})` : ''}`);
    return;
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Idempotency-Key': lead.id };
  if (config.crm.token) headers.Authorization = `Bearer ${config.crm.token}`;
  const title = isPopupForm(lead.form) ? POPUP_TITLES[lead.form] : lead.form;
  let response: Response;
  try {
    response = await fetch(config.crm.url, { method: 'POST', headers, body: JSON.stringify(crmPayload(lead, title)), signal: AbortSignal.timeout(config.origin.timeoutMs) });
  } catch (error) {
    throw new Error(`CRM недоступна (${error instanceof Error ? error.name : 'ошибка'})`);
  }
  await response.body?.cancel();
  if (!response.ok) throw new Error(`CRM ответила ${response.status}`);
}

/** One message: a lead still owed to Drupal is submitted, then announced to the CRM; a CRM message is posted. */
async function deliver(message: LeadMessage, config: Config, queue: Queue, waitUntil: (p: Promise<unknown>) => void): Promise<void> {
  if (message.kind === 'crm') return postToCrm(config, message.lead, message.sid);
  const drupal = drupalClientFor(config, { waitUntil });
  const outcome = await submitLead(drupal, message.lead);
  if (outcome.kind !== 'accepted') {
    // The visitor was told it was received: the clinic gets it through the CRM even though Drupal will not take it.
    const why = outcome.kind === 'invalid' ? `поля ${Object.keys(outcome.errors).join(', ')}` : outcome.reason;
    console.error(`Drupal не принял отложенную ${describe(message.lead)}: ${why}; передаём в CRM`);
  }
  await queue.send({ kind: 'crm', lead: message.lead, sid: outcome.kind === 'accepted' ? outcome.sid : undefined } satisfies LeadMessage, { contentType: 'json' });
}

/**
 * The leads queue's consumer: each message is delivered, or retried with a
 * growing delay; after the queue's last retry it moves to the dead-letter queue
 * (wrangler.toml). A message is acknowledged, and so deleted, once delivered.
 */
export async function deliverLeads(batch: MessageBatch<LeadMessage>, config: Config, waitUntil: (p: Promise<unknown>) => void): Promise<void> {
  const queue = config.leads.queue;
  for (const message of batch.messages) {
    try {
      if (!queue) throw new Error('очередь заявок не подключена');
      await deliver(message.body, config, queue, waitUntil);
      message.ack();
    } catch (error) {
      const delaySeconds = retryDelay(message.attempts, config.leads.retrySeconds);
      const reason = error instanceof OriginError || error instanceof Error ? error.message : 'ошибка';
      console.warn(`Доставка: ${describe(message.body.lead)} (${message.body.kind}), попытка ${message.attempts}: ${reason}; повтор через ${delaySeconds} с`);
      message.retry({ delaySeconds });
    }
  }
}
