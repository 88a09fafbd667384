/**
 * The clinic's schedule system as the demo plays it (README.md, "Schedule system"): its staff, its
 * services and the working week. One schedule with two faces, YCLIENTS (routes/yclients.ts) and
 * Renovatio (routes/renovatio.ts), so both answer the same people, services and free times.
 *
 * A schedule system keeps its own ids and its own spelling of names: ids here are unrelated to
 * Drupal's nids, and two names differ from the doctors' titles the way real exports do, so the
 * site's matching of a specialist to a doctor's page is exercised.
 */
import { doctors } from '../content/people';
import { priceGroups, sumOf, type PriceRow } from '../content/prices';
import { serviceByNid } from '../content/services';

/** The demo company's id in YCLIENTS' URLs (the {cid} of every book_ call). */
export const DEMO_YCLIENTS_COMPANY_ID = '4564';
/** The demo clinic's id in Renovatio (getClinics). */
export const DEMO_RENOVATIO_CLINIC_ID = 1;

export interface ScheduleStaff {
  readonly id: number;
  readonly name: string;
  readonly specialization: string;
  /** The Drupal doctor this is (null: someone the site has no page for). */
  readonly doctorNid: number | null;
}

export interface ScheduleService {
  readonly id: number;
  readonly title: string;
  readonly categoryId: number;
  /** The Drupal service it is (prices come from its price rows). */
  readonly nid: number;
  readonly minutes: number;
  readonly staffIds: readonly number[];
}

export interface ScheduleCategory {
  readonly id: number;
  readonly title: string;
}

const doctorTitle = (nid: number): string => doctors.find((d) => d.nid === nid)?.title ?? `Врач ${nid}`;
const doctorPost = (nid: number): string => doctors.find((d) => d.nid === nid)?.post ?? 'Врач-косметолог';

function staffOf(id: number, nid: number, name = doctorTitle(nid)): ScheduleStaff {
  return { id, name, specialization: doctorPost(nid), doctorNid: nid };
}

/** Staff in the schedule's own order (the «any specialist» pick takes the first one free). */
export const scheduleStaff: readonly ScheduleStaff[] = [
  // Written with initials, as many schedule systems store names: «Иванова Елена Сергеевна» in Drupal.
  staffOf(1001, 50, 'Иванова Е. С.'),
  staffOf(1002, 51),
  staffOf(1003, 52),
  staffOf(1004, 53),
  staffOf(1005, 54),
  // «ё» where Drupal's title has «е» («Лебедева Наталья Павловна»): the site must match it all the same.
  staffOf(1006, 55, 'Лебёдева Наталья Павловна'),
  // The front desk's nurse: booked online, but Drupal has no doctor page for her.
  { id: 1007, name: 'Орлова Вера Николаевна', specialization: 'Медицинская сестра по косметологии', doctorNid: null },
];

const staffIdOfNid = new Map(scheduleStaff.flatMap((s) => (s.doctorNid === null ? [] : [[s.doctorNid, s.id] as const])));

/** The schedule's categories: Drupal's sections, under ids of their own. */
export const scheduleCategories: readonly ScheduleCategory[] = [
  { id: 301, title: 'Косметология' },
  { id: 302, title: 'Аппаратная косметология' },
  { id: 303, title: 'Инъекционная косметология' },
  { id: 304, title: 'Лазерная медицина' },
];
const categoryOfSection: Readonly<Record<number, number>> = { 10: 301, 11: 302, 12: 303, 13: 304 };

/** The section (depth-0 service) a service is under. */
function sectionOf(nid: number): number {
  let s = serviceByNid(nid);
  while (s && s.parent !== null) s = serviceByNid(s.parent);
  return s?.nid ?? nid;
}

/** The sums of the price rows that name a service (children included); none: the schedule shows no price. */
function priceRange(nid: number): { min: number; max: number } {
  const sums: number[] = [];
  const walk = (rows: readonly PriceRow[]) => {
    for (const r of rows) {
      if (r.nid === nid && r.sum) sums.push(Number(sumOf(r)));
      walk(r.childs);
    }
  };
  for (const g of priceGroups) walk(g.rows);
  return sums.length ? { min: Math.min(...sums), max: Math.max(...sums) } : { min: 0, max: 0 };
}

/** Who does a Drupal service: the doctors whose `services` list it, plus any extra staff given. */
function staffFor(nid: number, extra: readonly number[] = []): number[] {
  const ids = doctors.filter((d) => d.services.includes(nid)).flatMap((d) => staffIdOfNid.get(d.nid) ?? []);
  return [...ids, ...extra];
}

interface ServiceSeed {
  readonly id: number;
  readonly nid: number;
  readonly minutes: number;
  readonly extraStaff?: readonly number[];
}

const seeds: readonly ServiceSeed[] = [
  { id: 2001, nid: 36, minutes: 60, extraStaff: [1007] },
  { id: 2002, nid: 37, minutes: 90, extraStaff: [1007] },
  { id: 2003, nid: 38, minutes: 90 },
  { id: 2004, nid: 29, minutes: 45 },
  { id: 2005, nid: 41, minutes: 60 },
  // No price row names Ботулинотерапия itself: the schedule sends 0 for its price, as YCLIENTS does.
  { id: 2006, nid: 30, minutes: 30 },
  { id: 2007, nid: 45, minutes: 30 },
  { id: 2008, nid: 25, minutes: 60 },
];

export const scheduleServices: readonly ScheduleService[] = seeds.map((seed) => ({
  id: seed.id,
  title: serviceByNid(seed.nid)?.title ?? `Услуга ${seed.nid}`,
  categoryId: categoryOfSection[sectionOf(seed.nid)] ?? 301,
  nid: seed.nid,
  minutes: seed.minutes,
  staffIds: staffFor(seed.nid, seed.extraStaff),
}));

/** A service's price now: read on every call, so that an editor's price change (POST /__demo/prices) shows here too. */
export const servicePrice = (service: ScheduleService): { min: number; max: number } => priceRange(service.nid);

export const staffById = (id: number): ScheduleStaff | undefined => scheduleStaff.find((s) => s.id === id);
export const serviceById = (id: number): ScheduleService | undefined => scheduleServices.find((s) => s.id === id);
export const categoryById = (id: number): ScheduleCategory | undefined => scheduleCategories.find((c) => c.id === id);
