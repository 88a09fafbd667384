/**
 * Online booking without JavaScript (docs/booking.md): each step a GET of the choice so far, the patient's data a
 * POST, against the demo's schedule system (its YCLIENTS face). A patient books a real free time, once however often
 * the form is sent; a time taken meanwhile, a wrong code, a schedule that fails, cancelling and moving. On both
 * targets: the slot checks, the code limits and the "made" memory go through the shared store.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SECRET_MARKERS, testRenovatioVars } from '../../setup/secrets';
import { clearCache } from '../../../worker/cache/clear-cache';
import { DIGITS, SERVICE, STAFF, chooseTime, links, personFields, postForm } from '../booking-walk';
import { bindings, control, demo, demoUrl, freshStart, page } from '../helpers';

beforeEach(freshStart);

describe('the steps', () => {
  it('lists the schedule’s services, then the doctors Drupal has, under their Drupal names, with «Любой специалист»', async () => {
    const services = await page('/booking.html');
    expect(services.status).toBe(200);
    expect(services.headers.get('Cache-Control')).toBe('private, max-age=60');
    expect(services.html).toContain('Выберите услугу');
    expect(services.html).toContain(`/booking.html?service=${SERVICE}`);
    const doctors = await page(`/booking.html?service=${SERVICE}`);
    expect(doctors.headers.get('Cache-Control')).toBe('private, no-store');
    expect(doctors.html).toContain('Любой специалист');
    // The schedule writes «Иванова Е. С.»; the page names her as Drupal does.
    expect(doctors.html).toContain('Иванова Елена Сергеевна');
    expect(doctors.html).not.toContain('Иванова Е. С.');
    // The nurse the schedule has and Drupal does not is only ever booked under «any».
    expect(doctors.html).not.toContain('Орлова Вера Николаевна');
  });

  it('shows a calendar of the next 30 days, then the day’s free times, and drops what no longer fits', async () => {
    const { query, html } = await chooseTime();
    expect(html).toContain('Ваши данные');
    expect(html).toMatch(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    const tooFar = await page(`/booking.html?service=${SERVICE}&doctor=${STAFF}&date=2099-01-01`);
    expect(tooFar.html).toContain('Выберите день');
    const otherService = await page(`/booking.html?service=nope&doctor=${STAFF}&date=${query.get('date')}`);
    expect(otherService.html).toContain('Выберите услугу');
  });
});

describe('booking', () => {
  it('books the chosen time after the SMS code, once however often the form is sent', async () => {
    const { query, key } = await chooseTime();
    const asked = await postForm('/booking.html', personFields(query, key, { action: 'code' }));
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Код из СМС');
    expect(asked.headers.get('Cache-Control')).toContain('no-store');
    const code = await control.schedule.lastCode(DIGITS);
    expect(code).toMatch(/^\d{4}$/);

    const wrong = await postForm('/booking.html', personFields(query, key, { action: 'book', code: code === '0000' ? '1111' : '0000' }));
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('Неверный код');
    // Everything typed is still there.
    expect(wrong.html).toContain('Анна Петрова');

    const booked = await postForm('/booking.html', personFields(query, key, { action: 'book', code: code! }));
    expect(booked.status).toBe(303);
    expect(booked.location).toMatch(/^\/booking\/manage\?id=\d+&hash=[\w-]+&fresh=1$/);
    const again = await postForm('/booking.html', personFields(query, key, { action: 'book', code: code! }));
    expect(again.location).toBe(booked.location);
    const { bookings } = await control.schedule.state();
    expect(bookings.filter((b) => !b.cancelled)).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ staffId: Number(STAFF), serviceIds: [Number(SERVICE)], apiId: key });
    expect(bookings[0]!.datetime).toBe(`${query.get('date')}T${query.get('time')}:00+03:00`);

    const confirmation = await page(booked.location!);
    expect(confirmation.status).toBe(200);
    expect(confirmation.html).toContain('Вы записаны');
    expect(confirmation.html).toContain(query.get('date')!.split('-').reverse().join('.'));
    expect(confirmation.html).toContain('Добавить в календарь');
    for (const secret of Object.values(SECRET_MARKERS)) expect(confirmation.html).not.toContain(secret);
    // The Metrica goal is the confirmation's only, and only where a counter is set (it runs after consent).
    const counted = { METRIKA_ID: '12345' };
    expect((await page(booked.location!, counted)).html).toContain('data-island="MetrikaGoal"');
    expect((await page(booked.location!.replace('&fresh=1', ''), counted)).html).not.toContain('MetrikaGoal');
    expect(confirmation.html).not.toContain('MetrikaGoal');
  });

  it('says «Это время только что заняли» with the nearest other times, everything typed kept, and books none', async () => {
    const { query, key } = await chooseTime();
    await control.schedule.take({ staffId: Number(STAFF), datetime: `${query.get('date')}T${query.get('time')}:00+03:00` });
    const taken = await postForm('/booking.html', personFields(query, key, { action: 'code' }));
    expect(taken.status).toBe(409);
    expect(taken.html).toContain('Это время только что заняли');
    expect(taken.html).toContain('Анна Петрова');
    const others = links(taken.html, /value="(\d{4}-\d{2}-\d{2} \d{2}:\d{2}) \d*" name="retime"/g);
    expect(others.length).toBeGreaterThan(0);
    expect(others).not.toContain(`${query.get('date')} ${query.get('time')}`);
    // One of them chosen: the same form, at the new time, with the name still in it.
    const [date, time] = others[0]!.split(' ');
    const retimed = await postForm('/booking.html', personFields(query, key, { retime: others[0]! }));
    expect(retimed.status).toBe(200);
    expect(retimed.html).toContain(`${date!.split('-').reverse().join('.')}, ${time}`);
    expect(retimed.html).toContain('Анна Петрова');
    expect((await control.schedule.state()).codes).toHaveLength(0);
  });

  it('says the same when the time is gone from the free ones by the time the form is sent', async () => {
    const { query, key } = await chooseTime();
    await control.schedule.take({ staffId: Number(STAFF), datetime: `${query.get('date')}T${query.get('time')}:00+03:00` });
    // The free times the steps read have expired from the cache (over a minute on the form): the post asks again.
    await clearCache(bindings.DRUPAL_CACHE);
    const taken = await postForm('/booking.html', personFields(query, key, { action: 'code' }));
    expect(taken.status).toBe(409);
    expect(taken.html).toContain('Это время только что заняли');
    expect(taken.html).toContain('Анна Петрова');
    expect(taken.html).toMatch(/name="retime"/);
  });

  it('limits the codes sent to one phone', async () => {
    const { query, key } = await chooseTime();
    for (let i = 0; i < 3; i++) expect((await postForm('/booking.html', personFields(query, key, { action: 'code' }))).status).toBe(200);
    const limited = await postForm('/booking.html', personFields(query, key, { action: 'code' }));
    expect(limited.status).toBe(429);
    expect(limited.html).toContain('Попробуйте через 10 минут');
    expect((await control.schedule.state()).codes).toHaveLength(3);
  });

  it('offers the request form with the choice in its comment when the schedule fails, and the lead reaches the CRM', async () => {
    const { query, key } = await chooseTime();
    await demo.faults({ rules: [{ match: '/yclients', status: 503 }] });
    const failed = await postForm('/booking.html', personFields(query, key, { action: 'code' }));
    expect(failed.html).toContain('Онлайн-запись сейчас недоступна');
    expect(failed.html).toContain('Анна Петрова');
    const comment = /<textarea[^>]*name="comment"[^>]*>([^<]*)</.exec(failed.html)?.[1] ?? '';
    expect(comment).toContain('Ботулинотерапия');
    const sent = await postForm(
      '/booking.html',
      personFields(query, key, { action: 'request', comment: comment.replaceAll('&quot;', '"') }),
    );
    expect(sent.status).toBe(200);
    expect(sent.html).toContain('Заявка отправлена');
  });

  it.each([
    ['slower than the origin timeout', { match: '/yclients', delayMs: 1_500 }],
    ['answering what we cannot read', { match: '/yclients', body: 'broken-json' as const }],
    ['answering an HTML page', { match: '/yclients', body: 'html' as const, status: 502 }],
  ])('offers the request form when the schedule is %s', async (_what, rule) => {
    const { query, key } = await chooseTime();
    // The lists and times the steps read are cached: only the booking's own calls meet the fault.
    await demo.faults({ rules: [rule] });
    const failed = await postForm('/booking.html', personFields(query, key, { action: 'code' }), { ORIGIN_TIMEOUT_MS: '500' });
    expect(failed.status).toBe(200);
    expect(failed.html).toContain('Онлайн-запись сейчас недоступна');
    expect(failed.html).toContain('Анна Петрова');
    expect((await control.schedule.state()).codes).toHaveLength(0);
  });

  it('keeps the choice in the request form even when the schedule fails before the choice is resolved again', async () => {
    const { query, key, html } = await chooseTime();
    const said = /name="said" value="([^"]+)"/.exec(html)?.[1];
    expect(said).toContain('Ботулинотерапия');
    // The schedule's lists are no longer cached and the schedule is down: nothing of the choice resolves.
    await clearCache(bindings.DRUPAL_CACHE);
    await demo.faults({ rules: [{ match: '/yclients', status: 503 }] });
    const failed = await postForm('/booking.html', personFields(query, key, { action: 'code', comment: 'Лучше после обеда', said: said! }));
    const comment = /<textarea[^>]*name="comment"[^>]*>([^<]*)</.exec(failed.html)?.[1] ?? '';
    expect(comment).toContain('Ботулинотерапия');
    expect(comment).toContain('Иванова Елена Сергеевна');
    expect(comment).toContain('Лучше после обеда');
  });
});

describe('managing a booking', () => {
  const noCodes = { BOOKING_SMS_CODE: 'false' };
  /** A booking made without a code (the company asks for none), and its manage link. */
  async function booked() {
    await control.schedule.settings({ codes: false });
    const { query, key } = await chooseTime();
    const made = await postForm('/booking.html', personFields(query, key, { action: 'book' }), noCodes);
    expect(made.status).toBe(303);
    return { query, manage: made.location!.replace('&fresh=1', '') };
  }

  it('asks for the code first while the site is told the company wants one', async () => {
    const { query, key } = await chooseTime();
    const refused = await postForm('/booking.html', personFields(query, key, { action: 'book' }));
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Введите код из СМС');
    expect((await control.schedule.state()).bookings).toHaveLength(0);
  });

  it('cancels by the link alone, and the time is free again', async () => {
    const { manage } = await booked();
    const shown = await page(manage, noCodes);
    expect(shown.html).toContain('Ваша запись');
    expect(shown.html).toContain('Отменить запись');
    const cancelled = await postForm(
      '/booking/manage',
      { ...Object.fromEntries(new URL(manage, 'http://x').searchParams), action: 'cancel' },
      noCodes,
    );
    expect(cancelled.status).toBe(303);
    expect((await page(cancelled.location!, noCodes)).html).toContain('Запись отменена');
    expect((await control.schedule.state()).bookings[0]!.cancelled).toBe(true);
  });

  it('moves to another time through the same steps', async () => {
    const { manage } = await booked();
    const shown = await page(manage, noCodes);
    const move = links(shown.html, /href="(\/booking\.html\?[^"]*move=[^"]+)"/g)[0];
    expect(move).toBeDefined();
    const days = await page(move!, noCodes);
    const day = links(days.html, /class="booking-calendar__day" href="([^"]+)"/g).at(-1)!;
    const times = await page(day, noCodes);
    const time = links(times.html, /class="booking-time" href="([^"]+)"/g)[0]!;
    const confirm = await page(time, noCodes);
    expect(confirm.html).toContain('Перенести запись на это время?');
    const datetime = /name="datetime" value="([^"]+)"/.exec(confirm.html)![1]!;
    const moved = await postForm(
      '/booking/manage',
      { ...Object.fromEntries(new URL(manage, 'http://x').searchParams), action: 'move', datetime },
      noCodes,
    );
    expect(moved.status).toBe(303);
    expect((await page(moved.location!, noCodes)).html).toContain('Запись перенесена');
    const [booking] = (await control.schedule.state()).bookings;
    expect(booking!.datetime).toBe(datetime);
    expect(booking!.cancelled).toBe(false);
  });

  it('answers 404 for a link whose hash is not the booking’s', async () => {
    const { manage } = await booked();
    expect((await page(manage.replace(/hash=[\w-]+/, 'hash=forged'), noCodes)).status).toBe(404);
  });
});

