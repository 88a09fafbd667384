import { allowCode, bookingMadeBy, rememberBooking } from '../../booking/attempts';
import { BookingError, type Appointment } from '../../booking/booking-system';
import { manageUrl } from '../../booking/booking-url';
import { slotHold } from '../../booking/hold';
import { patientOf, personErrors, type PostedPerson } from '../../booking/person';
import { clientIp } from '../../middleware/client-ip';
import type { Choice } from '../../screens/booking/booking-view';
import { privatePage } from '../editors/private-page';
import { bookingPage, personForm, takenPage, type C } from './booking-page';

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
 * asks for one, then held again and booked under the attempt's key, so that the same form sent twice books once.
 * A refusal (another visitor's hold included) answers the same step with everything typed kept; a schedule that
 * fails throws BookingError('unavailable') to the route, which offers the request form.
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

  const made = await bookingMadeBy(store, key);
  if (made) return privatePage(c.redirect(`${manageUrl(made)}&fresh=1`, 303), { store: false });

  const appointment = appointmentOf(choice);
  const patient = patientOf(person);
  const hold = slotHold(c.var.config.slotHolds, appointment, key);
  try {
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
    return privatePage(c.redirect(`${manageUrl(ref)}&fresh=1`, 303), { store: false });
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    switch (error.kind) {
      case 'taken':
        return takenPage(c, choice, person, key, attempt.today);
      case 'wrong-code':
        return codeStep({ code: 'Неверный код. Проверьте СМС или запросите код ещё раз.' });
      case 'bad-phone':
        return personStep({ phone: 'Этот номер не принимается для онлайн-записи: проверьте его' });
      case 'no-name':
        return personStep({ name: 'Укажите имя' });
      case 'refused':
        return personStep({ _form: `Онлайн-запись на этот номер недоступна. Позвоните нам, пожалуйста: ${phone}` }, 403);
      default:
        throw error;
    }
  }
}
