import { z } from 'zod';

/*
 * What YCLIENTS' online-booking calls answer (docs/booking.md), read leniently: ids come as
 * numbers or strings, datetimes as ISO 8601 or unix seconds, optional fields missing or null.
 * Every answer is wrapped in `{success, data, meta}`; an item of a list that cannot be read is
 * left out, the rest still shows.
 */

/** The clinic is in Moscow: a unix time is told in its offset, which has had no summer time since 2014. */
export const CLINIC_OFFSET = '+03:00';
const OFFSET_MS = 3 * 60 * 60 * 1000;

/** Unix seconds → "2026-12-01T12:00:00+03:00". */
export function isoFromUnix(seconds: number): string {
  return `${new Date(seconds * 1000 + OFFSET_MS).toISOString().slice(0, 19)}${CLINIC_OFFSET}`;
}

/** 251, "251" → "251". */
const id = z.union([z.number(), z.string().trim().min(1)]).transform(String);

/** A number, a numeric string, or nothing (null, "", missing, words). */
const optionalNumber = z
  .unknown()
  .transform((value) => {
    if (typeof value !== 'number' && typeof value !== 'string') return undefined;
    if (typeof value === 'string' && value.trim() === '') return undefined;
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  })
  .optional();

const optionalText = z
  .unknown()
  .transform((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined))
  .optional();

/**
 * A moment as written, in whatever offset the account writes it ("…+0000", "…-0500", "…+03:00"); unix seconds (a
 * number or a string of digits) as UTC. The client turns it into the clinic's clock from the instant
 * (booking/clinic-time.ts; docs/booking.md, "Times and the clinic's time zone").
 */
const datetime = z.union([z.number(), z.string().trim().min(1)]).transform((value) => {
  if (typeof value === 'number') return new Date(value * 1000).toISOString();
  return /^\d+$/.test(value) ? new Date(Number(value) * 1000).toISOString() : value;
});

/** A day of `book_dates`: "2026-12-01" (a calendar day of the company, as written), or unix seconds of its midnight. */
const day = z
  .union([z.number(), z.string().trim().min(1)])
  .transform((value) => (typeof value === 'number' || /^\d+$/.test(value) ? isoFromUnix(Number(value)) : value).slice(0, 10))
  .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

/** true, 1, "1", "true" → true. */
const flag = z
  .unknown()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true')
  .optional();

/** A list whose unreadable items are left out. */
const lenientList = <T extends z.ZodType>(item: T) =>
  z.array(z.unknown()).transform((values) =>
    values.flatMap((value): z.output<T>[] => {
      const parsed = item.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    }),
  );

/** The envelope of a success; `data` is read by each call's own schema. */
export const Envelope = z.object({ success: z.unknown().optional(), data: z.unknown().optional() });

/** A refusal: `{"success": false, "data": null, "meta": {"message", "errors": [{"code", "message"}]}}`. */
export const ErrorEnvelope = z.object({
  meta: z
    .object({ errors: lenientList(z.object({ code: optionalNumber })).optional() })
    .nullish()
    .catch(undefined),
});

const Service = z.object({
  id,
  title: z.string().trim().min(1),
  price_min: optionalNumber,
  price_max: optionalNumber,
  seance_length: optionalNumber,
});

/** `GET book_services/{cid}`: `{services: […], category: […]}`. */
export const ServicesData = z.object({ services: lenientList(Service) });

const Staff = z.object({
  id,
  name: z.string().trim().min(1),
  specialization: optionalText,
  // Missing means bookable: only an explicit false says the specialist does not do these services.
  bookable: z.unknown().optional(),
});

/** `GET book_staff/{cid}`: a list of specialists. */
export const StaffData = lenientList(Staff);

/** `GET book_dates/{cid}`: `{booking_dates: [...], booking_days: {...}, working_dates: [...]}`. */
export const DatesData = z.object({ booking_dates: lenientList(day) });

const Time = z.object({
  time: optionalText,
  datetime,
  seance_length: optionalNumber,
  sum_length: optionalNumber,
});

/** `GET book_times/{cid}/{staff}/{date}`: `[{time, seance_length, sum_length, datetime}]`. */
export const TimesData = lenientList(Time);

/** `POST book_record/{cid}` → `[{id, record_id, record_hash}]`. */
export const CreatedData = z.array(z.object({ id: z.unknown().optional(), record_id: id, record_hash: z.string().trim().min(1) })).min(1);

const RecordService = z.object({
  id,
  title: z.string().trim().min(1),
  cost: optionalNumber,
  price_min: optionalNumber,
});

/** `GET book_record/{cid}/{id}/{hash}`: the booking, its services, its specialist. */
export const RecordData = z.object({
  datetime,
  services: lenientList(RecordService).optional(),
  staff: z.object({ id, name: optionalText }).nullish().catch(undefined),
  staff_id: id.optional().catch(undefined),
  comment: optionalText,
  deleted: flag,
});

export type YclientsRecord = z.output<typeof RecordData>;
