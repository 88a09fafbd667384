import { Hono } from 'hono';
import type { AppEnv, C } from '../../app-env';
import { BookingError, type BookingRecord, type BookingRef } from '../../booking/booking-system';
import { BOOKING_ICS_PATH, BOOKING_MANAGE_PATH, BOOKING_PATH, bookingUrl, icsUrl, manageUrl } from '../../booking/booking-url';
import type { BookingCatalog } from '../../booking/catalog';
import { clinicTime } from '../../booking/clinic-time';
import { slotHold } from '../../booking/hold';
import { icsOf } from '../../booking/ics';
import { loadCatalog } from '../../loaders/booking-choice';
import { framed } from '../../middleware/page-renderer';
import { BookedScreen } from '../../screens/booking/BookedScreen';
import { BOOKED_NOTICES, type BookedNotice, type BookedView } from '../../screens/booking/booking-view';
import { formOf, field } from '../editors/form';
import { ownPostsOnly, privatePage } from '../private-page';
import { renderError } from '../error';

/** docs/booking.md, "Managing a booking": the page a booking's link opens, its calendar file, cancelling and moving. */
export const bookingManage = new Hono<AppEnv>();

const REF_ID = /^[\w.-]{1,120}$/;
const REF_HASH = /^[\w-]{1,200}$/;

const refOf = (id: string | undefined, hash: string | undefined): BookingRef | null =>
  id && hash && REF_ID.test(id) && REF_HASH.test(hash) ? { id, hash } : null;

async function catalogOrNothing(c: C): Promise<BookingCatalog | undefined> {
  const { schedule, settings } = c.var.booking!;
  return loadCatalog(schedule, c.var.drupal, settings.idField).catch(() => undefined);
}

function viewOf(record: BookingRecord, catalog: BookingCatalog | undefined, canMove: boolean, timeZone: string): BookedView {
  const staff = record.staffId ? catalog?.staffMember(record.staffId) : undefined;
  // The day and time on the clinic's clock, from the instant, whatever offset the system wrote (docs/booking.md).
  const at = clinicTime(record.datetime, timeZone);
  if (!at) throw new BookingError('unavailable', 'the booking’s time is not a moment we can read');
  return {
    id: record.id,
    hash: record.hash,
    datetime: record.datetime,
    date: at.date,
    time: at.time,
    // Drupal's name of the specialist, as the steps showed it; the schedule's own («Иванова Е. С.») only without one.
    staffName: (staff?.inDrupal ? staff.name : undefined) ?? record.staffName ?? staff?.name,
    staffPath: staff?.inDrupal ? staff.path : undefined,
    services: record.services.map((s) => ({
      title: s.title || catalog?.service(s.id)?.title || 'Услуга',
      price: s.price,
      path: catalog?.service(s.id)?.path,
    })),
    deleted: record.deleted,
    fresh: false,
    canMove,
  };
}

/** A link to a booking that is not there (or not this hash's): the 404 page, which says nothing of which. */
const notFound = async (c: C) => privatePage(await renderError(c, 404), { store: false });

bookingManage.get(BOOKING_MANAGE_PATH, framed(), async (c) => {
  if (!c.var.booking) return notFound(c);
  const ref = refOf(c.req.query('id'), c.req.query('hash'));
  if (!ref) return notFound(c);
  const { system } = c.var.booking.schedule;
  try {
    const [record, catalog] = await Promise.all([system.read(ref), catalogOrNothing(c)]);
    const notice = c.req.query('notice');
    // Every system can be moved: in place, or by booking anew and then cancelling (docs/booking.md, "Moving a booking").
    const view: BookedView = {
      ...viewOf(record, catalog, true, c.var.booking.settings.timeZone),
      fresh: c.req.query('fresh') === '1',
      notice: BOOKED_NOTICES.find((known) => known === notice),
    };
    if (view.notice === 'cancelled') view.deleted = true;
    const serviceId = record.services[0]?.id;
    const moveUrl =
      view.canMove && !view.deleted && serviceId && record.staffId
        ? bookingUrl({ service: serviceId, doctor: staffLinkOf(record.staffId, catalog), move: ref.id, hash: ref.hash })
        : undefined;
    // docs/booking.md, "The page": a cancelled booking leads back into the booking at its service and specialist.
    const againUrl = view.deleted
      ? bookingUrl({ service: serviceId, doctor: record.staffId ? staffLinkOf(record.staffId, catalog) : undefined })
      : undefined;
    const response = await c.render(
      <BookedScreen
        view={view}
        address={c.var.config.site.legal?.address}
        moveUrl={moveUrl}
        againUrl={againUrl}
        icsUrl={icsUrl(ref)}
        metrikaId={c.var.config.metrikaId}
        phone={c.var.config.site.phone}
      />,
      {
        title: view.deleted ? 'Запись отменена' : 'Ваша запись',
      },
    );
    return privatePage(response, { store: false });
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    if (error.kind === 'not-found') return notFound(c);
    console.warn(`Онлайн-запись: запись не прочитана (${error.message})`);
    return privatePage(await renderError(c, 503), { store: false });
  }
});

