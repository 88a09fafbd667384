import { z } from 'zod';
import { BookingError, type Appointment, type BookingRecord, type BookingRef, type BookingSystem } from '../booking-system';
import { DEFAULT_TIMEZONE } from '../../config/booking';
import { clinicTime } from '../clinic-time';
import { callYclients, type YclientsCall, type YclientsHttp } from './http';
import { CreatedData, DatesData, RecordData, ServicesData, StaffData, TimesData, type YclientsRecord } from './schemas';

/**
 * YCLIENTS behind the booking seam, through its online-booking calls (`book_*`, docs/booking.md).
 * The partner token books; a user token, when set, is sent beside it, and only with it is a booking moved in place
 * (`PUT book_record` is "partner + user"). Nothing here keeps state: one system serves every request.
 */

export interface YclientsOptions {
  /** "https://api.yclients.com/api/v1". */
  apiUrl: string;
  companyId: string;
  partnerToken: string;
  userToken?: string;
  timeoutMs: number;
  /** The booking form confirms the phone by an SMS code (its `phone_confirmation`). */
  codes: boolean;
  /** The company's IANA time zone: the clock its times are shown on (BOOKING_TIMEZONE, Moscow by default). */
  timeZone?: string;
  fetch?: typeof fetch;
}

/** How many hours before the visit YCLIENTS reminds the patient by SMS (0 would send none). */
const REMIND_HOURS = 24;

/** What a call whose answer we do not read accepts: `book_code`, `book_check`, PUT and DELETE answer `data: null` or nothing useful. */
const Ignored = z.unknown();

/** Our ids are strings; YCLIENTS' are numbers, so a numeric id goes as one. */
const idOut = (id: string): number | string => (/^\d+$/.test(id) ? Number(id) : id);

/** "+7 (999) 123-45-67" → "79991234567": the patient's phone is digits with the country code. */
const digits = (phone: string) => phone.replace(/\D/g, '');

/** A time refused with `meta.message` alone (the Blueprint's own 422 example of `book_check`) is taken. */
const timeRefused = (status: number) => (status === 422 || status < 300 ? 'taken' : undefined);

/** Any refusal of a cancel but 404 is the company's: too late by its settings, or not online at all. */
const cancelRefused = (status: number) => (status !== 404 ? 'cancel-refused' : undefined);

function appointmentsOf(appointment: Appointment) {
  return [{ id: 1, services: [idOut(appointment.serviceId)], staff_id: idOut(appointment.staffId), datetime: appointment.datetime }];
}

