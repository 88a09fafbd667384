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

  it('says «Это время только что заняли» when the schedule refuses the time with a 422 that carries no code', async () => {
    await control.schedule.settings({ codes: false, quirks: { refusalWithoutCode: true } });
    const { query, key } = await chooseTime();
    await control.schedule.take({ staffId: Number(STAFF), datetime: `${query.get('date')}T${query.get('time')}:00+03:00` });
    const taken = await postForm('/booking.html', personFields(query, key, { action: 'book' }), { BOOKING_SMS_CODE: 'false' });
    expect(taken.status).toBe(409);
    expect(taken.html).toContain('Это время только что заняли');
    expect(taken.html).not.toContain('Онлайн-запись сейчас недоступна');
    expect(taken.html).toContain('Анна Петрова');
    expect((await control.schedule.state()).bookings.filter((b) => b.source !== 'demo')).toHaveLength(0);
  });

  it('says «В это время у вас уже есть запись» when the schedule refuses a time that overlaps the patient’s own visit (437)', async () => {
    const vars = { BOOKING_SMS_CODE: 'false' };
    await control.schedule.settings({ codes: false, quirks: { ownVisitRefused: true } });
    // A time both specialists of the service have free: the patient books it with one, then tries it with the other.
    const api = control.schedule.yclientsApiUrl;
    const timesOf = async (staff: string, date: string) => {
      const answer = await fetch(`${api}/book_times/4564/${staff}/${date}?service_ids[]=${SERVICE}`, {
        headers: { Authorization: 'Bearer t' },
      });
      return ((await answer.json()) as { data: { time: string }[] }).data.map((t) => t.time);
    };
    const dates = (await (
      await fetch(`${api}/book_dates/4564?service_ids[]=${SERVICE}`, { headers: { Authorization: 'Bearer t' } })
    ).json()) as {
      data: { booking_dates: string[] };
    };
    let common: [string, string] | undefined;
    for (const date of dates.data.booking_dates) {
      const other = new Set(await timesOf('1002', date));
      const time = (await timesOf(STAFF, date)).find((t) => other.has(t));
      if (time) {
        common = [date, time];
        break;
      }
    }
    expect(common, 'a time both have free').toBeDefined();
    const [date, time] = common!;
    const first = await page(`/booking.html?service=${SERVICE}&doctor=${STAFF}&date=${date}&time=${encodeURIComponent(time)}`, vars);
    const firstKey = /name="key" value="([^"]+)"/.exec(first.html)![1]!;
    const firstQuery = new URLSearchParams({ service: SERVICE, doctor: STAFF, date, time });
    expect((await postForm('/booking.html', personFields(firstQuery, firstKey, { action: 'book' }), vars)).status).toBe(303);

    const second = await page(`/booking.html?service=${SERVICE}&doctor=any&date=${date}&time=${encodeURIComponent(time)}&staff=1002`, vars);
    expect(second.html).toContain('Ваши данные');
    const key = /name="key" value="([^"]+)"/.exec(second.html)![1]!;
    const query = new URLSearchParams({ service: SERVICE, doctor: 'any', date, time, staff: '1002' });
    const refused = await postForm('/booking.html', personFields(query, key, { action: 'book', comment: 'После обеда' }), vars);
    expect(refused.status).toBe(409);
    expect(refused.html).toContain('В это время у вас уже есть запись в клинике. Выберите другое время');
    expect(refused.html).not.toContain('Онлайн-запись сейчас недоступна');
    expect(refused.html).toContain('Анна Петрова');
    expect(refused.html).toContain('После обеда');
    expect(refused.html).toMatch(/name="retime"/);
    expect((await control.schedule.state()).bookings.filter((b) => !b.cancelled)).toHaveLength(1);
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

  /** From a booking's page, «Перенести» and the steps to the last free day's first time: that step's page and address. */
  async function moveTo(manage: string, vars: Record<string, string>) {
    const shown = await page(manage, vars);
    const move = links(shown.html, /href="(\/booking\.html\?[^"]*move=[^"]+)"/g)[0];
    expect(move, '«Перенести» is offered').toBeDefined();
    const days = await page(move!, vars);
    const day = links(days.html, /class="booking-calendar__day" href="([^"]+)"/g).at(-1)!;
    const times = await page(day, vars);
    const time = links(times.html, /class="booking-time" href="([^"]+)"/g)[0]!;
    const query = new URL(time, 'http://x').searchParams;
    return { step: await page(time, vars), query, datetime: `${query.get('date')}T${query.get('time')}:00+03:00` };
  }

  it('moves in place with a user token, sending it beside the partner token (PUT book_record)', async () => {
    const { manage } = await booked();
    // The demo refuses a PUT without «User …» as real accounts do: this one goes through.
    await control.schedule.settings({ quirks: { moveNeedsUserToken: true } });
    const { step, datetime } = await moveTo(manage, noCodes);
    expect(step.html).toContain('Перенести запись на это время?');
    expect(/name="datetime" value="([^"]+)"/.exec(step.html)![1]).toBe(datetime);
    const moved = await postForm(
      '/booking/manage',
      { ...Object.fromEntries(new URL(manage, 'http://x').searchParams), action: 'move', datetime, staff: STAFF },
      noCodes,
    );
    expect(moved.status).toBe(303);
    expect((await page(moved.location!, noCodes)).html).toContain('Запись перенесена');
    const { bookings } = await control.schedule.state();
    expect(bookings).toHaveLength(1);
    expect(bookings[0]!.datetime).toBe(datetime);
    expect(bookings[0]!.cancelled).toBe(false);
  });

  describe('without a user token (a clinic usually has none)', () => {
    const noUser = { ...noCodes, YCLIENTS_USER_TOKEN: '' };

    it('moves by booking the new time first and cancelling the old one then: one booking, at the new time', async () => {
      const { manage } = await booked();
      await control.schedule.settings({ quirks: { moveNeedsUserToken: true } });
      const [old] = (await control.schedule.state()).bookings;
      const { step, query, datetime } = await moveTo(manage, noUser);
      // Not the in-place confirmation: the patient's details, as for a new booking.
      expect(step.html).not.toContain('Перенести запись на это время?');
      expect(step.html).toContain('Ваши данные');
      expect(step.html).toContain('только потом отменим прежнюю запись');
      const key = /name="key" value="([^"]+)"/.exec(step.html)![1]!;
      const moved = await postForm('/booking.html', personFields(query, key, { action: 'book' }), noUser);
      expect(moved.status).toBe(303);
      expect(moved.location).toMatch(/^\/booking\/manage\?id=\d+&hash=[\w-]+&notice=moved$/);
      const shown = await page(moved.location!, noUser);
      expect(shown.html).toContain('Запись перенесена');
      expect(shown.html).toContain(datetime.slice(0, 10).split('-').reverse().join('.'));
      const { bookings } = await control.schedule.state();
      const live = bookings.filter((b) => !b.cancelled);
      expect(live).toHaveLength(1);
      expect(live[0]).toMatchObject({ datetime, staffId: Number(STAFF), serviceIds: [Number(SERVICE)] });
      expect(bookings.find((b) => b.id === old!.id)?.cancelled).toBe(true);
    });

    it('keeps the old booking when it cannot be cancelled: the new one is cancelled, and the page says so with the phone', async () => {
      const { manage } = await booked();
      const [old] = (await control.schedule.state()).bookings;
      const { step, query } = await moveTo(manage, noUser);
      const key = /name="key" value="([^"]+)"/.exec(step.html)![1]!;
      // The old booking's cancel fails (the new one's still goes through).
      await demo.faults({ rules: [{ match: `/user/records/${old!.id}/`, status: 503 }] });
      const moved = await postForm('/booking.html', personFields(query, key, { action: 'book' }), noUser);
      expect(moved.status).toBe(303);
      expect(moved.location).toBe(`${manage}&notice=move-failed`);
      await demo.faults({ rules: [] });
      const shown = await page(moved.location!, noUser);
      expect(shown.html).toContain('Перенести запись не получилось');
      expect(shown.html).toContain('прежняя запись остаётся в силе');
      expect(shown.html).toMatch(/\+7[\d\s()-]{10,}/);
      const { bookings } = await control.schedule.state();
      expect(bookings.filter((b) => !b.cancelled).map((b) => b.id)).toEqual([old!.id]);
      expect(bookings).toHaveLength(2);
    });

    it('says so with the phone when neither booking can be cancelled, and logs the two ids only', async () => {
      const { manage } = await booked();
      const { step, query } = await moveTo(manage, noUser);
      const key = /name="key" value="([^"]+)"/.exec(step.html)![1]!;
      await control.schedule.settings({ quirks: { cancelRefused: true } });
      const lines: string[] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
      try {
        const moved = await postForm('/booking.html', personFields(query, key, { action: 'book' }), noUser);
        expect(moved.status).toBe(303);
        expect(moved.location).toMatch(/&notice=move-double$/);
        expect((await page(moved.location!, noUser)).html).toContain('сейчас у вас две записи');
      } finally {
        spy.mockRestore();
      }
      const { bookings } = await control.schedule.state();
      expect(bookings.filter((b) => !b.cancelled)).toHaveLength(2);
      expect(lines.join('\n')).toContain(String(bookings[0]!.id));
      const oldHash = new URL(manage, 'http://x').searchParams.get('hash')!;
      for (const bit of ['Анна', 'Петрова', '79991234567', oldHash]) expect(lines.join('\n')).not.toContain(bit);
    });
  });

  it('says calmly that a late cancel must be made by phone, the booking still shown as booked', async () => {
    const { manage } = await booked();
    await control.schedule.settings({ quirks: { cancelRefused: true } });
    const refused = await postForm(
      '/booking/manage',
      { ...Object.fromEntries(new URL(manage, 'http://x').searchParams), action: 'cancel' },
      noCodes,
    );
    expect(refused.status).toBe(303);
    expect(refused.location).toBe(`${manage}&notice=cancel-refused`);
    const shown = await page(refused.location!, noCodes);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Отменить запись онлайн уже нельзя. Позвоните нам, пожалуйста: +7');
    expect(shown.html).toContain('Ваша запись');
    expect(shown.html).not.toContain('Запись отменена');
    // The refused cancel is not offered again; moving and the calendar stay.
    expect(shown.html).not.toContain('name="action" value="cancel"');
    expect(shown.html).toContain('Перенести');
    expect((await control.schedule.state()).bookings[0]!.cancelled).toBe(false);
  });

  it.each(['+0000', '-0500'])(
    'shows the clinic’s own time when the schedule writes its times in %s, and the calendar file in UTC',
    async (offset) => {
      await control.schedule.settings({ quirks: { readOffset: offset } });
      const { query, manage } = await booked();
      const [date, time] = [query.get('date')!, query.get('time')!];
      // The time the steps offered is the instant's on the clinic's clock: the booking lands there.
      expect((await control.schedule.state()).bookings[0]!.datetime).toBe(`${date}T${time}:00+03:00`);
      const shown = await page(manage, noCodes);
      expect(shown.html).toContain(`<dd>${date.split('-').reverse().join('.')}</dd>`);
      expect(shown.html).toContain(`<dd>${time}</dd>`);
      const ics = await page(manage.replace('/booking/manage', '/booking/calendar.ics'), noCodes);
      const utc = new Date(Date.parse(`${date}T${time}:00+03:00`)).toISOString().replace(/[-:]/g, '').slice(0, 15);
      expect(ics.html).toContain(`DTSTART:${utc}Z`);
    },
  );

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
    // No move in place, but «Перенести» all the same: by booking anew, then cancelling (docs/booking.md).
    expect(links(shown.html, /href="(\/booking\.html\?[^"]*move=[^"]+)"/g)).toHaveLength(1);
    const [booking] = (await control.schedule.state()).bookings;
    expect(booking).toMatchObject({ staffId: Number(STAFF), source: 'renovatio', cancelled: false });
    const ref = Object.fromEntries(new URL(made.location!, 'http://x').searchParams);
    expect((await page(`/booking/manage?id=${encodeURIComponent(ref.id!)}&hash=forged`, renovatio)).status).toBe(404);
    const cancelled = await postForm('/booking/manage', { id: ref.id!, hash: ref.hash!, action: 'cancel' }, renovatio);
    expect(cancelled.status).toBe(303);
    expect((await control.schedule.state()).bookings[0]!.cancelled).toBe(true);
  });

  it('moves by booking the new time first and cancelling the old one then, through the same steps', async () => {
    const renovatio = testRenovatioVars(demoUrl);
    const { query, key } = await chooseTime(STAFF, renovatio);
    const made = await postForm('/booking.html', personFields(query, key, { action: 'book' }), renovatio);
    const shown = await page(made.location!.replace('&fresh=1', ''), renovatio);
    const move = links(shown.html, /href="(\/booking\.html\?[^"]*move=[^"]+)"/g)[0]!;
    const days = await page(move, renovatio);
    const day = links(days.html, /class="booking-calendar__day" href="([^"]+)"/g).at(-1)!;
    const times = await page(day, renovatio);
    const time = links(times.html, /class="booking-time" href="([^"]+)"/g)[0]!;
    const step = await page(time, renovatio);
    expect(step.html).toContain('Ваши данные');
    const to = new URL(time, 'http://x').searchParams;
    const moveKey = /name="key" value="([^"]+)"/.exec(step.html)![1]!;
    const moved = await postForm('/booking.html', personFields(to, moveKey, { action: 'book' }), renovatio);
    expect(moved.status).toBe(303);
    expect(moved.location).toMatch(/&notice=moved$/);
    expect((await page(moved.location!, renovatio)).html).toContain('Запись перенесена');
    const live = (await control.schedule.state()).bookings.filter((b) => !b.cancelled);
    expect(live).toHaveLength(1);
    expect(live[0]!.datetime).toBe(`${to.get('date')}T${to.get('time')}:00+03:00`);
  });
});

