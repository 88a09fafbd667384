import { POPUP_TITLES, isPopupForm } from '../../common/popups';
import type { Config } from '../config/config';
import { OriginError } from '../cache/origin-error';
import { crmPayload } from './lead';
import type { CrmFile, Lead } from '../seams/lead-message';
import type { Upload } from './submit';

/** The CRM comment's first line for a lead whose trap field was filled (a robot, or a browser's autofill). */
export const SUSPECTED_SPAM = 'Возможно, спам: заполнено скрытое поле-ловушка';

/** Said in logs instead of the lead: which form, never who. */
export const describeLead = (lead: Lead) => `заявка ${lead.form} ${lead.id}`;

/** A delivery that failed, told in our own words (a status at most): its message may go to the logs. */
export class DeliveryFailure extends Error {
  override name = 'DeliveryFailure';
}

/**
 * Why a delivery failed, as a log line may say it: our own messages (OriginError's
 * and DeliveryFailure's name Drupal's or the CRM's status, never their text), and of
 * anything else only its kind, since a library's message could quote the lead.
 */
export function failureOf(error: unknown): string {
  if (error instanceof DeliveryFailure || error instanceof OriginError) return error.message;
  return `непредвиденная ошибка (${error instanceof Error ? error.name : typeof error})`;
}

/**
 * What Drupal refused, in our words: the names of the fields it objected to, never
 * its messages, which may quote what the visitor typed («Значение … недопустимо»).
 */
export const refusalOf = (outcome: { kind: 'invalid'; errors: Record<string, string> } | { kind: 'refused' }) =>
  outcome.kind === 'invalid' ? `ошибки в полях ${Object.keys(outcome.errors).join(', ')}` : 'отказ без указания полей';

/** A file for the CRM payload, its content as base64 (built in slices: a 5 MB file is too many arguments at once). */
export function crmFileOf(upload: Upload): CrmFile {
  const bytes = new Uint8Array(upload.bytes);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return { name: upload.name, type: upload.type || 'application/octet-stream', size: bytes.length, content_base64: btoa(binary) };
}

/**
 * Posts a lead to the CRM webhook: docs/requirements.md §4's payload, with the files Drupal could
 * not take under `files` and a suspected robot marked (`suspected_spam` and the
 * comment's first line). The lead's id is the idempotency key, so a retry after a
 * lost answer is no second lead. Throws when the CRM does not take it.
 */
export async function postToCrm(
  config: Config,
  lead: Lead,
  { sid, files = [] }: { sid?: string; files?: readonly CrmFile[] } = {},
): Promise<void> {
  if (!config.crm) {
    // Nothing to deliver to: said loudly, once, rather than retried forever.
    console.error(
      `CRM не настроен (CRM_WEBHOOK_URL): ${describeLead(lead)} передана только в Drupal${sid ? ` (sid ${sid})` : ''}${files.length ? `; файлов не передано: ${files.length}` : ''}`,
    );
    return;
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Idempotency-Key': lead.id };
  if (config.crm.token) headers.Authorization = `Bearer ${config.crm.token}`;
  const title = isPopupForm(lead.form) ? POPUP_TITLES[lead.form] : lead.form;
  const payload = crmPayload(lead, title);
  const body = {
    ...payload,
    ...(lead.suspectedSpam ? { comment: [SUSPECTED_SPAM, payload.comment].filter(Boolean).join('\n'), suspected_spam: true } : {}),
    ...(files.length > 0 ? { files } : {}),
  };
  let response: Response;
  try {
    response = await fetch(config.crm.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.origin.timeoutMs),
    });
  } catch (error) {
    throw new DeliveryFailure(`CRM недоступна (${error instanceof Error ? error.name : 'ошибка'})`);
  }
  await response.body?.cancel();
  if (!response.ok) throw new DeliveryFailure(`CRM ответила ${response.status}`);
}
