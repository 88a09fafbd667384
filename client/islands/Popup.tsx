import { useEffect, useRef, useState } from 'react';
import { defineIsland } from '../../common/islands';
import { POPUP_ATTRIBUTE, POPUP_TITLES, isPopupForm, type PopupForm } from '../../common/popups';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The one popup of the page (spec §2: 544 px wide on desktop). A native modal
 * dialog: the rest of the page is inert while it is open, Escape and a click on
 * the backdrop close it, and focus returns to the button that opened it. Every
 * element with `data-popup="<form id>"` opens it with that form's title.
 */
function Popup({ phone, initial }: { phone: string; initial: string | null }) {
  const [form, setForm] = useState<PopupForm | null>(isPopupForm(initial) ? initial : null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const open = (event: MouseEvent) => {
      const trigger = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${POPUP_ATTRIBUTE}]`) : null;
      const id = trigger?.getAttribute(POPUP_ATTRIBUTE);
      if (!trigger || !isPopupForm(id)) return;
      event.preventDefault();
      opener.current = trigger;
      setForm(id);
      // A second click on the same button must open it again after it was closed.
      dialog.current?.dispatchEvent(new Event('popup:request'));
    };
    document.addEventListener('click', open);
    return () => document.removeEventListener('click', open);
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element || !form) return;
    const show = () => {
      // A page that opens a popup (/consultation.html) renders it open but not modal; make it modal.
      if (element.open && !element.matches(':modal')) element.close();
      if (!element.open) element.showModal();
    };
    show();
    element.addEventListener('popup:request', show);
    return () => element.removeEventListener('popup:request', show);
  }, [form]);

  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      className="popup"
      aria-labelledby="popup-title"
      aria-describedby="popup-text"
      open={initial !== null && form === initial ? true : undefined}
      onClose={(event) => {
        // Reopening the server-opened dialog as modal closes it for a moment: that close is not the visitor's.
        if (event.currentTarget.open) return;
        setForm(null);
        // Chromium gives focus back to the opener by itself; Safari does not focus a link on click, so the dialog does.
        const trigger = opener.current;
        opener.current = null;
        if (trigger?.isConnected && (document.activeElement === document.body || event.currentTarget.contains(document.activeElement))) {
          trigger.focus({ preventScroll: true });
        }
        // Opened by its own address: closing leaves the visitor on the home page it lay over.
        if (window.location.pathname !== '/' && isPopupForm(initial)) history.replaceState(null, '', '/');
      }}
      onClick={(event) => {
        // The dialog is all body: a click on the dialog element itself landed on the backdrop.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="popup__body">
        <div className="popup__head">
          <h2 id="popup-title" className="popup__title">
            {form ? POPUP_TITLES[form] : ''}
          </h2>
          <button type="button" className="popup__close" aria-label="Закрыть" onClick={close}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <p id="popup-text" className="popup__text">
          Позвоните нам: администратор ответит на вопросы и подберёт удобное для вас время.
        </p>
        <a className="button popup__call" href={telHref(phone)}>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {phone}
        </a>
      </div>
    </dialog>
  );
}

export default defineIsland<{ phone: string; initial: string | null }>('Popup', 'demand', Popup);
