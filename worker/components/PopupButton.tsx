import type { ReactNode } from 'react';
import { POPUP_ATTRIBUTE, type PopupForm } from '../../common/popups';
import { WAKES_ATTRIBUTE } from '../../common/island-markers';

/** The page that opens each popup over the home page without JavaScript (spec §2 reading B). */
const POPUP_PAGES: Partial<Record<PopupForm, string>> = { callback: '/callback.html', review: '/review.html' };

/**
 * A link that opens the popup of `form` (waking the popup island on first use);
 * without JavaScript it goes to the page that shows the same popup.
 */
export function PopupButton({ form, className = 'button', children }: { form: PopupForm; className?: string; children: ReactNode }) {
  const attributes = { [POPUP_ATTRIBUTE]: form, [WAKES_ATTRIBUTE]: 'Popup' };
  return (
    <a className={className} href={POPUP_PAGES[form] ?? '/consultation.html'} {...attributes}>
      {children}
    </a>
  );
}