/** A specialist Drupal has no page for is moved under «any»: the steps show only doctors with a page. */
const staffLinkOf = (staffId: string, catalog: BookingCatalog | undefined) =>
  catalog?.staffMember(staffId)?.inDrupal === false ? 'any' : staffId;

bookingManage.post(BOOKING_MANAGE_PATH, ownPostsOnly, async (c) => {
  if (!c.var.booking) return notFound(c);
  const form = await formOf(c);
  const ref = refOf(field(form, 'id'), field(form, 'hash'));
  if (!ref) return notFound(c);
  const { schedule } = c.var.booking;
  const { system } = schedule;
  const action = field(form, 'action');
  const withNotice = (notice: BookedNotice) => privatePage(c.redirect(`${manageUrl(ref)}&notice=${notice}`, 303), { store: false });
  // docs/booking.md, "Caching": the day a booking leaves (and the day it moves to) is asked anew. Its staff and time
  // are the schedule's answer; one that cannot be read forgets nothing (the times then live out their minute).
  const forget = async (record: BookingRecord | undefined, datetime = record?.datetime) => {
    if (record?.staffId && datetime) await schedule.forgetTimes({ staffId: record.staffId, datetime });
  };
  const readOrNothing = () => system.read(ref).catch(() => undefined);
  try {
    if (action === 'cancel') {
      try {
        // Read beside the cancel, not before it: a read after it still names the staff and the time.
        const [record] = await Promise.all([readOrNothing(), system.cancel(ref)]);
        await forget(record);
      } catch (error) {
        // Too late by the company's settings: the booking stands, and the page says to call (docs/booking.md).
        if (error instanceof BookingError && error.kind === 'cancel-refused') return withNotice('cancel-refused');
        throw error;
      }
      return withNotice('cancelled');
    }
    const datetime = field(form, 'datetime');
    if (action === 'move' && system.capabilities.move && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(datetime)) {
      // The new time is held as a new booking's is (docs/booking.md, "Never two patients in one slot").
      const hold = slotHold(c.var.config.slotHolds, { serviceId: '', staffId: field(form, 'staff'), datetime }, `move-${ref.id}`);
      await hold.take();
      const record = await readOrNothing();
      try {
        await system.move(ref, datetime);
      } finally {
        await hold.release();
      }
      await Promise.all([forget(record), forget(record, datetime)]);
      return withNotice('moved');
    }
    return c.text('Неизвестное действие', 400);
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    if (error.kind === 'not-found') return notFound(c);
    // Taken meanwhile (or the patient's own other visit then): back to choosing a time for the move.
    if (error.kind === 'taken' || error.kind === 'own-visit')
      return privatePage(c.redirect(`${BOOKING_PATH}?${new URLSearchParams({ move: ref.id, hash: ref.hash }).toString()}`, 303), {
        store: false,
      });
    console.warn(`Онлайн-запись: действие с записью не выполнено (${error.message})`);
    return privatePage(await renderError(c, 503), { store: false });
  }
});

bookingManage.get(BOOKING_ICS_PATH, async (c) => {
  if (!c.var.booking) return c.text('Не найдено', 404);
  const ref = refOf(c.req.query('id'), c.req.query('hash'));
  if (!ref) return c.text('Не найдено', 404);
  try {
    const [record, catalog] = await Promise.all([c.var.booking.schedule.system.read(ref), catalogOrNothing(c)]);
    const view = viewOf(record, catalog, false, c.var.booking.settings.timeZone);
    const { config } = c.var;
    const body = icsOf({
      uid: `${record.id}@${new URL(config.siteUrl).host}`,
      start: record.datetime,
      minutes: 60,
      summary: `${view.services.map((s) => s.title).join(', ') || 'Приём'} — ${config.site.name}`,
      location: config.site.legal?.address,
      description: [view.staffName && `Специалист: ${view.staffName}`, `Телефон клиники: ${config.site.phone}`].filter(Boolean).join('\n'),
      url: `${config.siteUrl}${manageUrl(ref)}`,
    });
    return new Response(body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'attachment; filename="zapis.ics"',
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    return c.text(
      error.kind === 'not-found' ? 'Не найдено' : 'Расписание клиники сейчас не отвечает',
      error.kind === 'not-found' ? 404 : 503,
    );
  }
});
