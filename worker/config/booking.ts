import { z } from 'zod';
import { unsetToUndefined as unset } from './unset';

/**
 * Online booking's settings (docs/booking.md, "Settings"): which schedule system the clinic has, where it
 * answers and with which secrets. No BOOKING_PROVIDER: no online booking, the site exactly as without it.
 */
const url = (fallback: string) =>
  z.preprocess(
    unset,
    z
      .url({ protocol: /^https?$/, error: 'должен быть адресом http(s)://…' })
      .default(fallback)
      .transform((value) => value.replace(/\/+$/, '')),
  );
const optional = z.preprocess(unset, z.string().trim().min(1).optional());

/** BOOKING_TIMEZONE unset: the clinic is in Moscow. */
export const DEFAULT_TIMEZONE = 'Europe/Moscow';

/** Whether the runtime knows this IANA time zone ("Europe/Moscow", "Asia/Yekaterinburg"). */
export function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const bookingSettings = {
  BOOKING_PROVIDER: z.preprocess(unset, z.enum(['yclients', 'renovatio'], { error: 'должен быть yclients или renovatio' }).optional()),
  /** The Drupal field a clinic keeps the schedule's id of a doctor or a service in. */
  BOOKING_ID_FIELD: z.preprocess(
    unset,
    z
      .string()
      .regex(/^field_[a-z0-9_]+$/, 'должен быть машинным именем поля Drupal (field_…)')
      .default('field_mis_id'),
  ),
  /** Whether YCLIENTS asks for the SMS code (its booking form's «подтверждение телефона»). */
  BOOKING_SMS_CODE: z.preprocess(unset, z.enum(['true', 'false'], { error: 'должен быть true или false' }).default('true')),
  /** The clinic's IANA time zone: the clock a booking's day and time are shown on (docs/booking.md, "Settings"). */
  BOOKING_TIMEZONE: z.preprocess(
    unset,
    z.string().trim().refine(knownTimeZone, 'должен быть названием часового пояса IANA, например Europe/Moscow').default(DEFAULT_TIMEZONE),
  ),
  YCLIENTS_API_URL: url('https://api.yclients.com/api/v1'),
  YCLIENTS_COMPANY_ID: z.preprocess(unset, z.string().regex(/^\d+$/, 'должен быть числом').optional()),
  YCLIENTS_PARTNER_TOKEN: optional,
  YCLIENTS_USER_TOKEN: optional,
  RENOVATIO_API_URL: url('https://app.rnova.org/api/public'),
  RENOVATIO_CLINIC_ID: z.preprocess(unset, z.string().regex(/^\d+$/, 'должен быть числом').optional()),
  RENOVATIO_API_KEY: optional,
  /** The schedule category opened for online booking; unset: every free time (docs/booking.md, "Settings"). */
  RENOVATIO_CATEGORY_ID: z.preprocess(unset, z.string().trim().regex(/^\d+$/, 'должен быть числом').optional()),
};

type BookingRaw = z.output<z.ZodObject<typeof bookingSettings>>;

/** What each provider cannot do without; said by the settings' name on the misconfiguration page. */
const REQUIRED: Record<'yclients' | 'renovatio', (keyof BookingRaw)[]> = {
  yclients: ['YCLIENTS_COMPANY_ID', 'YCLIENTS_PARTNER_TOKEN'],
  renovatio: ['RENOVATIO_CLINIC_ID', 'RENOVATIO_API_KEY'],
};

export function bookingProblems(raw: BookingRaw): { setting: string; message: string }[] {
  if (!raw.BOOKING_PROVIDER) return [];
  return REQUIRED[raw.BOOKING_PROVIDER]
    .filter((setting) => !raw[setting])
    .map((setting) => ({ setting, message: `нужен при BOOKING_PROVIDER=${raw.BOOKING_PROVIDER}` }));
}

export type BookingSettings = (
  | {
      provider: 'yclients';
      idField: string;
      apiUrl: string;
      companyId: string;
      partnerToken: string;
      userToken?: string;
      codes: boolean;
    }
  | { provider: 'renovatio'; idField: string; apiUrl: string; clinicId: string; apiKey: string; categoryId?: string }
) & {
  /** The clinic's IANA time zone (BOOKING_TIMEZONE). */
  timeZone: string;
};

/** The settings of the configured provider; undefined without one (or, after bookingProblems said so, incomplete). */
export function bookingOf(raw: BookingRaw): BookingSettings | undefined {
  const idField = raw.BOOKING_ID_FIELD;
  if (raw.BOOKING_PROVIDER === 'yclients' && raw.YCLIENTS_COMPANY_ID && raw.YCLIENTS_PARTNER_TOKEN) {
    return {
      provider: 'yclients',
      idField,
      apiUrl: raw.YCLIENTS_API_URL,
      companyId: raw.YCLIENTS_COMPANY_ID,
      partnerToken: raw.YCLIENTS_PARTNER_TOKEN,
      userToken: raw.YCLIENTS_USER_TOKEN,
      codes: raw.BOOKING_SMS_CODE === 'true',
      timeZone: raw.BOOKING_TIMEZONE,
    };
  }
  if (raw.BOOKING_PROVIDER === 'renovatio' && raw.RENOVATIO_CLINIC_ID && raw.RENOVATIO_API_KEY) {
    return {
      provider: 'renovatio',
      idField,
      apiUrl: raw.RENOVATIO_API_URL,
      clinicId: raw.RENOVATIO_CLINIC_ID,
      apiKey: raw.RENOVATIO_API_KEY,
      categoryId: raw.RENOVATIO_CATEGORY_ID,
      timeZone: raw.BOOKING_TIMEZONE,
    };
  }
  return undefined;
}