describe('privacy', () => {
  it('writes no phone, name or e-mail into a log line or the shared store, and no token into a page', async () => {
    const lines: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' '))),
    );
    try {
      const { query, key } = await chooseTime();
      const person = personFields(query, key, { name: 'Евдокия Зарецкая', email: 'evdokia.z@example.ru', comment: 'Аллергия на лидокаин' });
      await postForm('/booking.html', { ...person, action: 'code' });
      const code = await control.schedule.lastCode(DIGITS);
      const booked = await postForm('/booking.html', { ...person, action: 'book', code: code! });
      const shown = await page(booked.location!);
      // The schedule down: the request form and its lead too.
      await demo.faults({ rules: [{ match: '/yclients', status: 503 }] });
      await postForm('/booking.html', { ...person, action: 'request' });
      for (const html of [shown.html]) for (const secret of Object.values(SECRET_MARKERS)) expect(html).not.toContain(secret);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const personal = ['Евдокия', 'Зарецкая', '79991234567', '123-45-67', 'evdokia.z', 'лидокаин'];
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) for (const bit of personal) expect(line, line).not.toContain(bit);
    const kv = bindings.DRUPAL_CACHE;
    const { keys } = await kv.list({ prefix: 'booking:' });
    expect(keys.length).toBeGreaterThan(0);
    for (const { name } of keys) {
      const value = (await kv.get(name)) ?? '';
      for (const bit of personal) {
        expect(name, name).not.toContain(bit);
        expect(value, name).not.toContain(bit);
      }
    }
  });
});

