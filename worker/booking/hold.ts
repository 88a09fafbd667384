import type { SlotHolds } from '../seams/seams';
import { BookingError, type Appointment } from './booking-system';

/** Long enough to read the SMS and type its code; a patient slower than that takes the time anew before booking. */
export const HOLD_MS = 5 * 60_000;

export interface SlotHold {
  /** Holds the time for this attempt (again: from now); throws BookingError('taken') while another visitor holds it. */
  take(): Promise<void>;
  /** The booking is made: the time is the schedule's to guard now. */
  release(): Promise<void>;
}

/**
 * The appointment's time held for one booking attempt (docs/booking.md, "Never two patients in one slot"), on the
 * platform's SlotHolds (Valkey on Node, a Durable Object on Workers). None bound, or the store failing: nothing is
 * held and the schedule's own final check guards alone, as it must anyway against the clinic's front desk, so a
 * patient is never turned away for it.
 */
export function slotHold(holds: SlotHolds | undefined, appointment: Appointment, attemptKey: string): SlotHold {
  const slot = `${appointment.staffId}|${appointment.datetime}`;
  return {
    async take() {
      if (!holds) return;
      const held = await holds.hold(slot, attemptKey, HOLD_MS).catch((error: unknown) => {
        console.warn(`Онлайн-запись: время не удержано (${error instanceof Error ? error.message : String(error)})`);
        return true;
      });
      if (!held) throw new BookingError('taken', 'another visitor of the site holds this time');
    },
    async release() {
      // A hold left behind lapses by itself within HOLD_MS.
      await holds?.release(slot, attemptKey).catch(() => undefined);
    },
  };
}
