import { EMAIL_CONFIRM_PARTS, partKey, type FormField } from '../../common/forms/definition';
import type { Config } from '../config/config';
import type { DrupalClient } from '../drupal/client';
import { OriginError } from '../cache/origin-error';
import { crmFileOf, describeLead, failureOf, postToCrm, refusalOf } from './crm';
import type { Lead, LeadMessage } from '../seams/lead-message';
import { russianMessage } from './russian-message';
import { submitLead, uploadFiles, type Upload } from './submit';

/** What the visitor is answered. */
export type Acceptance =
  | { kind: 'accepted'; sid: string }
  /** Kept for Drupal (down, or refusing what no visitor can fix); the clinic gets it all the same. */
  | { kind: 'queued' }
  /** Messages by field key: 400 for what the visitor can fix, 503 for a file to send again in a few minutes. */
  | { kind: 'invalid'; status: 400 | 503; errors: Record<string, string> }
  /** Neither Drupal, the CRM nor the queue took it. */
  | { kind: 'lost' };

export interface AcceptContext {
  drupal: DrupalClient;
  config: Config;
  /** Puts a message on the leads queue; false when the queue does not take it. */
  keep: (message: LeadMessage) => Promise<boolean>;
  /** The keys of the fields the popup shows: Drupal's errors on any other key are no visitor's to fix. */
  shown: ReadonlySet<string>;
}

/**
 * The names the popup shows messages under: each visible field, and a
 * composite's or an e-mail confirmation's parts (`key][part`).
 */
export function shownKeysOf(fields: readonly FormField[]): Set<string> {
  const shown = new Set<string>();
  for (const field of fields) {
    if (field.kind === 'hidden' || field.kind === 'markup') continue;
    shown.add(field.key);
    const parts = field.kind === 'email_confirm' ? [...EMAIL_CONFIRM_PARTS] : (field.parts ?? []).map((part) => part.key);
    for (const part of parts) shown.add(partKey(field.key, part));
  }
  return shown;
}

/**
 * The shown name a Form API error name is about: its longest tail the popup
 * shows, so that a field inside fieldsets (`details][phone`) is `phone` and a
 * composite's part (`fio][first`) stays `fio][first`; undefined for what the
 * popup does not show.
 */
export function shownKeyOf(name: string, shown: ReadonlySet<string>): string | undefined {
  const segments = name.split('][');
  for (let from = 0; from < segments.length; from++) {
    const tail = segments.slice(from).join('][');
    if (shown.has(tail)) return tail;
  }
  return undefined;
}

/** A Cloudflare Queue message holds 128 KB; the lead and a small file's base64 must fit under it. */
const MAX_QUEUE_MESSAGE_BYTES = 120_000;

const sizeOf = (message: LeadMessage) => new TextEncoder().encode(JSON.stringify(message)).byteLength;

/**
 * The CRM gets the lead now, from this request, with the files Drupal could not
 * take; when it does not answer, the lead waits on the queue instead — with its
 * files only when they fit in a queue message ('too-large' otherwise: a file never
 * rests in KV, so the visitor is asked to send it again).
 */
async function toCrmNow(context: AcceptContext, lead: Lead, carried: readonly Upload[]): Promise<'sent' | 'queued' | 'too-large' | 'lost'> {
  const files = carried.map(crmFileOf);
  try {
    await postToCrm(context.config, lead, { files });
    return 'sent';
  } catch (error) {
    console.warn(`${describeLead(lead)}: CRM не приняла её сразу (${failureOf(error)}); пробуем через очередь`);
  }
  const message: LeadMessage = { kind: 'crm', lead, ...(files.length ? { files } : {}) };
  if (sizeOf(message) > MAX_QUEUE_MESSAGE_BYTES) return 'too-large';
  return (await context.keep(message)) ? 'queued' : 'lost';
}

const fileRetry = (carried: readonly Upload[], phone: string): Acceptance => ({
  kind: 'invalid',
  status: 503,
  errors: Object.fromEntries(
    carried.map((file) => [
      file.key,
      `Файл сейчас не получилось передать. Отправьте заявку ещё раз через несколько минут или позвоните нам: ${phone}`,
    ]),
  ),
});