describe('with Renovatio', () => {
  it('books without a code, shows the booking from its signed link, and cancels it', async () => {
    const renovatio = testRenovatioVars(demoUrl);
    const { query, key, html } = await chooseTime(STAFF, renovatio);
    // Renovatio sends no code: the form books at once.
    expect(html).not.toContain('Получить код в СМС');
    const made = await postForm('/booking.html', personFields(query, key, { action: 'book' }), renovatio);
    expect(made.status).toBe(303);
    const shown = await page(made.location!, renovatio);
    expect(shown.html).toContain('Вы записаны');
    expect(shown.html).toContain(query.get('date')!.split('-').reverse().join('.'));
    // No move in place: Renovatio has none.
    expect(shown.html).not.toContain('>Перенести<');
    const [booking] = (await control.schedule.state()).bookings;
    expect(booking).toMatchObject({ staffId: Number(STAFF), source: 'renovatio', cancelled: false });
    const ref = Object.fromEntries(new URL(made.location!, 'http://x').searchParams);
    expect((await page(`/booking/manage?id=${encodeURIComponent(ref.id!)}&hash=forged`, renovatio)).status).toBe(404);
    const cancelled = await postForm('/booking/manage', { id: ref.id!, hash: ref.hash!, action: 'cancel' }, renovatio);
    expect(cancelled.status).toBe(303);
    expect((await control.schedule.state()).bookings[0]!.cancelled).toBe(true);
  });
});

