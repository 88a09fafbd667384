import type { FreeTime } from '../../booking/booking-system';
import type { CatalogService, CatalogStaff } from '../../booking/catalog';
import type { ChoiceQuery } from '../../booking/booking-url';

/** What the patient has chosen so far, resolved against the schedule. */
export interface Choice {
  service?: CatalogService;
  /** undefined: not chosen yet; 'any': «Любой специалист». */
  doctor?: CatalogStaff | 'any';
  /** YYYY-MM-DD */
  date?: string;
  time?: FreeTime;
  /** With «any», who the chosen time is with. */
  staff?: CatalogStaff;
  /** Moving a booking: its reference. */
  moving?: { id: string; hash: string };
  /** The same choice as an address's query. */
  query: ChoiceQuery;
}

/** One day of the calendar step: `free` days are links. */
export interface CalendarDay {
  date: string;
  free: boolean;
}

/** The patient's fields as typed: kept through every step and every refusal. */
export interface PersonValues {
  name: string;
  phone: string;
  email: string;
  comment: string;
  consent: boolean;
}

export interface PersonForm {
  values: PersonValues;
  /** Messages by field name (name, phone, email, consent, code, _form). */
  errors: Record<string, string>;
  /** This attempt's own id (the idempotency key): the same form sent twice books once. */
  key: string;
}

export type BookingView =
  | { step: 'service'; choice: Choice; services: CatalogService[] }
  | { step: 'doctor'; choice: Choice; doctors: CatalogStaff[]; anyone: boolean }
  | { step: 'date'; choice: Choice; days: CalendarDay[] }
  | { step: 'time'; choice: Choice; times: FreeTime[] }
  | {
      step: 'person';
      choice: Choice;
      form: PersonForm;
      /** The time was taken meanwhile: the nearest other times, to choose without typing again. */
      taken?: FreeTime[];
      /** Why the time cannot be booked: another's booking (the default), or the patient's own other visit then. */
      takenWhy?: 'own-visit';
      /** The system asks for an SMS code before it books. */
      codes: boolean;
    }
  | { step: 'code'; choice: Choice; form: PersonForm; code?: string }
  /** Moving a booking: the new time chosen, to confirm. */
  | { step: 'move'; choice: Choice }
  | {
      step: 'unavailable';
      choice: Choice;
      form: PersonForm;
      sent?: 'accepted' | 'queued';
      /** The schedule refused this booking for a reason of its own (not a clash), rather than failing to answer. */
      why?: 'declined';
    };

/** A booking as its manage page shows it. */
export interface BookedView {
  id: string;
  hash: string;
  /** ISO 8601 with offset. */
  datetime: string;
  /** The day (YYYY-MM-DD) and time (HH:MM) on the clinic's clock, from the instant (docs/booking.md). */
  date: string;
  time: string;
  staffName?: string;
  staffPath?: string;
  services: { title: string; price?: number; path?: string }[];
  deleted: boolean;
  /** Just booked (the confirmation), or opened from the link later. */
  fresh: boolean;
  canMove: boolean;
  /** What the last action on the page did (docs/booking.md, "Managing a booking"). */
  notice?: BookedNotice;
  error?: string;
}

/**
 * What the last action on a booking's page did: cancelled, moved; a cancel the system refused (too late); a move by
 * booking anew whose old booking could not be cancelled, the new one then cancelled (`move-failed`) or not (`move-double`).
 */
export const BOOKED_NOTICES = ['cancelled', 'moved', 'cancel-refused', 'move-failed', 'move-double'] as const;
export type BookedNotice = (typeof BOOKED_NOTICES)[number];