/**
 * The lead's way after validation. Files go to Drupal where it has the upload
 * resource, else with the lead to the CRM before Drupal hears of it (so that
 * Drupal never records a lead the visitor is told failed). A refusal the visitor
 * cannot fix reaches the CRM at once and waits on the queue for Drupal.
 */
export async function acceptLead(context: AcceptContext, lead: Lead, uploads: readonly Upload[]): Promise<Acceptance> {
  const phone = context.config.site.phone;
  if (lead.suspectedSpam) {
    // Perhaps a person whose browser filled the trap: the clinic decides, Drupal never sees it.
    const crm = await toCrmNow(context, lead, uploads);
    if (crm === 'too-large') return fileRetry(uploads, phone);
    return crm === 'lost' ? { kind: 'lost' } : { kind: 'accepted', sid: lead.id };
  }

  const upload =
    uploads.length > 0 ? await uploadFiles(context.drupal, lead, uploads) : { kind: 'uploaded' as const, fileIds: {}, carried: [] };
  if (upload.kind === 'invalid') return { kind: 'invalid', status: 400, errors: upload.errors };
  if (Object.keys(upload.fileIds).length > 0) lead.fileIds = upload.fileIds;
  if (upload.carried.length > 0) {
    // Said in the submission itself, so that the clinic can ask for the file again.
    if (!context.config.crm) lead.filesLost = true;
    const crm = await toCrmNow(context, lead, upload.carried);
    if (crm === 'too-large') return fileRetry(upload.carried, phone);
    if (crm === 'lost') return { kind: 'lost' };
    lead.crmSent = true;
  }

  let reason: string;
  try {
    const outcome = await submitLead(context.drupal, lead);
    if (outcome.kind === 'accepted') {
      // The CRM hears of it from the queue, with retries; the visitor does not wait for it.
      if (!lead.crmSent && !(await context.keep({ kind: 'crm', lead, sid: outcome.sid })))
        console.error(`${describeLead(lead)} принята Drupal (sid ${outcome.sid}), но не поставлена в очередь CRM`);
      return { kind: 'accepted', sid: outcome.sid };
    }
    if (outcome.kind === 'invalid') {
      const carried = new Set(upload.carried.map((file) => file.key));
      const fixable = Object.entries(outcome.errors).flatMap(([name, message]) => {
        const key = shownKeyOf(name, context.shown);
        return key !== undefined && !carried.has(key) ? [[key, russianMessage(message)] as const] : [];
      });
      if (fixable.length > 0) return { kind: 'invalid', status: 400, errors: Object.fromEntries(fixable) };
    }
    reason = refusalOf(outcome);
  } catch (error) {
    if (!(error instanceof OriginError)) throw error;
    // Drupal is not there: the request waits on the queue and reaches Drupal, then the CRM, when it is back.
    console.warn(`Drupal недоступен при отправке: ${describeLead(lead)}: ${failureOf(error)}; заявка в очереди`);
    if (await context.keep({ kind: 'drupal', lead })) return { kind: 'queued' };
    return lead.crmSent ? { kind: 'queued' } : { kind: 'lost' };
  }

  // Nothing the visitor can fix: the clinic gets it now, and Drupal later (when the form reopens, say).
  console.error(`Drupal отказал: ${describeLead(lead)}: ${reason}; передаём в CRM, в Drupal повторим позже`);
  if (!lead.crmSent) {
    const crm = await toCrmNow(context, lead, []);
    if (crm === 'lost' || crm === 'too-large')
      return (await context.keep({ kind: 'drupal', lead })) ? { kind: 'queued' } : { kind: 'lost' };
    lead.crmSent = true;
  }
  if (!(await context.keep({ kind: 'drupal', lead })))
    console.error(`${describeLead(lead)} передана в CRM, но не поставлена в очередь Drupal`);
  return { kind: 'queued' };
}
