import { HONEYPOT, HONEYPOT_OLD, type FormField } from '../../common/forms/definition';
import type { FieldValue } from '../../common/forms/validate';

/**
 * Whether a body filled the trap field, under its name or the one it had before
 * (unless the form has a real field of that older, commoner name).
 */
export function trapFilled(values: Readonly<Record<string, FieldValue>>, fields: readonly Pick<FormField, 'key'>[]): boolean {
  const traps = fields.some((f) => f.key === HONEYPOT_OLD) ? [HONEYPOT] : [HONEYPOT, HONEYPOT_OLD];
  return traps.some((key) => {
    const value = values[key];
    return typeof value === 'string' ? value.trim() !== '' : value === true;
  });
}