describe('where patients meet it', () => {
  const DOCTOR_PAGE = '/doctors/ivanova-elena.html';
  const SERVICE_PAGE = '/services/inekcionnaya-kosmetologiya/botulinoterapiya.html';
  /** SMAS-лифтинг: a Drupal service the schedule does not book online. */
  const OTHER_SERVICE_PAGE = '/services/apparatnaya-kosmetologiya/smas-lifting.html';

  it('shows «Записаться онлайн» and the nearest free times on a doctor’s page, each a link into the booking', async () => {
    const doctor = await page(DOCTOR_PAGE);
    expect(doctor.html).toContain(`href="/booking.html?doctor=${STAFF}"`);
    expect(doctor.html).toContain('Записаться онлайн');
    expect(doctor.html).toContain('Ближайшее свободное время');
    const slot = links(doctor.html, /class="booking-time" href="([^"]+)"/g)[0];
    expect(slot).toMatch(new RegExp(`^/booking\\.html\\?service=\\d+&doctor=${STAFF}&date=\\d{4}-\\d{2}-\\d{2}&time=\\d{2}%3A\\d{2}$`));
    // The link opens the form at that time.
    expect((await page(slot!)).html).toContain('Ваши данные');
  });

  it('shows it on a service the schedule books, and not on one it does not', async () => {
    expect((await page(SERVICE_PAGE)).html).toContain(`href="/booking.html?service=${SERVICE}"`);
    const other = await page(OTHER_SERVICE_PAGE);
    expect(other.status).toBe(200);
    expect(other.html).not.toContain('Записаться онлайн');
  });

  it('keeps the pages whole when the schedule is down: the request button only', async () => {
    await demo.faults({ rules: [{ match: '/yclients', status: 503 }] });
    const doctor = await page(DOCTOR_PAGE);
    expect(doctor.status).toBe(200);
    expect(doctor.html).not.toContain('Записаться онлайн');
    expect(doctor.html).toContain('Записаться на приём');
  });
});

