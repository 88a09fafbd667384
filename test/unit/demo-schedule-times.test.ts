/**
 * The demo schedule's free times against a clock the test sets (demo-origin/README.md, "Free times"): a time is offered
 * only from half an hour ahead, and one offered is still booked when the patient's form arrives just as it starts.
 */
import { describe, expect, it } from 'vitest';
import { cellBusy, createScheduleState, freeStarts, refusal } from '../../demo-origin/src/schedule/state';
import { instantOf, type LocalTime } from '../../demo-origin/src/schedule/time';

/** A Monday, so the clinic is open; each staff member's day has other patients' cells, the same on every run. */
const DATE = '2026-12-07';
const STAFF = 1001;
const at = (minutes: number): LocalTime => ({ date: DATE, minutes });

describe('the demo schedule’s free times', () => {
  it('offers no time that starts within half an hour, and still books the first one offered when it starts', () => {
    const s = createScheduleState();
    const allDay = freeStarts(s, STAFF, DATE, 30, instantOf(at(0)));
    // The morning's free starts from a clock at midnight; then the clock at a quarter to the second of them.
    const [first, second] = allDay;
    expect(second).toBeDefined();
    const now = instantOf(at(second!)) - 15 * 60_000;
    const offered = freeStarts(s, STAFF, DATE, 30, now);
    expect(offered).not.toContain(first);
    expect(offered).not.toContain(second);
    expect(offered.every((start) => instantOf(at(start)) > now + 30 * 60_000)).toBe(true);
    expect(offered).toEqual(allDay.filter((start) => instantOf(at(start)) > now + 30 * 60_000));
    // Renovatio's grid shows the same cells as taken.
    expect(cellBusy(s, STAFF, at(second!), 30, now)).toBe(true);

    // Offered at a clock 31 minutes before it, a time is booked with the form arriving at its very start.
    const third = offered[0]!;
    expect(freeStarts(s, STAFF, DATE, 30, instantOf(at(third)) - 31 * 60_000)).toContain(third);
    expect(refusal(s, STAFF, at(third), 30, instantOf(at(third)) - 1)).toBeNull();
    expect(refusal(s, STAFF, at(third), 30, instantOf(at(third)))).toBe('past');
  });
});
