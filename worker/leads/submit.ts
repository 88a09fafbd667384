import { z } from 'zod';
import type { DrupalClient } from '../drupal/client';
import { OriginError } from '../drupal/origin';
import { drupalBody, type Lead } from './lead';

/** What Drupal made of a submission. Drupal not answering is an OriginError instead: the lead then waits on the queue. */
export type SubmitOutcome =
  | { kind: 'accepted'; sid: string }
  /** Drupal's own validation, by our field keys. */
  | { kind: 'invalid'; errors: Record<string, string> }
  /** Drupal will never take it as it is (the form closed, unknown to it): the clinic still gets the lead through the CRM. */
  | { kind: 'refused'; reason: string };

const Accepted = z.object({ sid: z.union([z.string().min(1), z.number()]) }).passthrough();
const FieldErrors = z.object({ error: z.record(z.string(), z.unknown()) }).passthrough();
const Uploaded = z.object({ fid: z.union([z.array(z.object({ value: z.union([z.number(), z.string()]) }).passthrough()).min(1), z.number(), z.string()]) }).passthrough();

/** Form API error names are `parent][child` for nested elements; the field is the last part. */
const fieldOf = (name: string) => name.split('][').pop() ?? name;

export function readSubmitAnswer(status: number, body: unknown): SubmitOutcome | undefined {
  const accepted = Accepted.safeParse(body);
  if (status === 200 && accepted.success) return { kind: 'accepted', sid: String(accepted.data.sid) };
  // 4.x answers 400 with the error map; older releases 200.
  const failed = FieldErrors.safeParse(body);
  if ((status === 400 || status === 200) && failed.success) {
    const entries = Object.entries(failed.data.error);
    const message = failed.data.error.message;
    if (entries.length === 1 && typeof message === 'string') return { kind: 'refused', reason: message.slice(0, 200) };
    const errors: Record<string, string> = {};
    for (const [name, text] of entries) if (typeof text === 'string') errors[fieldOf(name)] = text.replace(/<[^>]*>/g, '').trim();
    return { kind: 'invalid', errors };
  }
  return undefined;
}

/**
 * Submits a lead to webform_rest, its files first (webform_rest's upload resource
 * gives each a file id). Throws OriginError when Drupal is unreachable, failing
 * or refusing our credentials: the caller keeps the lead on the queue.
 */
export async function submitLead(drupal: DrupalClient, lead: Lead, files: { key: string; name: string; bytes: ArrayBuffer }[] = []): Promise<SubmitOutcome> {
  const fileIds: Record<string, string> = {};
  for (const file of files) {
    const uploaded = await drupal.uploadWebformFile(lead.webformId, file.key, file);
    const parsed = Uploaded.safeParse(uploaded.body);
    if ((uploaded.status === 200 || uploaded.status === 201) && parsed.success) {
      const fid = parsed.data.fid;
      fileIds[file.key] = String(Array.isArray(fid) ? fid[0]!.value : fid);
    } else if (uploaded.status === 400 || uploaded.status === 422) {
      const answer = readSubmitAnswer(400, uploaded.body);
      if (answer?.kind === 'invalid') return answer;
      return { kind: 'invalid', errors: { [file.key]: 'Этот файл не удалось принять. Попробуйте другой формат.' } };
    }
    // A Drupal without the upload resource: the lead goes without the file, and the CRM names it.
  }
  const response = await drupal.submitWebform(drupalBody(lead, fileIds));
  const outcome = readSubmitAnswer(response.status, response.body);
  if (outcome) return outcome;
  throw new OriginError(`webform ${lead.webformId}: Drupal ответил ${response.status}`, response.status, { unhealthy: response.status >= 500 });
}
