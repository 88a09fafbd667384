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
 * The phone field's mask (docs/requirements.md §5), the popups' and the booking page's alike: typed through imask's
 * `+0 (000) 000-00-00`; a whole number pasted in any common shape (8 999 123 45 67, +7 999 1234567) replaces what
 * was there. `onValue` hears each masked value; the returned function takes the mask off again.
 */
export function maskPhone(element: HTMLInputElement, onValue?: (value: string) => void): () => void {
  const mask = new InputMask(element, { mask: PHONE_MASK, prepare: russianStart });
  if (onValue) mask.on('accept', () => onValue(mask.value));
  const paste = (event: ClipboardEvent) => {
    const digits = phoneDigits(event.clipboardData?.getData('text') ?? '');
    if (digits.length !== PHONE_DIGITS) return;
    event.preventDefault();
    mask.unmaskedValue = digits;
  };
  element.addEventListener('paste', paste);
  return () => {
    element.removeEventListener('paste', paste);
    mask.destroy();
  };
}
