import type { C } from '../../app-env';
import { allowCode, rememberBooking } from '../../booking/attempts';
import { BookingError, type Appointment, type BookingRecord, type BookingRef } from '../../booking/booking-system';
import { manageUrl } from '../../booking/booking-url';
import { slotHold } from '../../booking/hold';
import { patientOf, personErrors, type PostedPerson } from '../../booking/person';
import { clientIp } from '../client-ip';
import type { Choice } from '../../screens/booking/booking-view';
import { privatePage } from '../private-page';
import { renderError } from '../error';
import { bookingPage, personForm, takenPage } from './booking-page';

export interface Attempt {
  choice: Choice;
  person: PostedPerson;
  /** This attempt's idempotency key, from the form. */
  key: string;
  code: string;
  /** 'code': send an SMS code; 'book': book (with the code where asked); 'retime': another time chosen after «taken». */
  action: string | undefined;
  today: string;
}

const appointmentOf = (choice: Choice): Appointment => {
  const staffId = choice.doctor === 'any' ? choice.staff?.id : choice.doctor?.id;
  return {
    serviceId: choice.service?.id ?? '',
    staffId: staffId ?? '',
    datetime: choice.time?.datetime ?? '',
    lengthSeconds: choice.time?.lengthSeconds ?? choice.service?.durationSeconds,
  };
};

/**
 * The person's post (docs/booking.md, "Never two patients in one slot"): checked, the slot held for this attempt
 * where the platform can (booking/hold.ts) and checked again with the schedule, the SMS code sent where the system
 * asks for one, then held again and booked under the attempt's key, so that the same form sent twice books once
 * (the route has already answered a form whose booking is made: steps.tsx). A refusal (another visitor's hold
 * included) answers the same step with everything typed kept; a schedule that fails throws
 * BookingError('unavailable') to the route, which offers the request form. A move where the system has no
 * move in place comes this way too: the new time is booked, and only then the old booking cancelled (cancelMoved).
 */
export async function bookOrAsk(c: C, attempt: Attempt): Promise<Response> {
  const { schedule, settings } = c.var.booking!;
  const { system } = schedule;
  const { choice, person, key, code, action } = attempt;
  const codes = system.capabilities.codes;
  const phone = c.var.config.site.phone;
  const store = c.var.config.kv;
  const personStep = (errors: Record<string, string>, status = 400) =>
    bookingPage(c, { step: 'person', choice, form: personForm(person, key, errors), codes }, status);
  const codeStep = (errors: Record<string, string>, status = 400) =>
    bookingPage(c, { step: 'code', choice, form: personForm(person, key, errors), code }, status);

  if (action === 'retime') return personStep({}, 200);
  const errors = personErrors(person);
  if (person.trap) errors._form = 'Проверьте, пожалуйста, данные и отправьте ещё раз.';
  if (Object.keys(errors).length > 0) return personStep(errors);

  const appointment = appointmentOf(choice);
  const patient = patientOf(person);
  const hold = slotHold(c.var.config.slotHolds, appointment, key);
  try {
    // A move by booking anew: the old booking must still be there, and the link's, before anything is sent or booked.
    const moved = choice.moving ? await stillBooked(c, choice.moving) : undefined;
    // Held before the code is sent: another of our visitors is told «taken» now, not after typing a code.
    if (action === 'code') await hold.take();
    await system.check(appointment);
    if (codes && (action === 'code' || !code)) {
      if (action !== 'code') return codeStep({ code: 'Введите код из СМС' });
      const secret = settings.provider === 'yclients' ? settings.partnerToken : settings.apiKey;
      if (!(await allowCode(store, secret, patient.phone, clientIp(c) ?? 'local'))) {
        c.header('Retry-After', '600');
        return codeStep(
          { _form: `Код на этот номер уже отправляли несколько раз. Попробуйте через 10 минут или позвоните нам: ${phone}` },
          429,
        );
      }
      await system.sendCode({ name: patient.name, phone: patient.phone });
      return codeStep({}, 200);
    }
    await hold.take();
    const ref = await system.create({ appointment, patient, code: codes ? code : undefined, key });
    await rememberBooking(store, key, ref);
    // docs/booking.md, "Caching": the next visitor is not offered this time from the kept answers.
    await schedule.forgetTimes(appointment);
    await hold.release();
    if (choice.moving && moved) return await cancelMoved(c, { ref: choice.moving, record: moved }, ref, key);
    return privatePage(c.redirect(`${manageUrl(ref)}&fresh=1`, 303), { store: false });
  } catch (error) {
    if (!(error instanceof BookingError)) {
      await hold.release();
      throw error;
    }
    switch (error.kind) {
      case 'taken':
        // The time is gone (the schedule refused it, or another of our visitors holds it): this attempt's hold, if
        // any, is freed, and the kept times of that day are asked anew, so that nobody else is offered it
        // (docs/booking.md, "Caching").
        await Promise.all([hold.release(), schedule.forgetTimes(appointment)]);
        return takenPage(c, choice, person, key, attempt.today);
      case 'own-visit':
        return takenPage(c, choice, person, key, attempt.today, 'own-visit');
      case 'not-found':
        // The booking being moved is gone (or the link is not its): nothing was booked.
        if (choice.moving) return privatePage(await renderError(c, 404), { store: false });
        throw error;
      case 'wrong-code':
        return codeStep({ code: 'Неверный код. Проверьте СМС или запросите код ещё раз.' });
      case 'bad-phone':
        return personStep({ phone: 'Этот номер не принимается для онлайн-записи: проверьте его' });
      case 'no-name':
        return personStep({ name: 'Укажите имя' });
      case 'refused':
        return personStep({ _form: `Онлайн-запись на этот номер недоступна. Позвоните нам, пожалуйста: ${phone}` }, 403);
      default:
        // The schedule failed: the time is not kept from others while the patient is sent to the request form.
        await hold.release();
        throw error;
    }
  }
}

