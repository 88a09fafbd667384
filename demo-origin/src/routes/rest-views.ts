/**
 * The clinic's Views REST exports (docs/drupal.md §6a, §8): bare JSON arrays of rows whose values
 * are strings ("nid": "251"), `[]` when empty. `view_node` and image URLs are root-relative,
 * dates are ISO 8601 with the Moscow offset. A non-numeric contextual argument gives `[]`, an
 * unsupported `?_format=` gives 406. In lean schema mode a column whose field the bundle lacks
 * (doctors' field_photo_big) is not in the view.
 */
import { Hono } from 'hono';
import { actions, articles } from '../content/actions-articles';
import { FILES_BASE, styleUrl } from '../content/files';
import { allNodes, byCreatedDesc, nodeByNid, publishedOfBundle } from '../content/index';
import { galleries } from '../content/media';
import { refImages, refNids, type NodeRecord } from '../content/model';
import { FORBIDDEN_NID, NOT_FOUND_NID } from '../content/pages';
import { doctors } from '../content/people';
import { qas } from '../content/qa';
import { serviceAncestors, serviceByNid } from '../content/services';
import { terms, termPath } from '../content/terms';
import type { AppEnv } from '../env';
import { todayMoscow } from '../lib/dates';
import { badFormat, json, type Ctx } from '../lib/http';
import { hasField, restBody } from '../lib/schema';
import { escapeHtml, foldRu, stripTags } from '../lib/text';

export const restViewRoutes = new Hono<AppEnv>();

type Row = Record<string, string | Row[]>;

// ---- Helpers ----------------------------------------------------------------------------------------

function published(nid: number): NodeRecord | null {
  const n = nodeByNid(nid);
  return n && n.status ? n : null;
}

function imageUrl(n: NodeRecord, field: string): string {
  const [path] = refImages(n.rels[field]);
  return path ? FILES_BASE + path : '';
}

function body(n: NodeRecord): string {
  return n.body?.processed ?? '';
}

function summary(n: NodeRecord): string {
  return n.body?.summary || stripTags(n.body?.processed ?? '');
}

function fieldString(n: NodeRecord, field: string): string {
  const v = n.fields[field];
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return '';
}

function base(n: NodeRecord): Row {
  return { title: n.title, nid: String(n.nid), view_node: n.alias };
}