describe('without a schedule system', () => {
  it('is the site as before: no booking page and no online button', async () => {
    const off = { BOOKING_PROVIDER: '' };
    expect((await page('/booking.html', off)).status).toBe(404);
    expect((await page('/doctors/ivanova-elena.html', off)).html).not.toContain('Записаться онлайн');
  });
});

describe('the small things a patient meets', () => {
  const noCodes = { BOOKING_SMS_CODE: 'false' };
  const timeLinks = (html: string) => links(html, /class="booking-time" href="([^"]+)"/g);
  /** The times a visitor's times step offers for the doctor and day (the shared store's answer, where it has one). */
  const offered = async (date: string) =>
    timeLinks((await page(`/booking.html?service=${SERVICE}&doctor=${STAFF}&date=${date}`, noCodes)).html).map((link) =>
      new URL(link, 'http://x').searchParams.get('time'),
    );
  const manageFields = (manage: string) => Object.fromEntries(new URL(manage, 'http://x').searchParams);

  /** A booking made through the site without a code, its day and time seen (and so kept) by the times step before. */
  async function bookedAfterSeen() {
    await control.schedule.settings({ codes: false });
    const { query, key } = await chooseTime();
    const date = query.get('date')!;
    const time = query.get('time')!;
    expect(await offered(date)).toContain(time);
    const made = await postForm('/booking.html', personFields(query, key, { action: 'book' }), noCodes);
    expect(made.status).toBe(303);
    return { date, time, manage: made.location!.replace('&fresh=1', '') };
  }

  it('no longer offers the next visitor a time the site has just booked, and offers it again once cancelled', async () => {
    const { date, time, manage } = await bookedAfterSeen();
    // At once: the kept free times of that day are less than a minute old, and are not answered any more.
    expect(await offered(date)).not.toContain(time);
    const cancelled = await postForm('/booking/manage', { ...manageFields(manage), action: 'cancel' }, noCodes);
    expect(cancelled.status).toBe(303);
    expect(await offered(date)).toContain(time);
  });

  it('offers a moved booking’s old time again at once, and not its new one', async () => {
    const { date, time, manage } = await bookedAfterSeen();
    const calendar = await page(`/booking.html?service=${SERVICE}&doctor=${STAFF}`, noCodes);
    const lastDay = new URL(links(calendar.html, /class="booking-calendar__day" href="([^"]+)"/g).at(-1)!, 'http://x').searchParams.get(
      'date',
    )!;
    expect(lastDay).not.toBe(date);
    const [newTime] = await offered(lastDay);
    expect(newTime).toBeDefined();
    const moved = await postForm(
      '/booking/manage',
      { ...manageFields(manage), action: 'move', datetime: `${lastDay}T${newTime}:00+03:00` },
      noCodes,
    );
    expect(moved.status).toBe(303);
    expect(await offered(date)).toContain(time);
    expect(await offered(lastDay)).not.toContain(newTime);
  });

  it('leads a cancelled booking’s page back into the booking at the same service and specialist', async () => {
    const { manage } = await bookedAfterSeen();
    expect((await page(manage, noCodes)).html).not.toContain('Записаться снова');
    const cancelled = await postForm('/booking/manage', { ...manageFields(manage), action: 'cancel' }, noCodes);
    const again = `href="/booking.html?service=${SERVICE}&amp;doctor=${STAFF}"`;
    for (const path of [cancelled.location!, manage]) {
      const shown = await page(path, noCodes);
      expect(shown.html, path).toContain('Запись отменена');
      expect(shown.html, path).toMatch(new RegExp(`<a class="button"[^>]*${again.replaceAll('?', '\\?')}[^>]*>.*?Записаться снова`));
    }
  });

  it('masks the booking form’s phone only where the form is, and books whatever spelling arrives without a script', async () => {
    await control.schedule.settings({ codes: false });
    for (const step of ['/booking.html', `/booking.html?service=${SERVICE}&doctor=${STAFF}`]) {
      expect((await page(step, noCodes)).html, step).not.toContain('data-island="PhoneMask"');
    }
    const { query, key, html } = await chooseTime();
    expect(html).toMatch(/data-island="PhoneMask"[^>]*data-hydrate="interaction"|data-hydrate="interaction"[^>]*data-island="PhoneMask"/);
    expect(html).toMatch(/data-island="PhoneMask"[^>]*>\s*<input[^>]*name="phone"/);
    const made = await postForm('/booking.html', personFields(query, key, { action: 'book', phone: '8 999 555-44-31' }), noCodes);
    expect(made.status).toBe(303);
  });

  it('masks the phone of the request form the page offers when the schedule fails', async () => {
    const { query, key } = await chooseTime();
    await demo.faults({ rules: [{ match: '/yclients', status: 503 }] });
    const failed = await postForm('/booking.html', personFields(query, key, { action: 'code', phone: '89995554432' }));
    expect(failed.html).toContain('Онлайн-запись сейчас недоступна');
    expect(failed.html).toMatch(/data-island="PhoneMask"[^>]*>\s*<input[^>]*name="phone"[^>]*value="\+7 \(999\) 555-44-32"/);
  });

  it('makes the phone bar’s «Записаться» on the booking page a link to the step, and leaves the popup to other pages', async () => {
    const bar = (html: string) => /<aside class="mobile-bar"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
    for (const step of ['/booking.html', `/booking.html?service=${SERVICE}&doctor=${STAFF}`]) {
      const shown = await page(step);
      expect(bar(shown.html), step).toMatch(/<a class="button mobile-bar__book" href="#booking-step-title">/);
      expect(bar(shown.html), step).not.toContain('data-popup');
      expect(shown.html, step).toContain('id="booking-step-title"');
    }
    const doctor = bar((await page('/doctors/ivanova-elena.html')).html);
    expect(doctor).toContain('data-popup="consultation"');
    expect(doctor).not.toContain('#booking-step-title');
  });
});
