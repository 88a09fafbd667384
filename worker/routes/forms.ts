import { Hono, type Context } from 'hono';
import { MAX_FILE_BYTES, MAX_JSON_BYTES, type FormDefinition, type SubmitAnswer } from '../../common/forms/definition';
import { validateForm, type FieldValue } from '../../common/forms/validate';
import { POPUP_TITLES, isPopupForm, webformOf, type PopupForm } from '../../common/popups';
import type { AppEnv } from '../app-env';
import { clientIp } from './client-ip';
import { acceptLead, shownKeysOf } from '../leads/accept';
import { keepLead, popupLeadOf } from '../leads/popup-lead';
import { sitePage } from '../leads/referer';
import { trapFilled } from '../leads/trap';
import { MAX_VALUE_LENGTH } from '../leads/lead-field';
import { addMultipart, jsonValue, textsOf } from './form-values';

/**
 * The popup forms' API: the browser talks only to us; Drupal's
 * credentials and the CRM's token never leave the worker. Every bad input gets a
 * clean answer with a Russian message, never a 5xx.
 */
export const formRoutes = new Hono<AppEnv>();

/**
 * A multipart body: room for a file somewhat over the limit, so that its sender
 * hears «не больше 5 МБ» by its field (400) rather than a bare 413.
 */
const MAX_MULTIPART_BYTES = 2 * MAX_FILE_BYTES;

const answer = (c: Context<AppEnv>, body: SubmitAnswer | { error: string }, status: 200 | 202 | 400 | 403 | 404 | 413 | 429 | 503) =>
  c.json(body, status, { 'Cache-Control': 'no-store' });

const formError = (c: Context<AppEnv>, message: string, status: 400 | 403 | 413 | 429 | 503) =>
  answer(c, { errors: { _form: message } }, status);

async function definitionOf(c: Context<AppEnv>, form: PopupForm): Promise<FormDefinition | null> {
  const parsed = await c.var.drupal.webform(webformOf(form));
  if (!parsed) return null;
  return { id: form, title: POPUP_TITLES[form], fields: parsed.fields, submitLabel: parsed.submitLabel ?? 'Отправить' };
}

formRoutes.get('/api/forms/:id', async (c) => {
  const id = c.req.param('id');
  if (!isPopupForm(id)) return answer(c, { error: 'Такой формы нет' }, 404);
  try {
    const definition = await definitionOf(c, id);
    if (!definition) return answer(c, { error: 'Такой формы нет' }, 404);
    return c.json(definition, 200, { 'Cache-Control': 'public, max-age=300' });
  } catch (error) {
    console.warn(`Форма ${id}: определение не получено`, error instanceof Error ? error.message : error);
    return answer(c, { error: 'Форма сейчас недоступна' }, 503);
  }
});

/** The body, read no further than `max` bytes: a larger one is refused before it is all in memory. */
async function readCapped(request: Request, max: number): Promise<Uint8Array | 'too-large'> {
  const declared = Number(request.headers.get('Content-Length') ?? 'NaN');
  if (declared > max) return 'too-large';
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return 'too-large';
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

type Posted = { values: Record<string, FieldValue>; files: Record<string, File> };

/** JSON of strings, booleans, lists and composites' parts, or multipart with files; anything else is not a form. */
async function readPosted(request: Request, bytes: Uint8Array, multipart: boolean): Promise<Posted | undefined> {
  const values: Record<string, FieldValue> = {};
  const files: Record<string, File> = {};
  if (multipart) {
    let data: FormData;
    try {
      data = await new Response(bytes, { headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' } }).formData();
    } catch {
      return undefined;
    }
    for (const [key, value] of data) {
      if (typeof value === 'string') {
        if (!addMultipart(values, key, value)) return undefined;
      } else if (value.size > 0) {
        files[key] = value;
        values[key] = { name: value.name, size: value.size };
      }
    }
    return { values, files };
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  for (const [key, value] of Object.entries(body)) {
    const read = jsonValue(value);
    if (read === undefined) return undefined;
    values[key] = read;
  }
  return { values, files };
}

formRoutes.post('/api/forms/:id', async (c) => {
  const id = c.req.param('id');
  if (!isPopupForm(id)) return answer(c, { error: 'Такой формы нет' }, 404);
  const { config } = c.var;
  const phone = config.site.phone;

  // Another site's page must not post our visitors' forms.
  const origin = c.req.header('Origin');
  if (origin && origin !== new URL(config.siteUrl).origin && origin !== new URL(c.req.url).origin) {
    return formError(c, 'Заявку можно отправить только с сайта клиники', 403);
  }

  const client = clientIp(c) ?? 'local';
  const limited = config.leads.limiter ? !(await config.leads.limiter.limit({ key: `forms:${client}` })).success : false;
  if (limited) {
    c.header('Retry-After', '60');
    return formError(c, `Слишком много заявок подряд. Попробуйте через минуту или позвоните нам: ${phone}`, 429);
  }

  const multipart = (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data');
  const bytes = await readCapped(c.req.raw, multipart ? MAX_MULTIPART_BYTES : MAX_JSON_BYTES);
  if (bytes === 'too-large') return formError(c, 'Заявка слишком большая. Файл — не больше 5 МБ.', 413);
  const posted = await readPosted(c.req.raw, bytes, multipart);
  if (!posted) return formError(c, 'Не удалось прочитать заявку. Обновите страницу и попробуйте ещё раз.', 400);
  const { values, files } = posted;

  let definition: FormDefinition | null;
  try {
    definition = await definitionOf(c, id);
  } catch {
    return formError(c, `Сейчас заявку не получается отправить. Позвоните нам: ${phone}`, 503);
  }
  if (!definition) return answer(c, { error: 'Такой формы нет' }, 404);

  for (const value of Object.values(values)) {
    if (textsOf(value).some((piece) => piece.length > MAX_VALUE_LENGTH))
      return formError(c, 'Слишком длинный текст: сократите, пожалуйста.', 400);
  }
  const errors = validateForm(definition, values);
  if (Object.keys(errors).length > 0) {
    // The popup checks the same rules before sending: an invalid body with the trap filled came from no popup, and is told what it wants to hear.
    if (trapFilled(values, definition.fields)) return answer(c, { sid: crypto.randomUUID() }, 200);
    return answer(c, { errors }, 400);
  }

  const lead = popupLeadOf(id, definition, values, files, c.req.header('Referer'));
  lead.referer = sitePage(lead.page.url, [new URL(config.siteUrl).origin, new URL(c.req.url).origin]);
  lead.noteKey = definition.fields.find((f) => f.kind === 'textarea')?.key;
  // Perhaps a robot, perhaps a browser's autofill: the clinic gets it marked, Drupal does not.
  if (trapFilled(values, definition.fields)) lead.suspectedSpam = true;
  const uploads = await Promise.all(
    Object.entries(files).map(async ([key, file]) => ({
      key,
      name: file.name.slice(0, 200),
      type: file.type,
      bytes: await file.arrayBuffer(),
    })),
  );
  const shown = shownKeysOf(definition.fields);
  const accepted = await acceptLead({ drupal: c.var.drupal, config, keep: (message) => keepLead(config, message), shown }, lead, uploads);
  switch (accepted.kind) {
    case 'accepted':
      return answer(c, { sid: accepted.sid }, 200);
    case 'queued':
      return answer(c, { queued: true }, 202);
    case 'invalid':
      if (accepted.status === 503) c.header('Retry-After', '300');
      return answer(c, { errors: accepted.errors }, accepted.status);
    case 'lost':
      return formError(c, `Не удалось отправить заявку. Позвоните нам: ${phone}`, 503);
  }
});