/** Numeric contextual argument, or null (the view then shows no results). */
function arg(raw: string | undefined): number | null {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

function rows(list: Row[]): Response {
  return json(restBody(list));
}

/** Promotions whose last day is today or later. */
function activeActions(): NodeRecord[] {
  const today = todayMoscow();
  return actions
    .filter((a) => a.status !== false && a.date >= today)
    .flatMap((a) => published(a.nid) ?? [])
    .sort(byCreatedDesc);
}

function actionRow(n: NodeRecord): Row {
  return {
    ...base(n),
    field_image: imageUrl(n, 'field_image'),
    field_action_date: fieldString(n, 'field_action_date'),
    field_subtitle: fieldString(n, 'field_subtitle'),
    body: summary(n),
  };
}

function reviewRow(n: NodeRecord): Row {
  const [doctorNid] = refNids(n.rels.field_doctor);
  const doctor = doctorNid !== undefined ? published(doctorNid) : null;
  return { ...base(n), body: body(n), created: n.created, field_doctor: doctor ? doctor.title : '' };
}

function reviewsWhere(pred: (n: NodeRecord) => boolean): Row[] {
  return publishedOfBundle('reviews').filter(pred).sort(byCreatedDesc).map(reviewRow);
}

function withFormatCheck(handler: (id: number | null, raw: string | undefined) => Row[]) {
  return (c: Ctx): Response => {
    const bad = badFormat(c);
    if (bad) return bad;
    const raw = c.req.param('id');
    return rows(handler(arg(raw), raw));
  };
}

// ---- 'Other' lists ---------------------------------------------------------------------------------

restViewRoutes.get(
  '/rest/actions/other/:id',
  withFormatCheck((id) =>
    id === null
      ? []
      : activeActions()
          .filter((n) => n.nid !== id)
          .map(actionRow),
  ),
);

restViewRoutes.get(
  '/rest/doctors/other/:id',
  withFormatCheck((id) =>
    id === null
      ? []
      : doctors
          .filter((d) => d.nid !== id)
          .flatMap((d) => published(d.nid) ?? [])
          .map((n) => ({ ...base(n), field_photo: imageUrl(n, 'field_photo'), field_post: fieldString(n, 'field_post') })),
  ),
);

restViewRoutes.get(
  '/rest/news/other/:id',
  withFormatCheck((id) =>
    id === null
      ? []
      : publishedOfBundle('news')
          .filter((n) => n.nid !== id)
          .sort(byCreatedDesc)
          .slice(0, 6)
          .map((n) => ({ ...base(n), created: n.created, field_image: imageUrl(n, 'field_image'), body: summary(n) })),
  ),
);

restViewRoutes.get(
  '/rest/smi-o-nas/other/:id',
  withFormatCheck((id) =>
    id === null
      ? []
      : publishedOfBundle('smi_o_nas')
          .filter((n) => n.nid !== id)
          .sort(byCreatedDesc)
          .slice(0, 6)
          .map((n) => ({
            ...base(n),
            created: n.created,
            field_image: imageUrl(n, 'field_image'),
            field_date_publication: fieldString(n, 'field_date_publication'),
            field_subtitle: fieldString(n, 'field_subtitle'),
          })),
  ),
);

// ---- Doctor, article --------------------------------------------------------------------------------

restViewRoutes.get(
  '/rest/feedback/doctor/:id',
  withFormatCheck((id) => (id === null ? [] : reviewsWhere((n) => refNids(n.rels.field_doctor).includes(id)))),
);

restViewRoutes.get(
  '/rest/service/article/:id',
  withFormatCheck((id) => {
    const a = id === null ? undefined : articles.find((x) => x.nid === id);
    if (!a || !published(a.nid)) return [];
    return a.services.flatMap((nid) => published(nid) ?? []).map(base);
  }),
);

restViewRoutes.get(
  '/rest/author/:id',
  withFormatCheck((id) => {
    const a = id === null ? undefined : articles.find((x) => x.nid === id);
    const doctor = a && a.author !== null ? published(a.author) : null;
    if (!a || !doctor) return [];
    return [{ ...base(doctor), field_photo: imageUrl(doctor, 'field_photo'), field_post: fieldString(doctor, 'field_post') }];
  }),
);

// ---- Per-service lists -----------------------------------------------------------------------------

function serviceArg(id: number | null): number | null {
  return id !== null && serviceByNid(id) ? id : null;
}

restViewRoutes.get(
  '/rest/doctors/service/:id',
  withFormatCheck((raw) => {
    const id = serviceArg(raw);
    if (id === null) return [];
    return doctors
      .filter((d) => d.services.includes(id))
      .flatMap((d) => published(d.nid) ?? [])
      .map((n) => ({
        ...base(n),
        field_photo: imageUrl(n, 'field_photo'),
        ...(hasField('node--doctors', 'field_photo_big') ? { field_photo_big: imageUrl(n, 'field_photo_big') } : {}),
        field_post: fieldString(n, 'field_post'),
        feedbacks: reviewsWhere((r) => refNids(r.rels.field_doctor).includes(n.nid)),
      }));
  }),
);

restViewRoutes.get(
  '/rest/actions/service/:id',
  withFormatCheck((raw) => {
    const id = serviceArg(raw);
    if (id === null) return [];
    return activeActions()
      .filter((n) => refNids(n.rels.field_services).includes(id))
      .map(actionRow);
  }),
);

restViewRoutes.get(
  '/rest/patients/service/:id',
  withFormatCheck((raw) => {
    const id = serviceArg(raw);
    if (id === null) return [];
    return publishedOfBundle('patients')
      .filter((n) => refNids(n.rels.field_services).includes(id))
      .sort(byCreatedDesc)
      .map((n) => {
        const fb = n.fields.field_feedback_text;
        const text = fb && typeof fb === 'object' && !Array.isArray(fb) && typeof fb.processed === 'string' ? fb.processed : '';
        return { ...base(n), field_photo: imageUrl(n, 'field_photo'), field_feedback_text: text };
      });
  }),
);

restViewRoutes.get(
  '/rest/do-i-posle/service/:id',
  withFormatCheck((raw) => {
    const id = serviceArg(raw);
    if (id === null) return [];
    return galleries
      .filter((g) => !g.licences && g.services.includes(id))
      .flatMap((g) => published(g.nid) ?? [])
      .sort(byCreatedDesc)
      .map((n) => ({
        ...base(n),
        field_gallery_image: refImages(n.rels.field_gallery_image)
          .map((p) => FILES_BASE + p)
          .join(', '),
        body: body(n),
      }));
  }),
);

restViewRoutes.get(
  '/rest/feedback/service/:id',
  withFormatCheck((raw) => {
    const id = serviceArg(raw);
    return id === null ? [] : reviewsWhere((n) => refNids(n.rels.field_services).includes(id));
  }),
);

restViewRoutes.get(
  '/rest/articles/service/:id',
  withFormatCheck((raw) => {
    const id = serviceArg(raw);
    if (id === null) return [];
    return publishedOfBundle('article')
      .filter((n) => refNids(n.rels.field_services).includes(id))
      .sort(byCreatedDesc)
      .map(base);
  }),
);

/** Q&A per service, flag included ("1", "0" or "" when unset): the site hides flagged items. */
restViewRoutes.get(
  '/rest/qa/service/:id',
  withFormatCheck((raw) => {
    const id = serviceArg(raw);
    if (id === null) return [];
    return qas
      .filter((q) => q.services.includes(id))
      .flatMap((q) => published(q.nid) ?? [])
      .sort(byCreatedDesc)
      .map((n) => ({
        ...base(n),
        field_question: fieldString(n, 'field_question'),
        body: body(n),
        field_ne_vyvodit_na_stranitce: fieldString(n, 'field_ne_vyvodit_na_stranitce'),
      }));
  }),
);

// ---- Licence images ------------------------------------------------------------------------------

restViewRoutes.get('/rest/license-images', (c) => {
  const bad = badFormat(c);
  if (bad) return bad;
  return rows(
    galleries
      .filter((g) => g.licences)
      .flatMap((g) => published(g.nid) ?? [])
      .map((n) => {
        const paths = refImages(n.rels.field_gallery_image);
        return {
          ...base(n),
          field_gallery_image: paths.map((p) => styleUrl('thumbnail', p)).join(', '),
          field_gallery_image_1: paths.map((p) => FILES_BASE + p).join(', '),
        };
      }),
  );
});

// ---- Search --------------------------------------------------------------------------------------

const SEARCH_EXCLUDED = new Set<number>([NOT_FOUND_NID, FORBIDDEN_NID]);

function serviceLink(n: NodeRecord): string {
  const candidates =
    n.bundle === 'services'
      ? serviceAncestors(n.nid)
          .slice(-1)
          .map((s) => s.nid)
      : refNids(n.rels.field_services);
  for (const nid of candidates) {
    const s = published(nid);
    if (s) return `<a href="${escapeHtml(s.alias)}" hreflang="ru">${escapeHtml(s.title)}</a>`;
  }
  return '';
}

function sectionTermPath(n: NodeRecord): string {
  if (n.bundle !== 'services') return '';
  const top = serviceAncestors(n.nid)[0] ?? serviceByNid(n.nid);
  const term = top ? terms.find((t) => t.serviceNid === top.nid) : undefined;
  return term ? termPath(term) : '';
}

/**
 * Search (search_api view): every keyword (3+ characters, case-insensitive, ё = е) must occur in
 * the title or body. Title matches first, then newest first; at most 50 results. Titles are
 * HTML-escaped, as Views renders a plain-text field (`&` → `&amp;`, `<` → `&lt;`, `'` → `&#039;`).
 */
restViewRoutes.get('/rest/search', (c) => {
  const bad = badFormat(c);
  if (bad) return bad;
  const words = foldRu(c.req.query('keys') ?? '')
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length >= 3);
  if (words.length === 0) return rows([]);

  const scored: Array<{ row: Row; score: number; created: number }> = [];
  for (const n of allNodes()) {
    if (!n.status || n.bundle === 'sliders' || SEARCH_EXCLUDED.has(n.nid)) continue;
    const title = foldRu(n.title);
    const extra = [n.fields.field_question, n.fields.field_post, n.fields.field_subtitle].filter((v): v is string => typeof v === 'string');
    const text = title + ' ' + foldRu(stripTags(n.body?.value ?? '') + ' ' + extra.join(' '));
    if (!words.every((w) => text.includes(w))) continue;
    scored.push({
      row: {
        id: String(n.nid),
        title: escapeHtml(n.title),
        field_service: serviceLink(n),
        view_taxonomy_term: sectionTermPath(n),
        view_node: n.alias,
      },
      score: words.filter((w) => title.includes(w)).length,
      created: Date.parse(n.created),
    });
  }
  for (const t of terms) {
    const text = foldRu(t.name + ' ' + t.description);
    if (!words.every((w) => text.includes(w))) continue;
    scored.push({
      row: { id: String(t.tid), title: escapeHtml(t.name), field_service: '', view_taxonomy_term: termPath(t), view_node: '' },
      score: words.filter((w) => foldRu(t.name).includes(w)).length,
      created: 0,
    });
  }
  scored.sort((a, b) => b.score - a.score || b.created - a.created);
  return rows(scored.slice(0, 50).map((s) => s.row));
});