export function createYclientsSystem(options: YclientsOptions): BookingSystem {
  const http: YclientsHttp = {
    apiUrl: options.apiUrl,
    partnerToken: options.partnerToken,
    userToken: options.userToken,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
  };
  const cid = encodeURIComponent(options.companyId);
  const call = <T extends z.ZodType>(spec: YclientsCall<T>) => callYclients(http, spec);
  const timeZone = options.timeZone ?? DEFAULT_TIMEZONE;
  /** A moment in any offset on the clinic's clock (docs/booking.md, "Times and the clinic's time zone"). */
  const onClinicClock = (datetime: string, name: string) => {
    const at = clinicTime(datetime, timeZone);
    if (!at) throw new BookingError('unavailable', `YCLIENTS ${name}: a datetime we cannot read`);
    return at;
  };
  const serviceQuery = (serviceId: string | undefined): [string, string][] => (serviceId ? [['service_ids[]', serviceId]] : []);
  const recordPath = (ref: BookingRef) => `${encodeURIComponent(ref.id)}/${encodeURIComponent(ref.hash)}`;

  const readRecord = (ref: BookingRef): Promise<YclientsRecord> =>
    call({ method: 'GET', path: `book_record/${cid}/${recordPath(ref)}`, name: 'book_record (read)', schema: RecordData, byLink: true });

  return {
    name: 'yclients',
    capabilities: { codes: options.codes, read: true, move: Boolean(options.userToken) },

    async services(staffId) {
      const query: [string, string][] = staffId ? [['staff_id', staffId]] : [];
      const data = await call({ method: 'GET', path: `book_services/${cid}`, query, name: 'book_services', schema: ServicesData });
      return data.services.map((service) => ({
        id: service.id,
        title: service.title,
        // YCLIENTS writes 0 where the clinic set no price.
        priceMin: service.price_min || undefined,
        priceMax: service.price_max || undefined,
        durationSeconds: service.seance_length || undefined,
      }));
    },

    async staff(serviceId) {
      const data = await call({
        method: 'GET',
        path: `book_staff/${cid}`,
        name: 'book_staff',
        query: serviceQuery(serviceId),
        schema: StaffData,
      });
      return data
        .filter((staff) => staff.bookable !== false && staff.bookable !== 0)
        .map((staff) => ({ id: staff.id, name: staff.name, specialization: staff.specialization }));
    },

    async dates({ serviceId, staffId, from, to }) {
      const query: [string, string][] = [...serviceQuery(serviceId), ['date_from', from], ['date_to', to]];
      if (staffId) query.push(['staff_id', staffId]);
      const data = await call({ method: 'GET', path: `book_dates/${cid}`, name: 'book_dates', query, schema: DatesData });
      return [...new Set(data.booking_dates)].filter((date) => date >= from && date <= to).sort();
    },

    async times({ serviceId, staffId, date }) {
      const path = `book_times/${cid}/${encodeURIComponent(staffId ?? '0')}/${encodeURIComponent(date)}`;
      const data = await call({ method: 'GET', path, name: 'book_times', query: serviceQuery(serviceId), schema: TimesData });
      return data
        .flatMap((slot) => {
          // The time is the instant's on the clinic's clock, whatever offset the account writes and whatever `time` says.
          const at = clinicTime(slot.datetime, timeZone);
          if (!at) return [];
          return [
            {
              time: at.time,
              datetime: at.iso,
              // Under «any» YCLIENTS does not say who is free then: the page asks again with one specialist.
              staffId,
              lengthSeconds: slot.seance_length ?? slot.sum_length,
            },
          ];
        })
        .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
    },

    async sendCode(patient) {
      if (!options.codes) throw new BookingError('unavailable', 'YCLIENTS: phone confirmation is off for this clinic');
      await call({
        method: 'POST',
        path: `book_code/${cid}`,
        name: 'book_code',
        body: { phone: digits(patient.phone), fullname: patient.name.trim() },
        schema: Ignored,
      });
    },

    async check(appointment) {
      // 201 when bookable; 422 with 433/436/437/438, or with `meta.message` alone, otherwise (callYclients maps them).
      await call({
        method: 'POST',
        path: `book_check/${cid}`,
        name: 'book_check',
        body: { appointments: appointmentsOf(appointment) },
        schema: Ignored,
        refused: timeRefused,
      });
    },

    async create({ appointment, patient, code, key }) {
      const body = {
        phone: digits(patient.phone),
        fullname: patient.name.trim(),
        email: patient.email ?? '',
        ...(code !== undefined ? { code } : {}),
        comment: patient.comment ?? '',
        // Our own id of this attempt: YCLIENTS books one record per api_id, so a retry does not book twice.
        api_id: key,
        notify_by_sms: REMIND_HOURS,
        appointments: appointmentsOf(appointment),
      };
      const data = await call({
        method: 'POST',
        path: `book_record/${cid}`,
        name: 'book_record',
        body,
        schema: CreatedData,
        refused: timeRefused,
      });
      const first = data[0]!;
      return { id: first.record_id, hash: first.record_hash };
    },

    async read(ref): Promise<BookingRecord> {
      const record = await readRecord(ref);
      return {
        id: ref.id,
        hash: ref.hash,
        datetime: onClinicClock(record.datetime, 'book_record (read)').iso,
        staffId: record.staff?.id ?? record.staff_id,
        staffName: record.staff?.name,
        services: (record.services ?? []).map((service) => ({
          id: service.id,
          title: service.title,
          price: service.cost || service.price_min || undefined,
        })),
        deleted: record.deleted ?? false,
      };
    },

    async cancel(ref) {
      await call({
        method: 'DELETE',
        path: `user/records/${recordPath(ref)}`,
        name: 'user/records (cancel)',
        schema: Ignored,
        byLink: true,
        refused: cancelRefused,
      });
    },

    async move(ref, datetime) {
      // Documented for partner + user only: without a user token the route moves by booking anew (capabilities.move).
      if (!options.userToken) throw new BookingError('unavailable', 'YCLIENTS book_record (move): no user token');
      // PUT takes no hash, so the link's hash is proved by reading the booking with it first.
      const record = await readRecord(ref);
      if (record.deleted) throw new BookingError('not-found', 'YCLIENTS book_record (move): the booking is cancelled');
      await call({
        method: 'PUT',
        path: `book_record/${cid}/${encodeURIComponent(ref.id)}`,
        name: 'book_record (move)',
        // The comment is sent back as it was, so moving does not wipe it.
        body: { datetime, comment: record.comment ?? '' },
        schema: Ignored,
        byLink: true,
        refused: timeRefused,
      });
    },
  };
}
