import { CONSENT, type FormDefinition } from '../../common/forms/definition';
import type { FieldValue } from '../../common/forms/validate';
import { webformOf, type PopupForm } from '../../common/popups';
import type { Config } from '../config/config';
import { leadFieldOf } from './lead-field';
import type { Lead, LeadMessage } from '../seams/lead-message';

/** The lead as Drupal and the CRM will get it: only the form's own fields, phone numbers in one shape, hidden values from the form. */
export function popupLeadOf(
  form: PopupForm,
  definition: FormDefinition,
  values: Record<string, FieldValue>,
  files: Record<string, File>,
  referer: string | undefined,
): Lead {
  const fields: Lead['fields'] = [];
  for (const field of definition.fields) {
    const filled = leadFieldOf(field, values[field.key]);
    if (filled) fields.push(filled);
  }
  // The page the popup lay over: its hidden fields when the form has them, else the browser's Referer.
  const hidden = (key: string) => fields.find((f) => f.key === key && typeof f.value === 'string')?.value as string | undefined;
  const pageUrl = hidden('send_page_url') || referer;
  const pageTitle = hidden('send_page_title');
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    form,
    webformId: webformOf(form),
    fields,
    files: Object.entries(files).map(([key, file]) => ({ key, name: file.name.slice(0, 200), size: file.size })),
    page: { url: pageUrl, title: pageTitle },
    consent: { version: CONSENT.version, at: now, page: pageUrl },
    receivedAt: now,
  };
}

/** Keeps the lead for later delivery; false only when even the queue cannot take it. */
export async function keepLead(config: Config, message: LeadMessage): Promise<boolean> {
  const queue = config.leads.queue;
  if (!queue) {
    console.error(`Очередь заявок не подключена (LEADS): заявка ${message.lead.form} ${message.lead.id} не сохранена`);
    return false;
  }
  try {
    await queue.send(message, { contentType: 'json' });
    return true;
  } catch (error) {
    console.error(
      `Очередь заявок не приняла заявку ${message.lead.form} ${message.lead.id}`,
      error instanceof Error ? error.message : error,
    );
    return false;
  }
}
