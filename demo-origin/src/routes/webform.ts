/**
 * webform_rest (drupal-api.md §3): `GET /webform_rest/{id}/fields` answers the initialised element
 * tree; `POST /webform_rest/submit` validates like the webform module and answers {"sid": uuid} or
 * the 400 error bodies. Accepted submissions are kept in memory (GET /__demo/submissions).
 */
import { Hono } from 'hono';
import { PREDEFINED_OPTIONS, webformById, type ElementDef, type WebformDef } from '../content/webforms';
import type { AppEnv } from '../env';
import { badFormat, json } from '../lib/http';
import { isJsonObject, type Json, type JsonObject } from '../lib/json';
import { state } from '../lib/state';

export const webformRoutes = new Hono<AppEnv>();

// ---- Fields ------------------------------------------------------------------------------------------

function initialize(form: WebformDef, key: string, def: ElementDef, parents: readonly string[]): JsonObject {
  const out: JsonObject = { '#type': def.type };
  if (def.title !== undefined) out['#title'] = def.title;
  if (def.required) out['#required'] = true;
  if (def.private) out['#private'] = true;
  for (const [k, v] of Object.entries(def.props ?? {})) out[`#${k}`] = v;
  const children = Object.keys(def.children ?? {});
  Object.assign(out, {
    '#webform': form.id,
    '#webform_id': `${form.id}--${key}`,
    '#webform_key': key,
    '#webform_parent_key': parents[parents.length - 1] ?? '',
    '#webform_parent_flexbox': false,
    '#webform_depth': parents.length,
    '#webform_children': children,
    '#webform_multiple': false,
    '#webform_composite': false,
    '#webform_parents': [...parents, key],
    '#admin_title': def.title ?? key,
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
  const form = webformById(c.req.param('id'));
  if (!form) return json({ message: "Can't load webform." }, 404);
  const out: JsonObject = {};
  for (const [key, def] of Object.entries(form.elements)) out[key] = initialize(form, key, def, []);
  return json(out);
});

// ---- Submit ------------------------------------------------------------------------------------------

const INPUT_TYPES = new Set(['textfield', 'tel', 'email', 'date', 'webform_time', 'textarea', 'select', 'checkbox', 'hidden', 'managed_file']);
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function flatten(elements: Readonly<Record<string, ElementDef>>): Array<[string, ElementDef]> {
  return Object.entries(elements).flatMap(([k, d]): Array<[string, ElementDef]> =>
    d.children ? flatten(d.children) : INPUT_TYPES.has(d.type) ? [[k, d]] : [],
  );
}

function isEmpty(v: Json | undefined, type: string): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '' || (type === 'checkbox' && v === '0');
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'number') return type === 'checkbox' && v === 0;
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

/** Webform-style validation; messages as the Russian translation renders them. */
function validate(form: WebformDef, data: JsonObject): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, def] of flatten(form.elements)) {
    if (def.private) continue;
    const name = `«${def.title ?? key}»`;
    const value = data[key];
    if (isEmpty(value, def.type)) {
      if (def.required) errors[key] = `Поле ${name} обязательно для заполнения.`;
      continue;
    }
    const text = asText(value);
    const props = def.props ?? {};
    switch (def.type) {
      case 'email':
        if (!EMAIL_RE.test(text.trim())) errors[key] = `Адрес электронной почты «${text}» недействителен.`;
        break;
      case 'select': {
        const keys = optionKeys(def);
        const values = Array.isArray(value) ? value.map(asText) : [text];
        if (keys && values.some((v) => !keys.includes(v))) errors[key] = `Выбрано недопустимое значение в поле ${name}.`;
        break;
      }
      case 'date':
        if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) errors[key] = `Поле ${name} должно содержать корректную дату.`;
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
      default: {
        const minlength = typeof props.minlength === 'number' ? props.minlength : null;
        const length = [...text.trim()].length;
        if (minlength !== null && length < minlength) {
          errors[key] = `Поле ${name} не может быть короче ${minlength} символов, сейчас ${length}.`;
        }
      }
    }
  }
  return errors;
}

webformRoutes.post('/webform_rest/submit', async (c) => {
  const bad = badFormat(c);
  if (bad) return bad;
  const raw = await c.req.text();
  let data: Json = null;
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
  const form = typeof id === 'string' ? webformById(id) : undefined;
  if (!form) return json({ error: { message: 'Invalid webform_id value.' } }, 400);
  if (data.draft === true) return json({ error: { message: 'This webform does not allow draft submissions.' } }, 400);

  const errors = validate(form, data);
  if (Object.keys(errors).length > 0) {
    return json({ message: 'Submitted Data contains validation errors.', error: errors }, 400);
  }
  const sid = crypto.randomUUID();
  state.submissions.push({ sid, webform_id: form.id, created: new Date().toISOString(), data });
  return json({ sid });
});