describe('with Renovatio as real accounts answer (docs/booking.md, "What each call answers")', () => {
  const renovatio = () => testRenovatioVars(demoUrl);
  const timesOf = (html: string) =>
    [...html.matchAll(/class="booking-time" href="[^"]*time=(\d{2})%3A(\d{2})/g)].map((m) => `${m[1]}:${m[2]}`);
  const dayShown = (date: string) => date.split('-').reverse().join('.');

  it('books a company whose services come keyed `service_id`', async () => {
    await control.schedule.settings({ quirks: { servicesKeyedServiceId: true } });
    const services = await page('/booking.html', renovatio());
    expect(services.html).toContain(`/booking.html?service=${SERVICE}`);
    const { query, key } = await chooseTime(STAFF, renovatio());
    const made = await postForm('/booking.html', personFields(query, key, { action: 'book' }), renovatio());
    expect(made.status).toBe(303);
    const [booking] = (await control.schedule.state()).bookings;
    expect(booking).toMatchObject({ staffId: Number(STAFF), datetime: `${query.get('date')}T${query.get('time')}:00+03:00` });
  });

  it('offers for a service only the doctors who do it, as getUsers says, the same as YCLIENTS offers', async () => {
    const doctorsOf = (html: string) => links(html, /href="\/booking\.html\?service=\d+&(?:amp;)?doctor=(\d+)"/g).sort();
    // Пилинг (2008): a service only some of the doctors do.
    for (const service of ['2008', SERVICE]) {
      const theirs = doctorsOf((await page(`/booking.html?service=${service}`)).html);
      expect(theirs.length).toBeGreaterThan(0);
      // Fewer than the six doctors with a page: on its own, getUsers' list would offer them all.
      if (service === '2008') expect(theirs.length).toBeLessThan(6);
      expect(doctorsOf((await page(`/booking.html?service=${service}`, renovatio())).html)).toEqual(theirs);
    }
  });

  it('offers only the times of the schedule category the clinic opens for online booking', async () => {
    await control.schedule.settings({ quirks: { onlineCategoryId: 7 } });
    const online = { ...renovatio(), RENOVATIO_CATEGORY_ID: '7' };
    const days = await page(`/booking.html?service=${SERVICE}&doctor=${STAFF}`, online);
    // The last day offered, not the first: today's morning times are gone once the clinic's clock is past noon.
    const day = links(days.html, /class="booking-calendar__day" href="([^"]+)"/g).at(-1)!;
    const times = timesOf((await page(day, online)).html);
    expect(times.length).toBeGreaterThan(0);
    // Before 13:00 the demo's cells are another category's.
    expect(times.filter((time) => time < '13:00')).toEqual([]);
    expect(timesOf((await page(day, renovatio())).html).some((time) => time < '13:00')).toBe(true);
  });

  it('names a RENOVATIO_CATEGORY_ID that is not a number on the configuration error page', async () => {
    const { status, html } = await page('/booking.html', { ...renovatio(), RENOVATIO_CATEGORY_ID: 'онлайн' });
    expect(status).toBe(500);
    expect(html).toContain('Ошибка настройки сайта');
    expect(html).toContain('<code>RENOVATIO_CATEGORY_ID</code>');
    expect(html).toContain('должен быть числом');
  });

  it('keeps the choice and everything typed in a request form when createAppointment refuses for another reason (code 500)', async () => {
    await control.schedule.settings({ quirks: { createRefusedOther: true } });
    const { query, key } = await chooseTime(STAFF, renovatio());
    const refused = await postForm(
      '/booking.html',
      personFields(query, key, { action: 'book', comment: 'Аллергия на лидокаин' }),
      renovatio(),
    );
    expect(refused.status).toBe(200);
    expect(refused.html).not.toContain('Это время только что заняли');
    // Said as the refusal it is, not as an outage.
    expect(refused.html).toContain('Расписание клиники не приняло эту запись онлайн');
    expect(refused.html).not.toContain('Онлайн-запись сейчас недоступна');
    expect(refused.html).toContain('Заявка на приём');
    expect(refused.html).toContain('Анна Петрова');
    expect(refused.html).toContain('Аллергия на лидокаин');
    expect(refused.html).toContain(`${dayShown(query.get('date')!)}, ${query.get('time')}`);
    expect((await control.schedule.state()).bookings).toEqual([]);
  });

  it('shows a visit moved, then cancelled, at the front desk as it is now, and cancels it where it now is', async () => {
    const { query, key } = await chooseTime(STAFF, renovatio());
    const made = await postForm('/booking.html', personFields(query, key, { action: 'book' }), renovatio());
    const [booking] = (await control.schedule.state()).bookings;
    // The front desk moves it to a free time of the last bookable day.
    const days = await page(`/booking.html?service=${SERVICE}&doctor=${STAFF}`, renovatio());
    const day = links(days.html, /class="booking-calendar__day" href="([^"]+)"/g).at(-1)!;
    const date = new URL(day, 'http://x').searchParams.get('date')!;
    const [time] = timesOf((await page(day, renovatio())).html);
    const moved = await control.schedule.frontDesk({ id: booking!.id, datetime: `${date}T${time}:00+03:00` });
    const shown = await page(made.location!, renovatio());
    expect(shown.html).toContain(`${dayShown(date)}`);
    expect(shown.html).toContain(time);
    expect(shown.html).toContain('Вы записаны');
    // Cancelled from its link: the visit where it now is.
    const ref = Object.fromEntries(new URL(made.location!, 'http://x').searchParams);
    expect((await postForm('/booking/manage', { id: ref.id!, hash: ref.hash!, action: 'cancel' }, renovatio())).status).toBe(303);
    expect((await control.schedule.state()).bookings.find((b) => b.id === moved.id)?.cancelled).toBe(true);
  });

  it('shows a visit cancelled at the front desk as «Запись отменена»', async () => {
    const { query, key } = await chooseTime(STAFF, renovatio());
    const made = await postForm('/booking.html', personFields(query, key, { action: 'book' }), renovatio());
    const [booking] = (await control.schedule.state()).bookings;
    await control.schedule.frontDesk({ id: booking!.id, cancel: true });
    const shown = await page(made.location!, renovatio());
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Запись отменена');
    expect(shown.html).not.toContain('Отменить запись');
  });

  it('shows what the link carries when getAppointment fails, not an error page', async () => {
    const { query, key } = await chooseTime(STAFF, renovatio());
    const made = await postForm('/booking.html', personFields(query, key, { action: 'book' }), renovatio());
    await demo.faults({ rules: [{ match: '/renovatio/api/public/getAppointment', status: 503 }] });
    const shown = await page(made.location!, renovatio());
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Вы записаны');
    expect(shown.html).toContain(dayShown(query.get('date')!));
  });

  it('offers the request form, and says so once in the log, when the system answers an empty list of services', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    try {
      // Another clinic of the account: nothing opened online there.
      const elsewhere = { ...renovatio(), RENOVATIO_CLINIC_ID: '2' };
      for (let visit = 0; visit < 2; visit++) {
        const shown = await page('/booking.html', elsewhere);
        expect(shown.status).toBe(200);
        expect(shown.html).toContain('Заявка на приём');
        expect(shown.html).toContain('Онлайн-запись сейчас недоступна');
      }
    } finally {
      spy.mockRestore();
    }
    expect(lines.filter((line) => line.includes('пустым списком'))).toEqual([
      'Онлайн-запись: renovatio ответил пустым списком услуг; проверьте настройки онлайн-записи в расписании клиники',
    ]);
  });

  it('offers the request form with the service kept, and says so once, when no doctor does the chosen service', async () => {
    await control.schedule.settings({ quirks: { usersWithoutServices: true } });
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    try {
      for (let visit = 0; visit < 2; visit++) {
        const shown = await page(`/booking.html?service=${SERVICE}`, renovatio());
        expect(shown.status).toBe(200);
        expect(shown.html).toContain('Заявка на приём');
        expect(shown.html).toContain('Услуга: Ботулинотерапия');
      }
    } finally {
      spy.mockRestore();
    }
    expect(lines.filter((line) => line.includes('пустым списком'))).toEqual([
      'Онлайн-запись: renovatio ответил пустым списком специалистов услуги; проверьте настройки онлайн-записи в расписании клиники',
    ]);
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

describe('the clinic’s time zone', () => {
  it('names a BOOKING_TIMEZONE the runtime does not know on the configuration error page', async () => {
    const { status, html } = await page('/booking.html', { BOOKING_TIMEZONE: 'Mars/Olympus' });
    expect(status).toBe(500);
    expect(html).toContain('<code>BOOKING_TIMEZONE</code>');
    expect(html).toContain('IANA');
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
