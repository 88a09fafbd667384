import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ISLANDS } from '../../client/islands';
import { POPUP_ATTRIBUTE, popupPageOf, type PopupForm } from '../../common/popups';
import { WAKES_ATTRIBUTE } from '../../common/island-markers';
import { ButtonContent, buttonClass, type ButtonLook } from './ui/Button';

/**
 * A link that opens the popup of `form` (waking the popup island on first use);
 * without JavaScript it goes to the page that shows the same popup. It looks like
 * a button of the given look; a `className` replaces that look altogether (for a
 * link that should read as text, such as the footer's «Заказать звонок»).
 */
export function PopupButton({
  form,
  className,
  icon,
  children,
  ...look
}: ButtonLook & { form: PopupForm; className?: string; icon?: LucideIcon; children: ReactNode }) {
  const attributes = { [POPUP_ATTRIBUTE]: form, [WAKES_ATTRIBUTE]: ISLANDS.Popup.islandName };
  return (
    <a className={className ?? buttonClass(look)} href={popupPageOf(form)} {...attributes}>
      <ButtonContent icon={icon}>{children}</ButtonContent>
    </a>
  );
}
