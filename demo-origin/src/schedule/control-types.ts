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

/** GET /__demo/schedule. */
export interface ScheduleState {
  /** YCLIENTS' company id ({cid}). */
  readonly companyId: string;
  /** Renovatio's clinic id. */
  readonly clinicId: number;
  readonly settings: { readonly codes: boolean };
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
  /** Whether the company asks for an SMS code before it books (reset: it does). */
  settings(change: { codes: boolean }): Promise<{ codes: boolean }>;
  /** The code last sent to this phone (digits with the country code), or null. */
  lastCode(phoneDigits: string): Promise<string | null>;
}
