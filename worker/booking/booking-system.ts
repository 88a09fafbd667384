/**
 * A clinic's schedule system (its МИС) as the booking pages use it: one small interface, one
 * implementation per system (booking/yclients/, booking/renovatio/), chosen by BOOKING_PROVIDER.
 * Every answer is parsed with zod inside the implementation; past it, only these types.
 * docs/booking.md says what each system really answers and how our words map onto theirs.
 */

/** A service as the schedule sells it. Prices in rubles; the system may give a range or none. */
export interface BookingService {
  id: string;
  title: string;
  priceMin?: number;
  priceMax?: number;
  /** The visit's length in seconds, where the system says. */
  durationSeconds?: number;
}

/** A specialist the schedule books. */
export interface BookingStaff {
  id: string;
  name: string;
  specialization?: string;
}

/** One free time of one day: `datetime` is ISO 8601 with the clinic's offset ("2026-12-01T12:00:00+03:00"). */
export interface FreeTime {
  /** HH:MM, the clinic's local time. */
  time: string;
  datetime: string;
  /** The specialist this time is with: known when asked for one, or when the system names who is free under «any». */
  staffId?: string;
  lengthSeconds?: number;
}

/** The patient, as typed on the booking page; never cached, logged or kept past the request. */
export interface Patient {
  name: string;
  /** Digits only, with the country code: "79991234567". */
  phone: string;
  email?: string;
  comment?: string;
}

/** What one booking is of: a service with a specialist at a time. */
export interface Appointment {
  serviceId: string;
  /** Never "any" here: the page resolves «Любой специалист» to the one the time is with before it books. */
  staffId: string;
  /** ISO 8601 with offset, as FreeTime.datetime. */
  datetime: string;
  /** The length to book, where the system needs one (Renovatio asks for an end time). */
  lengthSeconds?: number;
}

/** A booking made: what the manage link carries. `hash` authorises reading, cancelling and moving it. */
export interface BookingRef {
  id: string;
  hash: string;
}

/** A booking as the system tells it back. */
export interface BookingRecord extends BookingRef {
  datetime: string;
  staffId?: string;
  staffName?: string;
  services: { id: string; title: string; price?: number }[];
  /** Cancelled (by the patient or the clinic). */
  deleted: boolean;
}

/**
 * Why the system did not do what was asked, in our words. Every other answer (down, slow, a shape we do not know)
 * is `unavailable`: the page then offers the request form with the patient's choice, never an error page.
 */
export type BookingFailureKind =
  /**
   * The time was taken meanwhile, or no specialist is free then (YCLIENTS 433, 436, and a 422 of `book_check` or
   * `book_record` without a code we know; Renovatio's intersection).
   */
  | 'taken'
  /** The SMS code is wrong (YCLIENTS 432). */
  | 'wrong-code'
  /** The phone is not one the system accepts (431). */
  | 'bad-phone'
  /** The system refuses this phone (434). */
  | 'refused'
  /** The name is missing (435). */
  | 'no-name'
  /** The patient already has another visit at that time (YCLIENTS 437): they choose another time. */
  | 'own-visit'
  /** The service is no longer booked online (438). */
  | 'service-gone'
  /** The system will not cancel this booking online (too late by the company's settings, or not allowed at all). */
  | 'cancel-refused'
  /** The booking of a manage link is not there, or the hash is not its. */
  | 'not-found'
  /**
   * The system refused to book this visit for a reason of its own, not a clash (Renovatio's createAppointment under
   * code 500 without an intersection): said as a refusal, and the request form keeps the choice.
   */
  | 'declined'
  | 'unavailable';

export class BookingError extends Error {
  constructor(
    readonly kind: BookingFailureKind,
    /** For the log: what the system said, in our words (never the patient's data). */
    detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'BookingError';
  }
}

/** What a system can do beyond the common steps. */
export interface BookingCapabilities {
  /** It sends the patient an SMS code before it books (YCLIENTS with phone confirmation on). */
  readonly codes: boolean;
  /** It tells a booking back by id and hash (YCLIENTS); otherwise the manage page shows what its link says. */
  readonly read: boolean;
  /**
   * It moves a booking to another time in place (YCLIENTS with a user token); otherwise the site moves by booking the
   * new time first and cancelling the old one once the new one exists (docs/booking.md, "Moving a booking").
   */
  readonly move: boolean;
}

export interface BookingSystem {
  readonly name: 'yclients' | 'renovatio';
  readonly capabilities: BookingCapabilities;
  /** The services online booking offers; with `staffId`, those that specialist does (where the system can say; else all). */
  services(staffId?: string): Promise<BookingService[]>;
  /** The specialists who do `serviceId` (all of them without one). */
  staff(serviceId?: string): Promise<BookingStaff[]>;
  /** Days (YYYY-MM-DD) from `from` to `to` inclusive with a free time; `staffId` undefined = any specialist. */
  dates(query: { serviceId: string; staffId?: string; from: string; to: string }): Promise<string[]>;
  /** The free times of one day, earliest first. */
  times(query: { serviceId: string; staffId?: string; date: string }): Promise<FreeTime[]>;
  /** Sends the SMS code (only where `capabilities.codes`). */
  sendCode(patient: Pick<Patient, 'name' | 'phone'>): Promise<void>;
  /** Resolves when the time can still be booked; throws BookingError('taken') when it cannot. */
  check(appointment: Appointment): Promise<void>;
  /**
   * Books. `key` is the site's own id of this booking attempt: the same key sent twice books once
   * (YCLIENTS' api_id; the site also remembers the answer under it).
   */
  create(input: { appointment: Appointment; patient: Patient; code?: string; key: string }): Promise<BookingRef>;
  /** Only where `capabilities.read`. */
  read(ref: BookingRef): Promise<BookingRecord>;
  cancel(ref: BookingRef): Promise<void>;
  /** Only where `capabilities.move`. */
  move(ref: BookingRef, datetime: string): Promise<void>;
}
