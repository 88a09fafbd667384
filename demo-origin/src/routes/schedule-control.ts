/**
 * Test control of the schedule system (README.md, "Schedule system"): what was booked and which codes
 * went out, another patient taking a time, and whether the company asks for SMS codes. Mounted with
 * the other controls: never delayed, faulted or counted. The codes page is for a person trying the
 * site offline, where no SMS is ever sent.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { json } from '../lib/http';
import type { Json } from '../lib/json';
import { demoState } from '../lib/state';
import { DEMO_RENOVATIO_CLINIC_ID, DEMO_YCLIENTS_COMPANY_ID, staffById } from '../schedule/model';
import { addBooking, bookingById, refusal, type ScheduleBooking } from '../schedule/state';
import { hhmm, isoOf, localOf, parseDatetime, ruDate } from '../schedule/time';

export const scheduleControlRoutes = new Hono<AppEnv>();

/** A booking as tests need it: no patient's name or phone. */
function bookingJson(b: ScheduleBooking): Json {
  return {
    id: b.id,
    staffId: b.staffId,
    serviceIds: [...b.serviceIds],
    datetime: isoOf({ date: b.date, minutes: b.start }),
    minutes: b.minutes,
    source: b.source,
    apiId: b.apiId,
    cancelled: b.deleted,
    confirmed: b.confirmed,
  };
}

scheduleControlRoutes.get('/__demo/schedule', () => {
  const s = demoState().schedule;
  return json({
    companyId: DEMO_YCLIENTS_COMPANY_ID,
    clinicId: DEMO_RENOVATIO_CLINIC_ID,
    settings: { codes: s.asksCodes, quirks: { ...s.quirks } },
    bookings: s.bookings.map(bookingJson),
    // The codes in full, phones included: tests type them in as the patient would.
    codes: s.codes.map((c) => ({
      phone: c.phone,
      code: c.code,
      sentAt: new Date(c.sentAt).toISOString(),
      expiresAt: new Date(c.expiresAt).toISOString(),
    })),
  });
});

/** "+• (•••) •••-45-67": only the last four digits show. */
export function maskPhone(digits: string): string {
  return `+• (•••) •••-${digits.slice(-4, -2)}-${digits.slice(-2)}`;
}

const escapeHtml = (t: string): string => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const localText = (ms: number): string => {
  const t = localOf(ms);
  return `${ruDate(t.date)} ${hhmm(t.minutes)}`;
};

scheduleControlRoutes.get('/__demo/schedule/codes', () => {
  const now = Date.now();
  const codes = [...demoState().schedule.codes].reverse().slice(0, 20);
  const rows = codes
    .map(
      (c) =>
        `<tr><td>${escapeHtml(localText(c.sentAt))}</td><td>${escapeHtml(maskPhone(c.phone))}</td><td><b>${escapeHtml(c.code)}</b></td>` +
        `<td>${now < c.expiresAt ? `действует до ${escapeHtml(hhmm(localOf(c.expiresAt).minutes))}` : 'истёк'}</td></tr>`,
    )
    .join('\n');
  const table = codes.length
    ? `<table><thead><tr><th>Отправлен (МСК)</th><th>Телефон</th><th>Код</th><th>Срок</th></tr></thead>\n<tbody>\n${rows}\n</tbody></table>`
    : '<p>Кодов пока нет. Запросите код на странице онлайн-записи, затем обновите эту страницу.</p>';
  const html =
    '<!DOCTYPE html>\n<html lang="ru"><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
    '<title>Коды подтверждения (демо)</title>' +
    '<style>body{font-family:sans-serif;margin:2rem}td,th{padding:.3rem .8rem;text-align:left}</style></head>\n<body>' +
    '<h1>Коды подтверждения (демо)</h1>\n' +
    '<p>Демо-версия не отправляет SMS: здесь видны последние коды, которые получил бы пациент. ' +
    'Номер телефона скрыт, кроме последних четырёх цифр.</p>\n' +
    `${table}\n</body></html>\n`;
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-store' } });
});

