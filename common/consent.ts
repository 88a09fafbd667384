/**
 * The visitor's choice about analytics cookies (152-ФЗ: Yandex Metrica only after
 * consent). The worker reads it to render the counter's tag or the banner; the
 * banner's behaviour writes it. Both import this file, so the cookie and the
 * tag are spelled once.
 */
export const CONSENT_COOKIE = 'consent';

/** `analytics`: Metrica may load; `none`: declined. No cookie: not asked yet. */
export type ConsentChoice = 'analytics' | 'none';

/** A year, in seconds: the choice is asked again after that. */
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

/** The choice in a Cookie header (or `document.cookie`); anything else there counts as no choice. */
export function consentIn(cookies: string | null | undefined): ConsentChoice | undefined {
  const match = /(?:^|;\s*)consent=([^;]*)/.exec(cookies ?? '');
  const value = match?.[1]?.trim();
  return value === 'analytics' || value === 'none' ? value : undefined;
}

export const METRIKA_TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';

/**
 * Metrica's settings at init. Should a clinic turn Webvisor on, every form field
 * carries NO_KEY_RECORDING, so what a patient types is still never recorded.
 */
export const METRIKA_INIT = { clickmap: true, trackLinks: true, accurateTrackBounce: true } as const;

/** The class that keeps Webvisor from recording a field's keys: every form field carries it. */
export const NO_KEY_RECORDING = 'ym-disable-keys';
