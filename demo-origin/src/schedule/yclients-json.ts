/**
 * The YCLIENTS face's objects (routes/yclients.ts): a service and a record as the online-booking calls
 * send them, prices read from the demo's price list on every call.
 */
import type { Json } from '../lib/json';
import { DEMO_YCLIENTS_COMPANY_ID, serviceById, servicePrice, staffById } from './model';
import type { ScheduleBooking } from './state';
import { hhmm, isoInOffset, isoOf, localOf } from './time';

export function serviceJson(id: number, weight: number): Json {
  const s = serviceById(id);
  if (!s) return null;
  const price = servicePrice(s);
  return {
    id: s.id,
    title: s.title,
    category_id: s.categoryId,
    price_min: price.min,
    price_max: price.max,
    discount: 0,
    comment: '',
    weight,
    active: 1,
    sex: 0,
    image: '',
    prepaid: 'forbidden',
    seance_length: s.minutes * 60,
  };
}

/** `offset`: the offset read-back datetimes are written in (the `readOffset` quirk); null, the clinic's "+03:00". */
export function recordJson(b: ScheduleBooking, offset: string | null = null): Json {
  const staff = staffById(b.staffId);
  const at = { date: b.date, minutes: b.start };
  return {
    id: b.id,
    company_id: Number(DEMO_YCLIENTS_COMPANY_ID),
    services: b.serviceIds.map((id) => {
      const s = serviceById(id);
      const price = s ? servicePrice(s) : { min: 0, max: 0 };
      return { id, title: s?.title ?? '', cost: price.min, price_min: price.min, price_max: price.max, discount: 0, amount: 1 };
    }),
    staff: staff ? { id: staff.id, name: staff.name, specialization: staff.specialization, avatar: '' } : null,
    date: `${b.date} ${hhmm(b.start)}:00`,
    datetime: offset === null ? isoOf(at) : isoInOffset(at, offset),
    create_date: isoOf(localOf(b.createdAt)),
    comment: b.comment,
    online: true,
    attendance: b.confirmed ? 2 : 0,
    length: b.minutes * 60,
    deleted: b.deleted,
    api_id: b.apiId,
  };
}
