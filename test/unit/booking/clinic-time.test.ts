/**
 * A booking's day and time on the clinic's clock (docs/booking.md, "Times and the clinic's time zone"): whatever offset
 * the schedule writes a moment in, the patient sees the clinic's day and time, and the calendar file the same instant.
 */
import { describe, expect, it } from 'vitest';
import { clinicTime } from '../../../worker/booking/clinic-time';
import { knownTimeZone } from '../../../worker/config/booking';
import { icsOf } from '../../../worker/booking/ics';

describe('the clinic’s clock', () => {
  it.each([
    '2026-12-01T09:00:00+0000',
    '2026-12-01T04:00:00-0500',
    '2026-12-01T12:00:00+03:00',
    '2026-12-01T09:00:00Z',
    '2026-12-01 12:00:00',
  ])('%s is noon in Moscow', (written) => {
    expect(clinicTime(written, 'Europe/Moscow')).toEqual({ date: '2026-12-01', time: '12:00', iso: '2026-12-01T12:00:00+03:00' });
  });

  it('turns a late UTC evening into the next day at the clinic, and tells another zone by its own clock', () => {
    expect(clinicTime('2026-12-01T21:30:00+0000', 'Europe/Moscow')).toMatchObject({ date: '2026-12-02', time: '00:30' });
    expect(clinicTime('2026-12-01T09:00:00+0000', 'Asia/Yekaterinburg')?.iso).toBe('2026-12-01T14:00:00+05:00');
  });

  it('reads nothing into what is not a moment', () => {
    expect(clinicTime('12:00', 'Europe/Moscow')).toBeUndefined();
    expect(clinicTime('2026-12-01T12:00:00+03:00', 'Europe/Moscow')).toBeDefined();
    expect([knownTimeZone('Europe/Moscow'), knownTimeZone('Mars/Olympus')]).toEqual([true, false]);
  });

  it('writes the calendar file’s start in UTC from the instant, in whatever offset it came', () => {
    for (const start of ['2026-12-01T04:00:00-0500', '2026-12-01T12:00:00+03:00']) {
      const ics = icsOf({ uid: 'u', start, minutes: 60, summary: 'Приём' }, 0);
      expect(ics).toContain('DTSTART:20261201T090000Z');
      expect(ics).toContain('DTEND:20261201T100000Z');
    }
  });
});
