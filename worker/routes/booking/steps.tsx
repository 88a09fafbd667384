import { Hono } from 'hono';
import type { AppEnv, C } from '../../app-env';
import { bookingMadeBy } from '../../booking/attempts';
import { BookingError } from '../../booking/booking-system';
import { BOOKING_PATH, manageUrl } from '../../booking/booking-url';
import type { BookingCatalog } from '../../booking/catalog';
import { clinicToday } from '../../booking/clinic-time';
import { postedPerson } from '../../booking/person';
import { calendarOf, cleanQuery, loadCatalog, prefetchChoice, reportEmptyList, resolveChoice, timesOf } from '../../loaders/booking-choice';
import { framed } from '../../middleware/page-renderer';
import type { BookingView, Choice } from '../../screens/booking/booking-view';
import { formOf } from '../editors/form';
import { ownPostsOnly, privatePage } from '../private-page';
import { renderError } from '../error';
import { bookOrAsk } from './book';
import { bookingPage, emptyPerson, personForm, takenPage, unavailablePage, unavailableView } from './booking-page';
import { sendRequest } from './request-lead';

/** docs/booking.md, "The page": /booking.html, every step a GET of the choice so far, the person's data a POST. */
export const bookingSteps = new Hono<AppEnv>();

/** The step the choice reaches. */
export async function stepView(c: C, catalog: BookingCatalog, choice: Choice, today: string): Promise<BookingView> {
  const booking = c.var.booking!;
  const { schedule, settings } = booking;
  // An empty list while the system answered is a misconfigured account, not a dead end: the request form.
  if (!choice.service && catalog.services.length === 0) {
    reportEmptyList(schedule.system.name, 'services');
    return unavailableView(choice);
  }
  if (!choice.service) {
    const doctor = choice.doctor === 'any' ? undefined : choice.doctor;
    const theirs = doctor ? new Set((await schedule.services(doctor.id)).map((s) => s.id)) : undefined;
    return { step: 'service', choice, services: theirs ? catalog.services.filter((s) => theirs.has(s.id)) : catalog.services };
  }
  if (!choice.doctor) {
    const doers = new Set((await schedule.staff(choice.service.id)).map((s) => s.id));
    if (doers.size === 0) {
      reportEmptyList(schedule.system.name, 'staff');
      return unavailableView(choice);
    }
    const doctors = catalog.staff.filter((s) => doers.has(s.id) && s.inDrupal);
    return { step: 'doctor', choice, doctors, anyone: doers.size > 0 };
  }
  if (!choice.date) return { step: 'date', choice, days: await calendarOf(schedule, choice, today) };
  if (!choice.time) return { step: 'time', choice, times: await timesOf(schedule, choice) };
  // In place where the system can; else the patient's details, to book the new time before the old one is cancelled.
  if (choice.moving && schedule.system.capabilities.move) return { step: 'move', choice };
  return {
    step: 'person',
    choice,
    form: personForm(emptyPerson(), crypto.randomUUID()),
    codes: settings.provider === 'yclients' && settings.codes,
  };
}

bookingSteps.get(BOOKING_PATH, framed(), async (c) => {
  if (!c.var.booking) return renderError(c, 404);
  const query = cleanQuery(c.req.query());
  const today = clinicToday(Date.now(), c.var.booking.settings.timeZone);
  let choice: Choice = { query };
  try {
    prefetchChoice(c.var.booking.schedule, query, today);
    const catalog = await loadCatalog(c.var.booking.schedule, c.var.drupal, c.var.booking.settings.idField);
    choice = await resolveChoice(c.var.booking.schedule, catalog, query, today);
    return await bookingPage(c, await stepView(c, catalog, choice, today));
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    console.warn(`Онлайн-запись: расписание не ответило (${error.message})`);
    return unavailablePage(c, choice);
  }
});

bookingSteps.post(BOOKING_PATH, framed(), ownPostsOnly, async (c) => {
  if (!c.var.booking) return renderError(c, 404);
  const form = await formOf(c);
  const field = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined);
  const query = cleanQuery({
    service: field('service'),
    doctor: field('doctor'),
    date: field('date'),
    time: field('time'),
    staff: field('staff'),
    move: field('move'),
    hash: field('hash'),
  });
  // A nearest time chosen after «taken»: "YYYY-MM-DD HH:MM staff".
  const [retimeDate, retimeTime, retimeStaff] = (field('retime') ?? '').split(' ');
  if (retimeDate && retimeTime)
    Object.assign(query, cleanQuery({ ...query, date: retimeDate, time: retimeTime, staff: retimeStaff || query.staff }));
  const person = postedPerson(form);
  const key = /^[\w-]{8,64}$/.test(field('key') ?? '') ? (field('key') as string) : crypto.randomUUID();
  const action = field('action');
  const today = clinicToday(Date.now(), c.var.booking.settings.timeZone);
  let choice: Choice = { query };
  try {
    if (action === 'request') return await sendRequest(c, choice, person, key);
    // The same form sent again once its booking is made (a double submit, a reload): that booking, before the choice is
    // checked again — the time is no longer free, being this very booking, whose free times were forgotten at once
    // (docs/booking.md, "Never two patients in one slot", "Caching").
    const made = await bookingMadeBy(c.var.config.kv, key);
    // A move's form shows its booking as it now is (moved, or the old one that stands).
    if (made) return privatePage(c.redirect(query.move ? manageUrl(made) : `${manageUrl(made)}&fresh=1`, 303), { store: false });
    const catalog = await loadCatalog(c.var.booking.schedule, c.var.drupal, c.var.booking.settings.idField);
    choice = await resolveChoice(c.var.booking.schedule, catalog, query, today);
    // The time is no longer among the free ones: taken, as if the schedule had refused it.
    if (!choice.time && choice.date && query.time) return await takenPage(c, choice, person, key, today);
    if (!choice.time) return await bookingPage(c, await stepView(c, catalog, choice, today), 409);
    return await bookOrAsk(c, { choice, person, key, code: field('code')?.trim() ?? '', action: retimeDate ? 'retime' : action, today });
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    const declined = error.kind === 'declined';
    console.warn(`Онлайн-запись: ${declined ? 'расписание отказало в записи' : 'расписание не ответило'} (${error.message})`);
    return unavailablePage(c, choice, { person, key, said: (field('said') ?? '').slice(0, 300), ...(declined ? { why: 'declined' } : {}) });
  }
});
