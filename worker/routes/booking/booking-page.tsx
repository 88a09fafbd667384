import type { C } from '../../app-env';
import type { PostedPerson } from '../../booking/person';
import { nearestTimes } from '../../loaders/booking-choice';
import { BookingScreen } from '../../screens/booking/BookingScreen';
import type { BookingView, Choice, PersonForm } from '../../screens/booking/booking-view';
import { choiceComment } from '../../screens/booking/choice-words';
import { privatePage } from '../private-page';

const BOOKING_TITLE = 'Онлайн-запись';

export const emptyPerson = (): PostedPerson => ({ name: '', phone: '', email: '', comment: '', consent: false, trap: false });

export const personForm = (person: PostedPerson, key: string, errors: Record<string, string> = {}): PersonForm => ({
  values: { name: person.name, phone: person.phone, email: person.email, comment: person.comment, consent: person.consent },
  errors,
  key,
});

/** The first step (the services) may be kept by the browser for a minute; every later one, by nobody (free times change by the minute). */
export async function bookingPage(c: C, view: BookingView, status = 200): Promise<Response> {
  const response = await c.render(<BookingScreen view={view} />, { title: BOOKING_TITLE, status });
  const early = view.step === 'service';
  response.headers.set('Cache-Control', early ? 'private, max-age=60' : 'private, no-store');
  return privatePage(response, { store: true });
}

/** What the request form in place of online booking keeps and says. */
export interface RequestInstead {
  person?: PostedPerson;
  key?: string;
  /** The choice as the form said it in words, for when the schedule failed before the choice could be resolved again. */
  said?: string;
  /** The system refused this booking (BookingError 'declined'), rather than failing to answer. */
  why?: 'declined';
}

/** The request form in place of online booking: the choice in its comment and anything already typed kept. */
export function unavailableView(
  choice: Choice,
  { person = emptyPerson(), key = crypto.randomUUID(), said = '', why }: RequestInstead = {},
): Extract<BookingView, { step: 'unavailable' }> {
  // The fullest account of the choice: the words of the page that resolved it, else what resolves now.
  const line = said || choiceComment(choice);
  const comment = !line || person.comment.includes(line) ? person.comment : [line, person.comment].filter(Boolean).join('\n');
  return { step: 'unavailable', choice, form: personForm({ ...person, comment }, key), ...(why ? { why } : {}) };
}

/** The schedule failed or refused: the request form, the choice in its comment and anything already typed kept. */
export function unavailablePage(c: C, choice: Choice, kept?: RequestInstead) {
  return bookingPage(c, unavailableView(choice, kept));
}

/**
 * «Это время только что заняли» (docs/booking.md, "Never two patients in one slot"): the person's form again, with
 * everything typed, and the nearest other free times as buttons of the same form.
 */
export async function takenPage(
  c: C,
  choice: Choice,
  person: PostedPerson,
  key: string,
  today: string,
  /** The patient's own other visit at that time (YCLIENTS 437), said as such. */
  why?: 'own-visit',
): Promise<Response> {
  const { schedule } = c.var.booking!;
  const taken = await nearestTimes(schedule, choice, today);
  const codes = schedule.system.capabilities.codes;
  return bookingPage(c, { step: 'person', choice, form: personForm(person, key), codes, taken, takenWhy: why }, 409);
}
