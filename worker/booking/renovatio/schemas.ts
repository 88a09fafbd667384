import { z } from 'zod';

/*
 * What Renovatio's public API answers (docs/booking.md), read leniently: PHP behind it sends ids
 * and prices as numbers or strings, flags as 0/1/"0"/true, and a map keyed by id or `[]` when it is
 * empty. An item of a list that cannot be read is left out, the rest still shows.
 */

/** 251, "251" → "251". */
const id = z.union([z.number(), z.string().trim().min(1)]).transform(String);

const optionalNumber = z
  .unknown()
  .transform((value) => {
    if (typeof value !== 'number' && typeof value !== 'string') return undefined;
    const n = Number(typeof value === 'string' ? value.replace(/[\s\u00a0]/g, '').replace(',', '.') : value);
    return value !== '' && Number.isFinite(n) ? n : undefined;
  })
  .optional();

const optionalText = z
  .unknown()
  .transform((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined))
  .optional();

const flag = z
  .unknown()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true')
  .optional();

/** A list, or the same as an object keyed by id or index; unreadable items left out. */
const lenientList = <T extends z.ZodType>(item: T) =>
  z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).transform((value) =>
    (Array.isArray(value) ? value : Object.values(value)).flatMap((entry): z.output<T>[] => {
      const parsed = item.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  );

/** `{"error": 0, "data": …}` or `{"error": 1, "data": {"code": 401, "desc": "Auth error"}}`. */
export const Envelope = z.object({ error: z.union([z.number(), z.string(), z.boolean()]), data: z.unknown() });

export const Failure = z.object({ code: optionalNumber, desc: optionalText });

/** An id that may be absent: null, "", 0 and anything else but an id are none. */
const optionalId = z
  .unknown()
  .transform((value) =>
    (typeof value === 'number' && value > 0) || (typeof value === 'string' && /^[1-9]\d*$/.test(value.trim()))
      ? String(value).trim()
      : undefined,
  )
  .optional();

// A service's id is `id` in our first reading of the documentation and `service_id` where an SDK tested against
// production reads it (docs/booking.md, "What each call answers"): either is read, `id` first.
const Service = z
  .object({
    id: id.optional().catch(undefined),
    service_id: id.optional().catch(undefined),
    title: z.string().trim().min(1).optional(),
    name: z.string().trim().min(1).optional(),
    // Public integrations read one `price`; a range, where an account sends one, is read too.
    price: optionalNumber,
    price_min: optionalNumber,
    price_max: optionalNumber,
  })
  // Neither: not a service we can book, left out of the list like any item that cannot be read.
  .transform(({ id: ownId, service_id, ...rest }, ctx) => {
    const serviceId = ownId ?? service_id;
    if (serviceId === undefined) {
      ctx.issues.push({ code: 'custom', message: 'a service without an id', input: rest });
      return z.NEVER;
    }
    return { ...rest, id: serviceId };
  });

/** `getServices`: a list of services. */
export const ServicesData = lenientList(Service);

const User = z.object({
  id,
  name: optionalText,
  last_name: optionalText,
  first_name: optionalText,
  third_name: optionalText,
  profession_titles: optionalText,
  profession: z.unknown().optional(),
  /** The ids of the services the doctor does; absent (or unreadable): every service, as before this field was read. */
  services: z.array(id).optional().catch(undefined),
});

/** `getUsers`: the doctors. */
export const UsersData = lenientList(User);

export type RenovatioUser = z.output<typeof User>;

const Slot = z.object({
  clinic_id: id.optional().catch(undefined),
  date: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
  time_start_short: z.string().regex(/^\d{1,2}:\d{2}$/),
  time_end_short: z
    .string()
    .regex(/^\d{1,2}:\d{2}$/)
    .optional()
    .catch(undefined),
  is_busy: flag,
  /** The schedule's category of the cell (RENOVATIO_CATEGORY_ID names the one opened for online booking). */
  category_id: optionalId,
});

export type RenovatioSlot = z.output<typeof Slot>;

/** `getSchedule`: slots keyed by doctor id (`[]` when nobody has any). */
export const ScheduleData = z.union([
  z.array(z.never()).transform((): Record<string, RenovatioSlot[]> => ({})),
  z.record(z.string(), lenientList(Slot).catch([])),
]);

/** `createAppointment`: the new appointment's id (an account may wrap it as `{id}`). */
export const CreatedData = z.union([
  id,
  z.object({ id }).transform((value) => value.id),
  z.object({ appointment_id: id }).transform((v) => v.appointment_id),
]);

/**
 * `getAppointment` by `appointment_id`: a list of one visit (or the visit itself). Its start is "dd.mm.yyyy HH:MM";
 * `status` "refused" is a cancelled visit, and a visit the front desk moved names the new one in `moved_to`.
 */
const Visit = z.object({
  id,
  time_start: z.string().regex(/^(\d{2}\.\d{2}\.\d{4}|\d{4}-\d{2}-\d{2})[ T]\d{1,2}:\d{2}/),
  doctor_id: optionalId,
  status: optionalText,
  is_deleted: flag,
  moved_to: optionalId,
});

export const AppointmentData = z.union([
  z
    .array(z.unknown())
    .min(1)
    .transform((list) => list[0])
    .pipe(Visit),
  Visit,
]);

export type RenovatioVisit = z.output<typeof Visit>;
