import type { BookingSettings } from '../config/booking';
import type { Schedule } from './schedule';

/** Online booking for one request, when the clinic has a schedule system (docs/booking.md): its settings and its schedule. */
export interface Booking {
  settings: BookingSettings;
  schedule: Schedule;
}
