import { maskPhone } from '../islands/form/phone-mask';
import { defineBehavior } from '../runtime/behavior';

/**
 * The booking page's phone field (docs/booking.md, "The page") masked as the popups' is. Woken when the visitor
 * first reaches the field (focus, a tap, a key), so a reading visit fetches none of it; without JavaScript the field
 * stays plain, and the server reads any spelling of the number. What was typed before the mask arrived is masked
 * as it stands.
 */
export default defineBehavior('PhoneMask', (root) => {
  const input = root.querySelector<HTMLInputElement>('input[type="tel"]');
  if (input) maskPhone(input);
});
