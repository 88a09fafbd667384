import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import { maskPhone } from './phone-mask';

/**
 * The phone field (docs/requirements.md §5), masked as phone-mask.ts says. The input is left to imask; React hears
 * the masked value.
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
  const report = useRef(onValue);
  report.current = onValue;

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    return maskPhone(element, (value) => report.current(value));
  }, []);

  return <input {...attributes} ref={input} type="tel" inputMode="tel" autoComplete="tel" defaultValue={defaultValue} />;
}
