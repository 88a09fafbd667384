import type { MiddlewareHandler } from 'hono';
import { accountOf, bookingSystemFor } from '../booking/from-config';
import type { Booking } from '../booking/booking';
import { createSchedule } from '../booking/schedule';
import type { ConfigVariables } from './config';

/** What this middleware puts on the context. */
export interface BookingVariables {
  /** Absent when the clinic has no schedule system. */
  booking?: Booking;
}

/** Builds the request's schedule client from the settings; no BOOKING_PROVIDER, nothing (the site as without booking). */
export function booking(): MiddlewareHandler<{ Variables: ConfigVariables & BookingVariables }> {
  return async (c, next) => {
    const { config } = c.var;
    const settings = config.booking;
    if (settings) {
      const system = bookingSystemFor(settings, config.origin.timeoutMs);
      const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
      const schedule = createSchedule({ system, store: config.kv, account: accountOf(settings), waitUntil, timeZone: settings.timeZone });
      c.set('booking', { settings, schedule });
    }
    await next();
  };
}
