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

  useEffect(() => {
    const open = (event: MouseEvent) => {
      const trigger = event.target instanceof Element ? event.target.closest(`[${POPUP_ATTRIBUTE}]`) : null;
      const id = trigger?.getAttribute(POPUP_ATTRIBUTE);
      if (!isPopupForm(id)) return;
      event.preventDefault();
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
      open={initial !== null && form === initial ? true : undefined}
      onClose={(event) => {
        // Reopening the server-opened dialog as modal closes it for a moment: that close is not the visitor's.
        if (event.currentTarget.open) return;
        setForm(null);
        // Opened by its own address: closing leaves the visitor on the home page it lay over.
        if (window.location.pathname !== '/' && isPopupForm(initial)) history.replaceState(null, '', '/');
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="popup__body">
        <button type="button" className="popup__close" aria-label="Закрыть" onClick={close}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id="popup-title" className="popup__title">
          {form ? POPUP_TITLES[form] : ''}
        </h2>
        <p className="popup__text">Позвоните нам — администратор ответит на вопросы и подберёт удобное время.</p>
        <a className="button popup__call" href={telHref(phone)}>
          {phone}
        </a>
      </div>
    </dialog>
  );
}

export default defineIsland<{ phone: string; initial: string | null }>('Popup', 'demand', Popup);
