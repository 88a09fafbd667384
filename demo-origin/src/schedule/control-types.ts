/**
 * The schedule system's test control as control-client.ts types it (GET /__demo/schedule and its
 * methods): types only, so that Node runs the client by stripping them.
 */

/** A booking in the demo's schedule system (GET /__demo/schedule): no patient's name or phone. */
export interface ScheduleBooking {
  readonly id: number;
  readonly staffId: number;
  readonly serviceIds: readonly number[];
  /** ISO 8601 with the clinic's +03:00 offset. */
  readonly datetime: string;
  readonly minutes: number;
  /** Which face booked it; "demo" is another patient (schedule.take()). */
  readonly source: 'yclients' | 'renovatio' | 'demo';
  readonly apiId: string | null;
  readonly cancelled: boolean;
  readonly confirmed: boolean;
}

/** An SMS code the schedule system "sent" (there is no SMS in the demo). */
export interface ScheduleCode {
  /** Digits with the country code. */
  readonly phone: string;
  readonly code: string;
  readonly sentAt: string;
  readonly expiresAt: string;
}

/**
 * How the demo answers where real accounts answer otherwise than our first reading of the documentation
 * (docs/booking.md, "What each call answers"): each switch plays one shape the evidence shows. All off after a reset:
 * the demo then answers as before.
 */
export interface ScheduleQuirks {
  /** YCLIENTS: `PUT book_record` without `User <token>` in Authorization is refused with 401 (partner + user only). */
  readonly moveNeedsUserToken: boolean;
  /** YCLIENTS: a time refused by `book_check`/`book_record` answers 422 with `meta.message` only, no `errors[]`. */
  readonly refusalWithoutCode: boolean;
  /**
   * YCLIENTS: the offset read-back datetimes (`GET`/`PUT book_record`) and `book_times`' datetimes are written in
   * ("+0000", "-0500", "+03:00", "Z"): the same instants on another clock; null: "+03:00" as before.
   */
  readonly readOffset: string | null;
  /** YCLIENTS: the company lets no patient cancel this late: `DELETE user/records` is refused (403, `meta.message` only). */
  readonly cancelRefused: boolean;
  /**
   * YCLIENTS: `book_record` refuses with 437 a time that overlaps a live booking made with the same phone (the patient's
   * own other visit), before it looks whether the time is free.
   */
  readonly ownVisitRefused: boolean;
  /** Renovatio: `getServices` items carry `service_id`, not `id`. */
  readonly servicesKeyedServiceId: boolean;
  /** Renovatio: `createAppointment` answers `code 500` with a description that is not an intersection. */
  readonly createRefusedOther: boolean;
  /** Renovatio: the schedule category opened for online booking; cells of other categories carry another `category_id`. */
  readonly onlineCategoryId: number | null;
  /** Renovatio: every `getUsers` item carries `services: []`, an account where no doctor has a service assigned. */
  readonly usersWithoutServices: boolean;
}

/** GET /__demo/schedule. */
export interface ScheduleState {
  /** YCLIENTS' company id ({cid}). */
  readonly companyId: string;
  /** Renovatio's clinic id. */
  readonly clinicId: number;
  readonly settings: { readonly codes: boolean; readonly quirks: ScheduleQuirks };
  readonly bookings: readonly ScheduleBooking[];
  /** Oldest first. */
  readonly codes: readonly ScheduleCode[];
}

export interface DemoScheduleControl {
  /** The YCLIENTS face's API base (the site's counterpart of https://api.yclients.com/api/v1). */
  readonly yclientsApiUrl: string;
  /** The Renovatio face's API base (the counterpart of https://app.rnova.org/api/public). */
  readonly renovatioApiUrl: string;
  /** The Russian page listing the last codes sent, for a person trying the site offline. */
  readonly codesPageUrl: string;
  state(): Promise<ScheduleState>;
  /** Another patient books `minutes` (30 unless given) from `datetime` with this specialist; 409 when that is not free. */
  take(slot: { staffId: number; datetime: string; minutes?: number }): Promise<ScheduleBooking>;
  /** Whether the company asks for an SMS code before it books (reset: it does), and which real shapes it answers in. */
  settings(change: { codes?: boolean; quirks?: Partial<ScheduleQuirks> }): Promise<{ codes: boolean; quirks: ScheduleQuirks }>;
  /** The code last sent to this phone (digits with the country code), or null. */
  lastCode(phoneDigits: string): Promise<string | null>;
  /**
   * The clinic's front desk cancels a booking, or moves it to `datetime` with the same specialist (a new booking, the
   * old one naming it in Renovatio's `moved_to`; 409 when that time is not free): the booking as it now is.
   */
  frontDesk(change: { id: number; cancel?: true; datetime?: string }): Promise<ScheduleBooking>;
}