const takeSchema = z
  .object({
    staffId: z.number().int(),
    datetime: z.string().min(1),
    minutes: z.number().int().min(1).max(600).optional(),
  })
  .strict();

// Another patient (the front desk, another site) books a time: for "taken meanwhile" tests.
scheduleControlRoutes.post('/__demo/schedule/take', async (c) => {
  const parsed = takeSchema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return json({ error: 'Body must be JSON {"staffId": number, "datetime": "ISO 8601", "minutes"?: number}' }, 400);
  const { staffId, datetime, minutes = 30 } = parsed.data;
  if (!staffById(staffId)) return json({ error: `No staff ${staffId}.` }, 404);
  const at = parseDatetime(datetime);
  if (!at) return json({ error: `Not a datetime: ${datetime}` }, 400);
  const s = demoState().schedule;
  const now = Date.now();
  const why = refusal(s, staffId, at, minutes, now);
  if (why) return json({ error: `That time cannot be taken: ${why}.` }, 409);
  return json(bookingJson(addBooking(s, { staffId, serviceIds: [], at, minutes, source: 'demo' }, now)));
});

const frontDeskSchema = z
  .object({ id: z.number().int(), cancel: z.literal(true).optional(), datetime: z.string().min(1).optional() })
  .strict()
  .refine((body) => body.cancel !== undefined || body.datetime !== undefined);

// The clinic's front desk cancels or moves a visit, as Renovatio's does: a move is a new visit, and the old one names
// it in `moved_to` and no longer holds its time (README.md, "Schedule system").
scheduleControlRoutes.post('/__demo/schedule/front-desk', async (c) => {
  const parsed = frontDeskSchema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return json({ error: 'Body must be JSON {"id": number, "cancel"?: true, "datetime"?: "ISO 8601"}' }, 400);
  const s = demoState().schedule;
  const b = bookingById(s, parsed.data.id);
  if (!b) return json({ error: `No booking ${parsed.data.id}.` }, 404);
  if (parsed.data.cancel) {
    b.deleted = true;
    return json(bookingJson(b));
  }
  const at = parseDatetime(parsed.data.datetime);
  if (!at) return json({ error: `Not a datetime: ${parsed.data.datetime}` }, 400);
  const now = Date.now();
  const why = refusal(s, b.staffId, at, b.minutes, now, b.id);
  if (why) return json({ error: `That time cannot be taken: ${why}.` }, 409);
  const moved = addBooking(
    s,
    { staffId: b.staffId, serviceIds: b.serviceIds, at, minutes: b.minutes, source: b.source, comment: b.comment },
    now,
  );
  b.deleted = true;
  b.movedTo = moved.id;
  return json(bookingJson(moved));
});

const quirksSchema = z
  .object({
    moveNeedsUserToken: z.boolean(),
    refusalWithoutCode: z.boolean(),
    readOffset: z
      .string()
      .regex(/^(Z|[+-]\d{2}:?\d{2})$/)
      .nullable(),
    cancelRefused: z.boolean(),
    ownVisitRefused: z.boolean(),
    servicesKeyedServiceId: z.boolean(),
    createRefusedOther: z.boolean(),
    onlineCategoryId: z.number().int().nullable(),
    usersWithoutServices: z.boolean(),
  })
  .strict()
  .partial();

scheduleControlRoutes.post('/__demo/schedule/settings', async (c) => {
  const parsed = z
    .object({ codes: z.boolean().optional(), quirks: quirksSchema.optional() })
    .strict()
    .safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success)
    return json({ error: 'Body must be JSON {"codes"?: true | false, "quirks"?: {…}} (README.md, "Schedule system")' }, 400);
  const s = demoState().schedule;
  if (parsed.data.codes !== undefined) s.asksCodes = parsed.data.codes;
  if (parsed.data.quirks) s.quirks = { ...s.quirks, ...parsed.data.quirks };
  return json({ codes: s.asksCodes, quirks: { ...s.quirks } });
});