/** The booking a move starts from, there and not cancelled; else BookingError('not-found'). */
async function stillBooked(c: C, old: BookingRef): Promise<BookingRecord> {
  const record = await c.var.booking!.schedule.system.read(old);
  if (record.deleted) throw new BookingError('not-found', 'the booking being moved is cancelled');
  return record;
}

/**
 * The second half of a move by booking anew (docs/booking.md, "Moving a booking"): the new booking exists, so the old
 * one is cancelled. Should that fail, the new one is cancelled instead and the old one stands; should even that fail,
 * the patient has both and is told so, with the phone, and the log says which two (ids only, never a hash or a name).
 */
async function cancelMoved(c: C, moving: { ref: BookingRef; record: BookingRecord }, made: BookingRef, key: string): Promise<Response> {
  const { schedule } = c.var.booking!;
  const { system } = schedule;
  const old = moving.ref;
  const go = (ref: BookingRef, notice: string) => privatePage(c.redirect(`${manageUrl(ref)}&notice=${notice}`, 303), { store: false });
  try {
    await system.cancel(old);
    // The old time is free again: its day is asked anew (docs/booking.md, "Caching").
    const { staffId, datetime } = moving.record;
    if (staffId) await schedule.forgetTimes({ staffId, datetime });
    return go(made, 'moved');
  } catch (error) {
    console.warn(`Онлайн-запись: при переносе прежняя запись ${old.id} не отменена (${describe(error)}); отменяем новую ${made.id}`);
  }
  try {
    await system.cancel(made);
    // The form sent again leads to the booking that stands.
    await rememberBooking(c.var.config.kv, key, old);
    return go(old, 'move-failed');
  } catch (error) {
    console.error(`Онлайн-запись: перенос не завершён, у пациента две записи: ${old.id} и ${made.id} (${describe(error)})`);
    return go(made, 'move-double');
  }
}

const describe = (error: unknown) => (error instanceof BookingError ? error.message : error instanceof Error ? error.name : 'unknown');
