/**
 * webform_rest (docs/drupal.md §3): `GET /webform_rest/{id}/fields` answers the initialised element
 * tree; `POST /webform_rest/submit` (application/json, anonymous or HTTP Basic) validates like the
 * webform module and answers {"sid": uuid} or the 400 error bodies. Accepted submissions are kept in
 * memory (GET /__demo/submissions): the form's own fields only, files as {name, size}, and the `uri`
 * webform takes from the Referer. The upload resource exists only while switched on (a patch no
 * release has); POST /__demo/webforms/{id} closes a form or makes elements required.
 */
import { Hono } from 'hono';
import { accountByName } from '../content/users';
import { PREDEFINED_OPTIONS, webformById, type ElementDef, type WebformDef } from '../content/webforms';
import type { AppEnv } from '../env';
import { badFormat, json, noRoute, phpError } from '../lib/http';
import { isJsonObject, type Json, type JsonObject } from '../lib/json';
import { demoState, type Submission } from '../lib/state';

// ---- Switches: the form as an editor changed it (POST /__demo/webforms/{id}) -------------------------

/** A signature pad: an element webform requires like any other, of a type no popup renders. */
const SIGNATURE: ElementDef = { type: 'webform_signature', title: 'Подпись', required: true };

/** webform's default closed message, as the Russian translation renders it. */
const CLOSED_MESSAGE = 'Извините… Эта форма закрыта для новых отправок.';

function withRequired(elements: Readonly<Record<string, ElementDef>>, required: ReadonlySet<string>): Record<string, ElementDef> {
  return Object.fromEntries(
    Object.entries(elements).map(([key, def]): [string, ElementDef] => [
      key,
      {
        ...def,
        ...(required.has(key) ? { required: true } : {}),
        ...(def.children ? { children: withRequired(def.children, required) } : {}),
      },
    ]),
  );
}

/** The form with its switches applied. */
function switched(form: WebformDef): WebformDef {
  const switches = demoState().webformSwitches.get(form.id);
  if (!switches) return form;
  const elements = withRequired(form.elements, new Set(switches.required ?? []));
  if (switches.signature) {
    // Before the actions, where an editor's new element lands.
    const { actions, ...rest } = elements;
    return { ...form, elements: { ...rest, podpis: SIGNATURE, ...(actions ? { actions } : {}) } };
  }
  return { ...form, elements };
}

export const webformRoutes = new Hono<AppEnv>();

// ---- Fields ------------------------------------------------------------------------------------------

function initialize(form: WebformDef, key: string, def: ElementDef, parents: readonly string[]): JsonObject {
  const out: JsonObject = { '#type': def.type };
  // Webform gives every element a #title, null when it has none (a markup's), and the same #admin_title.
  out['#title'] = def.title ?? null;
  if (def.required) out['#required'] = true;
  if (def.private) out['#private'] = true;
  if (def.access === false) out['#access'] = false;
  for (const [k, v] of Object.entries(def.props ?? {})) out[`#${k}`] = v;
  const children = Object.keys(def.children ?? {});
  // A composite keeps its parts here, not as children (docs/drupal.md, Corrections), each with its own type and title.
  if (def.composite) {
    out['#webform_composite_elements'] = Object.fromEntries(
      Object.entries(def.composite).map(([part, partDef]): [string, Json] => [
        part,
        {
          '#type': partDef.type,
          '#title': partDef.title ?? null,
          ...(partDef.required ? { '#required': true } : {}),
          ...(partDef.access === false ? { '#access': false } : {}),
          ...Object.fromEntries(Object.entries(partDef.props ?? {}).map(([k, v]) => [`#${k}`, v])),
          '#admin_title': partDef.title ?? null,
          '#webform_composite_id': `${form.id}--${key}--${part}`,
          '#webform_composite_key': `${key}__${part}`,
          '#webform_composite_parent_key': key,
        },
      ]),
    );
  }
  Object.assign(out, {
    '#webform': form.id,
    '#webform_id': `${form.id}--${key}`,
    '#webform_key': key,
    '#webform_parent_key': parents[parents.length - 1] ?? '',
    '#webform_parent_flexbox': false,
    '#webform_depth': parents.length,
    '#webform_children': children,
    '#webform_multiple': MULTIPLE_TYPES.has(def.type),
    '#webform_composite': def.composite !== undefined,
    '#webform_parents': [...parents, key],
    '#admin_title': def.title ?? null,
    '#webform_plugin_id': def.type,
  });
  for (const [childKey, child] of Object.entries(def.children ?? {})) {
    out[childKey] = initialize(form, childKey, child, [...parents, key]);
  }
  return out;
}

