/**
 * docs/requirements.md §5: phone mask: '+' literal, '*' a digit, `+* (***) ***-**-**`. The
 * browser types through imask with the same pattern; the server checks and
 * normalises with these.
 */
export const PHONE_MASK = '+0 (000) 000-00-00';
export const PHONE_DIGITS = 11;

/** The digits of a phone number as typed or pasted: 8 999… and 9 99… become Russia's +7. */
export function phoneDigits(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length === PHONE_DIGITS && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  if (digits.length === PHONE_DIGITS - 1) digits = `7${digits}`;
  return digits;
}

/** +7 (999) 123-45-67, or undefined when the number is not complete. */
export function formatPhone(value: string): string | undefined {
  const d = phoneDigits(value);
  if (d.length !== PHONE_DIGITS) return undefined;
  return `+${d[0]} (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9, 11)}`;
}
