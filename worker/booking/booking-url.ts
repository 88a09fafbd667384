/**
 * The booking page's address for a choice (docs/booking.md, "The page"): every step is a plain GET, so that a
 * link opens any of them — from a doctor's page, a service's, or the Yandex feed — and the back button works.
 */
export const BOOKING_PATH = '/booking.html';
export const BOOKING_MANAGE_PATH = '/booking/manage';
export const BOOKING_ICS_PATH = '/booking/calendar.ics';
/** The id of every step's heading on the booking page (screens/booking/): where the phone bar's «Записаться» leads there. */
export const BOOKING_STEP_ANCHOR = 'booking-step-title';

/** What a step's address says: the schedule's ids, a day (YYYY-MM-DD) and a time (HH:MM). `doctor` "any" = «Любой специалист». */
export interface ChoiceQuery {
  service?: string;
  doctor?: string;
  date?: string;
  time?: string;
  /** With «any», the specialist the chosen time is with. */
  staff?: string;
  /** Moving a booking: its manage link's id and hash ride along through the steps. */
  move?: string;
  hash?: string;
}

const ORDER: readonly (keyof ChoiceQuery)[] = ['service', 'doctor', 'date', 'time', 'staff', 'move', 'hash'];

export function bookingUrl(query: ChoiceQuery): string {
  const search = new URLSearchParams();
  for (const key of ORDER) {
    const value = query[key];
    if (value) search.set(key, value);
  }
  const text = search.toString();
  return text ? `${BOOKING_PATH}?${text}` : BOOKING_PATH;
}

export const manageUrl = (ref: { id: string; hash: string }) =>
  `${BOOKING_MANAGE_PATH}?${new URLSearchParams({ id: ref.id, hash: ref.hash }).toString()}`;

export const icsUrl = (ref: { id: string; hash: string }) =>
  `${BOOKING_ICS_PATH}?${new URLSearchParams({ id: ref.id, hash: ref.hash }).toString()}`;