webformRoutes.get('/webform_rest/:id/fields', (c) => {
  const bad = badFormat(c);
  if (bad) return bad;
  const found = webformById(c.req.param('id'));
  if (!found) return json({ message: "Can't load webform." }, 404);
  const form = switched(found);
  const out: JsonObject = {};
  for (const [key, def] of Object.entries(form.elements)) out[key] = initialize(form, key, def, []);
  return json(out);
});

// ---- Submit ------------------------------------------------------------------------------------------

/** Elements that hold no value: every other one is validated, its #required enforced whether a client shows it or not. */
const NO_VALUE_TYPES = new Set(['webform_markup', 'processed_text', 'item', 'webform_actions', 'webform_horizontal_rule', 'label']);
const MULTIPLE_TYPES = new Set(['checkboxes', 'webform_checkboxes_other']);
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Core's default #maxlength of these element types (Email 254, Tel 128; webform's textfield 255). */
const DEFAULT_MAXLENGTH: Readonly<Record<string, number>> = { textfield: 255, email: 254, tel: 128 };
/** A file field's #max_filesize when the element gives none (MB). */
const DEFAULT_MAX_FILESIZE_MB = 2;
/** File names for a data URL that carries none, by MIME type. */
const MIME_EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
  'application/vnd.oasis.opendocument.text': 'odt',
};

function flatten(elements: Readonly<Record<string, ElementDef>>): Array<[string, ElementDef]> {
  return Object.entries(elements).flatMap(([k, d]): Array<[string, ElementDef]> =>
    d.children ? flatten(d.children) : NO_VALUE_TYPES.has(d.type) ? [] : [[k, d]],
  );
}

function isEmpty(v: Json | undefined, type: string): boolean {
  if (v === undefined || v === null) return true;
  const box = type === 'checkbox' || type === 'webform_terms_of_service';
  if (typeof v === 'string') return v.trim() === '' || (box && v === '0');
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'number') return box && v === 0;
  if (Array.isArray(v)) return v.length === 0;
  return Object.keys(v).length === 0;
}

function asText(v: Json | undefined): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

function optionKeys(def: ElementDef): string[] | null {
  const opts = def.props?.options;
  if (typeof opts === 'string') return Object.keys(PREDEFINED_OPTIONS[opts] ?? {});
  if (isJsonObject(opts)) return Object.keys(opts);
  return null;
}

function minutes(hhmm: string): number | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(hhmm);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/** A file uploaded through the upload resource (the instance keeps its name and size only). */
const uploadedFile = (fid: string): FileInfo => {
  const file = demoState().uploads.get(fid);
  return { fid, name: file?.name ?? null, size: file?.size ?? null };
};

/** What the demo keeps of an uploaded file: its name and size, never its content. */
interface FileInfo {
  /** The fid, when the value was one (real webform_rest's form: a file uploaded beforehand). */
  readonly fid?: string;
  readonly name: string | null;
  /** Bytes; null when only a name or a fid was sent. */
  readonly size: number | null;
}

/**
 * A managed_file value as the site may send it: a file name (`cv.pdf`), a data URL
 * (`data:application/pdf;name=cv.pdf;base64,…`), or the fid of a file uploaded beforehand (what real
 * webform_rest wants; the demo has no upload resource, so it cannot know that file's name). null when
 * the value is none of these.
 */
