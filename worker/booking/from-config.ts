import type { BookingSettings } from '../config/booking';
import type { BookingSystem } from './booking-system';
import { createRenovatioSystem } from './renovatio/client';
import { createYclientsSystem } from './yclients/client';

/** The clinic's schedule system from its settings (docs/booking.md, "Settings"); calls wait no longer than `timeoutMs`. */
export function bookingSystemFor(settings: BookingSettings, timeoutMs: number): BookingSystem {
  switch (settings.provider) {
    case 'yclients':
      return createYclientsSystem({
        apiUrl: settings.apiUrl,
        companyId: settings.companyId,
        partnerToken: settings.partnerToken,
        userToken: settings.userToken,
        codes: settings.codes,
        timeZone: settings.timeZone,
        timeoutMs,
      });
    case 'renovatio':
      return createRenovatioSystem({
        apiUrl: settings.apiUrl,
        clinicId: settings.clinicId,
        apiKey: settings.apiKey,
        categoryId: settings.categoryId,
        timeZone: settings.timeZone,
        timeoutMs,
      });
  }
}

/** The account a system's answers are kept under in the shared store; Renovatio's free times differ by the category opened online. */
export const accountOf = (settings: BookingSettings) =>
  settings.provider === 'yclients'
    ? settings.companyId
    : `${settings.clinicId}${settings.categoryId === undefined ? '' : `-${settings.categoryId}`}`;
