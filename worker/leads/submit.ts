import { z } from 'zod';
import type { DrupalClient } from '../drupal/client';
import { OriginError } from '../cache/origin-error';
import { drupalBody } from './lead';
import type { Lead } from '../seams/lead-message';

/** What Drupal made of a submission. Drupal not answering is an OriginError instead: the lead then waits on the queue. */
export type SubmitOutcome =
  | { kind: 'accepted'; sid: string }
  /** Drupal's own validation, by Form API name (`key`, `fieldset][key`, `composite][part`). */
  | { kind: 'invalid'; errors: Record<string, string> }
  /** A refusal that names no field (the form closed, no permission, unknown to it): nothing the visitor can fix. */
  | { kind: 'refused'; reason: string };

/** A file the visitor sent, as the request holds it. */
export interface Upload {
  key: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

/** Where each file went: Drupal's fid, or left for the CRM (no upload resource, or Drupal failing at that moment). */
export type UploadOutcome =
  { kind: 'uploaded'; fileIds: Record<string, string>; carried: Upload[] } | { kind: 'invalid'; errors: Record<string, string> };

const Accepted = z.object({ sid: z.union([z.string().min(1), z.number()]) }).passthrough();
/** 4.x puts "Submitted Data contains validation errors." beside the map; a refusal has the map's `message` alone. */
const FieldErrors = z.object({ message: z.string().optional(), error: z.record(z.string(), z.unknown()) }).passthrough();
const Refusal = z.object({ message: z.string() }).passthrough();
const Uploaded = z
  .object({ fid: z.union([z.array(z.object({ value: z.union([z.number(), z.string()]) }).passthrough()).min(1), z.number(), z.string()]) })
  .passthrough();

const reasonOf = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .trim()
    .slice(0, 200);

export function readSubmitAnswer(status: number, body: unknown): SubmitOutcome | undefined {
  const accepted = Accepted.safeParse(body);
  if (status === 200 && accepted.success) return { kind: 'accepted', sid: String(accepted.data.sid) };
  // 4.x answers 400 with the error map; older releases 200.
  const failed = FieldErrors.safeParse(body);
  if ((status === 400 || status === 200) && failed.success) {
    const { message: summary, error } = failed.data;
    const entries = Object.entries(error);
    // `{"error":{"message":…}}` with no summary is a refusal; with it, `message` is a field of that name.
    if (status === 400 && summary === undefined && entries.length === 1 && typeof error.message === 'string')
      return { kind: 'refused', reason: reasonOf(error.message) };
    const errors: Record<string, string> = {};
    for (const [name, text] of entries) if (typeof text === 'string') errors[name] = reasonOf(text);
    if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
    return { kind: 'refused', reason: summary ? reasonOf(summary) : 'ошибка без полей' };
  }
  // Any other 4xx (no permission, webform_rest off, our credentials refused) is no field's fault either.
  if (status >= 400 && status < 500) {
    const refusal = Refusal.safeParse(body);
    return { kind: 'refused', reason: `HTTP ${status}${refusal.success ? `: ${reasonOf(refusal.data.message)}` : ''}` };
  }
  return undefined;
}

/**
 * Uploads each file through the upload resource of a patched webform_rest. A file
 * Drupal cannot take now (a stock webform_rest has no such resource; or Drupal is
 * failing) is carried to the CRM instead; a file Drupal finds wrong is the visitor's to change.
 */
export async function uploadFiles(drupal: DrupalClient, lead: Lead, files: readonly Upload[]): Promise<UploadOutcome> {
  const fileIds: Record<string, string> = {};
  const carried: Upload[] = [];
  for (const file of files) {
    let uploaded;
    try {
      uploaded = await drupal.uploadWebformFile(lead.webformId, file.key, file);
    } catch (error) {
      if (!(error instanceof OriginError)) throw error;
      console.warn(`Файл заявки ${lead.form} ${lead.id} не загружен в Drupal: ${error.message}; передаём его в CRM`);
      carried.push(file);
      continue;
    }
    const parsed = Uploaded.safeParse(uploaded?.body);
    if (uploaded && (uploaded.status === 200 || uploaded.status === 201) && parsed.success) {
      const fid = parsed.data.fid;
      fileIds[file.key] = String(Array.isArray(fid) ? fid[0]!.value : fid);
    } else if (uploaded && (uploaded.status === 400 || uploaded.status === 422)) {
      const answer = readSubmitAnswer(400, uploaded.body);
      if (answer?.kind === 'invalid') return answer;
      return { kind: 'invalid', errors: { [file.key]: 'Этот файл не удалось принять. Попробуйте другой формат.' } };
    } else carried.push(file);
  }
  return { kind: 'uploaded', fileIds, carried };
}

/** The line Drupal's submission gets for a file only the CRM has. */
export const carriedFileNote = (name: string, lost = false) =>
  lost
    ? `Файл «${name}» не сохранён (нет ни загрузки файлов в Drupal, ни CRM): попросите прислать его ещё раз`
    : `Файл «${name}» передан в CRM`;

/**
 * Submits a lead to webform_rest, with the fids of the files Drupal took; the others
 * are named in the form's first textarea. Throws OriginError when Drupal is
 * unreachable or failing: the caller keeps the lead on the queue.
 */
export async function submitLead(
  drupal: DrupalClient,
  lead: Lead,
  fileIds: Record<string, string> = lead.fileIds ?? {},
): Promise<SubmitOutcome> {
  const body = drupalBody(lead, fileIds);
  const notes = lead.files.filter((file) => !fileIds[file.key]).map((file) => carriedFileNote(file.name, lead.filesLost));
  if (notes.length > 0 && lead.noteKey) {
    const own = body[lead.noteKey];
    body[lead.noteKey] = [typeof own === 'string' ? own : '', ...notes].filter(Boolean).join('\n');
  }
  const response = await drupal.submitWebform(body, lead.referer);
  const outcome = readSubmitAnswer(response.status, response.body);
  if (outcome) return outcome;
  throw new OriginError(`webform ${lead.webformId}: Drupal ответил ${response.status}`, response.status, {
    unhealthy: response.status >= 500,
  });
}