function fileInfo(value: string | number): FileInfo | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? uploadedFile(String(value)) : null;
  const v = value.trim();
  if (/^[1-9]\d{0,9}$/.test(v)) return uploadedFile(v);
  if (/[\u0000-\u001f\u007f]/.test(v)) return null;
  const data = /^data:([^,]*),(.*)$/s.exec(v);
  if (!data) {
    const name = v.split(/[\\/]/).pop() ?? '';
    return name ? { name, size: null } : null;
  }
  const params = (data[1] ?? '').split(';').map((p) => p.trim());
  const mime = (params[0] ?? '').toLowerCase();
  const base64 = params.includes('base64');
  const nameParam = params.find((p) => p.toLowerCase().startsWith('name='))?.slice(5);
  let name: string | null = null;
  if (nameParam) {
    try {
      name = decodeURIComponent(nameParam).split(/[\\/]/).pop() || null;
    } catch {
      return null;
    }
  }
  if (name === null && MIME_EXTENSIONS[mime]) name = `file.${MIME_EXTENSIONS[mime]}`;
  const payload = data[2] ?? '';
  let size: number;
  if (base64) {
    const b64 = payload.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) return null;
    const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
    size = Math.floor((b64.length * 3) / 4) - padding;
  } else {
    try {
      size = new TextEncoder().encode(decodeURIComponent(payload)).length;
    } catch {
      return null;
    }
  }
  return { name, size };
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(2)} МБ` : `${(n / 1024).toFixed(2)} КБ`;
}

/** The file's own problem (extension, size), as the file module words it in Russian; null when fine. */
function fileProblem(def: ElementDef, file: FileInfo): string | null {
  const props = def.props ?? {};
  const allowed = typeof props.file_extensions === 'string' ? props.file_extensions.toLowerCase().split(/\s+/).filter(Boolean) : [];
  if (allowed.length && file.name !== null) {
    const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
    if (!allowed.includes(ext))
      return `Файл «${file.name}» не может быть загружен. Разрешены только файлы со следующими расширениями: ${allowed.join(' ')}.`;
  }
  const maxMb = Number(
    typeof props.max_filesize === 'string' || typeof props.max_filesize === 'number' ? props.max_filesize : DEFAULT_MAX_FILESIZE_MB,
  );
  const max = (Number.isFinite(maxMb) && maxMb > 0 ? maxMb : DEFAULT_MAX_FILESIZE_MB) * 1024 * 1024;
  if (file.size !== null && file.size > max) {
    return `Файл размером ${formatBytes(file.size)} превышает максимально допустимый размер ${formatBytes(max)}.`;
  }
  return null;
}

/**
 * Webform-style validation of the form's own (non-private) elements; messages as the Russian
 * translation renders them. Unknown keys and private elements are not looked at (Drupal ignores
 * them: an anonymous user has no access to a #private element).
 */
function validate(form: WebformDef, data: JsonObject): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, def] of flatten(form.elements)) {
    if (def.private) continue;
    // A terms of service title marks its link words with braces; the message names it without them.
    const name = `«${(def.title ?? key).replace(/[{}]/g, '')}»`;
    const value = data[key];
    if (def.composite) {
      Object.assign(errors, compositeErrors(key, def, value, name));
      continue;
    }
    if (isEmpty(value, def.type)) {
      if (def.required) errors[key] = `Поле ${name} обязательно для заполнения.`;
      continue;
    }
    const multiple = (def.type === 'select' && def.props?.multiple === true) || MULTIPLE_TYPES.has(def.type);
    if (
      isJsonObject(value ?? null) ||
      (Array.isArray(value) && value.some((item) => typeof item !== 'string' && typeof item !== 'number'))
    ) {
      errors[key] = `Поле ${name} содержит недопустимое значение.`;
      continue;
    }
    if ((isJsonObject(value ?? null) || Array.isArray(value)) && !multiple) {
      errors[key] = `Поле ${name} содержит недопустимое значение.`;
      continue;
    }
    const text = asText(value);
    const props = def.props ?? {};
    const maxlength = typeof props.maxlength === 'number' ? props.maxlength : DEFAULT_MAXLENGTH[def.type];
    const length = [...text].length;
    if (maxlength !== undefined && length > maxlength) {
      errors[key] = `Поле ${name} не может быть длиннее ${maxlength} символов, сейчас ${length}.`;
      continue;
    }
    switch (def.type) {
      case 'email':
        if (!EMAIL_RE.test(text.trim())) errors[key] = `Адрес электронной почты «${text}» недействителен.`;
        break;
      case 'email_confirm':
      case 'webform_email_confirm':
        // The value goes into both inputs, and each refuses it under its own name (`key][mail_1`, `key][mail_2`).
        if (!EMAIL_RE.test(text.trim())) {
          errors[`${key}][mail_1`] = `Адрес электронной почты «${text}» недействителен.`;
          errors[`${key}][mail_2`] = `Адрес электронной почты «${text}» недействителен.`;
        }
        break;
      case 'number': {
        const n = typeof value === 'number' ? value : /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
        const min = typeof props.min === 'number' || typeof props.min === 'string' ? Number(props.min) : null;
        const max = typeof props.max === 'number' || typeof props.max === 'string' ? Number(props.max) : null;
        const step = typeof props.step === 'number' || typeof props.step === 'string' ? Number(props.step) : null;
        if (Number.isNaN(n)) errors[key] = `Значение поля ${name} должно быть числом.`;
        else if (min !== null && n < min) errors[key] = `Значение поля ${name} должно быть не меньше ${min}.`;
        else if (max !== null && n > max) errors[key] = `Значение поля ${name} должно быть не больше ${max}.`;
        else if (step && Math.abs((n - (min ?? 0)) / step - Math.round((n - (min ?? 0)) / step)) > 1e-9)
          errors[key] = `Значение поля ${name} не является допустимым числом.`;
        break;
      }
      case 'radios':
      case 'checkboxes':
      case 'webform_checkboxes_other':
      case 'select': {
        const keys = optionKeys(def);
        const values = Array.isArray(value) ? value.map(asText) : [text];
        if (keys && values.some((v) => !keys.includes(v))) errors[key] = `Выбрано недопустимое значение в поле ${name}.`;
        break;
      }
      case 'date':
        if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text)))
          errors[key] = `Поле ${name} должно содержать корректную дату.`;
        break;
      case 'webform_time': {
        const t = minutes(text);
        const min = typeof props.min === 'string' ? minutes(props.min) : null;
        const max = typeof props.max === 'string' ? minutes(props.max) : null;
        if (t === null) errors[key] = `Поле ${name} должно содержать корректное время.`;
        else if (min !== null && t < min) errors[key] = `Поле ${name} должно быть не раньше ${String(props.min)}.`;
        else if (max !== null && t > max) errors[key] = `Поле ${name} должно быть не позже ${String(props.max)}.`;
        break;
      }
      case 'managed_file': {
        const file = typeof value === 'string' || typeof value === 'number' ? fileInfo(value) : null;
        const problem = file ? fileProblem(def, file) : `Поле ${name}: файл не распознан.`;
        if (problem) errors[key] = problem;
        break;
      }
      default: {
        // textfield, tel (any format: webform does not check a phone number unless #pattern says so),
        // textarea, hidden, checkbox.
        if (typeof props.pattern === 'string' && !patternMatches(props.pattern, text)) {
          errors[key] = typeof props.pattern_error === 'string' ? props.pattern_error : `Поле ${name} заполнено в неверном формате.`;
          break;
        }
        const minlength = typeof props.minlength === 'number' ? props.minlength : null;
        const trimmed = [...text.trim()].length;
        if (minlength !== null && trimmed < minlength) {
          errors[key] = `Поле ${name} не может быть короче ${minlength} символов, сейчас ${trimmed}.`;
        }
      }
    }
  }
  return errors;
}

/**
 * A composite's parts as webform checks them: each shown part's #required, errors named
 * `key][part` (Form API's names); a required composite needs one part at least.
 */
function compositeErrors(key: string, def: ElementDef, value: Json | undefined, name: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (value !== undefined && value !== null && value !== '' && !isJsonObject(value))
    return { [key]: `Поле ${name} содержит недопустимое значение.` };
  const given = isJsonObject(value ?? null) ? (value as JsonObject) : {};
  let filled = false;
  for (const [part, partDef] of Object.entries(def.composite ?? {})) {
    if (partDef.access === false) continue;
    const v = given[part];
    if (isEmpty(v, partDef.type)) {
      if (partDef.required) errors[`${key}][${part}`] = `Поле «${partDef.title ?? part}» обязательно для заполнения.`;
    } else if (typeof v !== 'string' && typeof v !== 'number') {
      errors[`${key}][${part}`] = `Поле «${partDef.title ?? part}» содержит недопустимое значение.`;
    } else filled = true;
  }
  if (def.required && !filled && Object.keys(errors).length === 0) errors[key] = `Поле ${name} обязательно для заполнения.`;
  return errors;
}

/** HTML's pattern attribute semantics: the whole value must match. */
function patternMatches(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return true;
  }
}

/** What webform stores: the form's own non-private elements only; a hidden element absent from the post keeps its #default_value. */
function storedData(form: WebformDef, data: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, def] of flatten(form.elements)) {
    if (def.private) continue;
    const value = data[key];
    if (value === undefined) {
      const fallback = def.props?.default_value;
      if (def.type === 'hidden' && fallback !== undefined) out[key] = fallback;
      continue;
    }
    if (def.composite && isJsonObject(value)) {
      // Only the parts the composite has; webform drops any other key.
      out[key] = Object.fromEntries(
        Object.entries(value).filter(([part]) => def.composite?.[part] !== undefined && def.composite[part]?.access !== false),
      );
      continue;
    }
    if (def.type === 'managed_file') {
      const file = (typeof value === 'string' && value.trim()) || typeof value === 'number' ? fileInfo(value) : null;
      out[key] = file ? { ...(file.fid !== undefined ? { fid: file.fid } : {}), name: file.name, size: file.size } : null;
      continue;
    }
    out[key] = value;
  }
  return out;
}

/**
 * How the post authenticated. HTTP Basic of a demo account is that account; Basic credentials that
 * match none leave Drupal's basic_auth with the anonymous user, which webform_rest accepts like any
 * anonymous post (no CSRF token needed). Only the kind is recorded, never the credentials.
 */
function authKind(header: string | undefined): Submission['auth'] {
  if (!header || !/^Basic\s/i.test(header)) return 'anonymous';
  try {
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(header.slice(6).trim()), (ch) => ch.charCodeAt(0)));
    const colon = decoded.indexOf(':');
    if (colon < 0) return 'basic-invalid';
    const account = accountByName(decoded.slice(0, colon));
    return account && account.status && account.pass === decoded.slice(colon + 1) ? 'basic' : 'basic-invalid';
  } catch {
    return 'basic-invalid';
  }
}

/**
 * webform_rest's upload resource (`POST /webform_rest/{webform_id}/upload/{field}`, the file as the raw body,
 * its name in `Content-Disposition: file; filename="…"`): answers the file entity, whose fid the submission then
 * names. The demo keeps the name and size only.
 */
webformRoutes.post('/webform_rest/:id/upload/:field', async (c) => {
  // A stock webform_rest: no such route.
  if (!demoState().webformUpload) return noRoute(c);
  const form = webformById(c.req.param('id'));
  if (!form) return json({ message: "Can't load webform." }, 404);
  const field = flatten(form.elements).find(([key]) => key === c.req.param('field'))?.[1];
  if (!field || field.type !== 'managed_file') return json({ message: `Field ${c.req.param('field')} is not a file field.` }, 400);
  // core's file upload takes the name literally: the header's bytes, read as UTF-8.
  const disposition = /filename="([^"]*)"/.exec(c.req.header('Content-Disposition') ?? '')?.[1] ?? '';
  const literal = new TextDecoder().decode(Uint8Array.from(disposition, (ch) => ch.charCodeAt(0) & 0xff));
  const name = literal.split(/[\\/]/).pop() ?? '';
  if (!name) return json({ message: 'Missing filename in the Content-Disposition header.' }, 400);
  const size = (await c.req.arrayBuffer()).byteLength;
  const allowed = String(field.props?.file_extensions ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  if (allowed.length && !allowed.includes(extension)) {
    return json(
      {
        message: `Unprocessable Entity: file validation failed.\nOnly files with the following extensions are allowed: <em class="placeholder">${allowed.join(' ')}</em>.`,
      },
      422,
    );
  }
  const s = demoState();
  const fid = String(s.nextFid++);
  s.uploads.set(fid, { name, size });
  return json({ fid: [{ value: Number(fid) }], filename: [{ value: name }], filesize: [{ value: size }] }, 201);
});

webformRoutes.post('/webform_rest/submit', async (c) => {
  const bad = badFormat(c);
  if (bad) return bad;
  // Core REST picks the POST route by Content-Type: only application/json is a serialisation format here.
  const contentType = c.req.header('Content-Type');
  if (!contentType) return json({ message: 'No "Content-Type" request header specified' }, 415);
  if ((contentType.split(';')[0] ?? '').trim().toLowerCase() !== 'application/json') {
    return json({ message: `No route found that matches "Content-Type: ${contentType}"` }, 415);
  }
  const raw = await c.req.text();
  let data: Json;
  try {
    data = raw.trim() ? (JSON.parse(raw) as Json) : null;
  } catch {
    return json({ message: 'Syntax error' }, 400);
  }
  if (!isJsonObject(data) || Object.keys(data).length === 0) {
    return json({ error: { message: 'No data has been submitted.' } }, 400);
  }
  const id = data.webform_id;
  if (id === undefined || id === null || id === '') return json({ error: { message: 'Missing required webform_id value.' } }, 400);
  const found = typeof id === 'string' ? webformById(id) : undefined;
  if (!found) return json({ error: { message: 'Invalid webform_id value.' } }, 400);
  const form = switched(found);
  if (data.draft === true) return json({ error: { message: 'This webform does not allow draft submissions.' } }, 400);
  if (demoState().webformSwitches.get(form.id)?.closed) return json({ error: { message: CLOSED_MESSAGE } }, 400);

  // An email_confirm's value is one string, which webform copies into both of its inputs; anything else
  // (an object of the two inputs, say) reaches PHP's trim() and is an uncaught TypeError: 500 text/plain.
  for (const [key, def] of flatten(form.elements)) {
    const v = data[key];
    if ((def.type === 'email_confirm' || def.type === 'webform_email_confirm') && v !== null && typeof v === 'object') {
      return phpError('TypeError', 'trim(): Argument #1 ($string) must be of type string, array given', 'trim()');
    }
  }
  const errors = validate(form, data);
  if (Object.keys(errors).length > 0) {
    return json({ message: 'Submitted Data contains validation errors.', error: errors }, 400);
  }
  const sid = crypto.randomUUID();
  demoState().submissions.push({
    sid,
    webform_id: form.id,
    created: new Date().toISOString(),
    auth: authKind(c.req.header('Authorization')),
    data: storedData(form, data),
    uri: c.req.header('Referer') ?? null,
  });
  return json({ sid });
});
