import { useEffect, useRef, type InputHTMLAttributes } from 'react';
// The two parts of imask a pattern needs, not its whole index (dates, numbers, ranges…).
import InputMask from 'imask/esm/controls/input';
import 'imask/esm/masked/pattern';
import type { AppendFlags, default as Masked } from 'imask/esm/masked/base';
import { PHONE_MASK, phoneDigits, PHONE_DIGITS } from '../../../common/forms/phone';

/**
 * A Russian habit: 8 in front of the code means +7, and a number typed from its
 * code (9…) is Russia's. The first digit of an empty field is read that way, so
 * the mask shows +7 (999) … however the visitor starts.
 */
function russianStart(chars: string, masked: Masked, flags: AppendFlags): string {
  if (flags.tail || masked.unmaskedValue !== '') return chars;
  return chars.replace(/\d/, (digit) => (digit === '8' ? '7' : digit === '9' ? '79' : digit));
}

/**
 * The phone field (docs/requirements.md §5): typed through imask's `+0 (000) 000-00-00`; a whole
 * number pasted in any common shape (8 999 123 45 67, +7 999 1234567) replaces
 * what was there. The input is left to imask; React hears the masked value.
 */
export function PhoneInput({
  defaultValue,
  onValue,
  ...attributes
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'defaultValue' | 'onChange'> & {
  defaultValue: string;
  onValue: (value: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const mask = useRef<InputMask | null>(null);
  const report = useRef(onValue);
  report.current = onValue;

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const instance = new InputMask(element, { mask: PHONE_MASK, prepare: russianStart });
    instance.on('accept', () => report.current(instance.value));
    mask.current = instance;
    return () => {
      instance.destroy();
      mask.current = null;
    };
  }, []);

  return (
    <input
      {...attributes}
      ref={input}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      defaultValue={defaultValue}
      onPaste={(event) => {
        const digits = phoneDigits(event.clipboardData.getData('text'));
        if (digits.length !== PHONE_DIGITS || !mask.current) return;
        event.preventDefault();
        mask.current.unmaskedValue = digits;
      }}
    />
  );
}
