import { useEffect, useRef, useState } from 'react';
import type { FormDefinition } from '../../common/forms/definition';
import { defineIsland } from '../../common/islands';
import { POPUP_ATTRIBUTE, POPUP_TITLES, isPopupForm, type PopupForm } from '../../common/popups';
import { loadDefinition, prefetchDefinition } from './form/definitions';
import { PopupForm as RequestForm } from './form/PopupForm';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The class a popup's button wears while its form is on the way (the spinner in popup.css). */
const LOADING_CLASS = 'popup-trigger--loading';

/**
 * What the dialog shows: the form; the phone alone (the server's rendering, which a
 * visitor without JavaScript keeps); or the phone with a word that the form could
 * not be loaded.
 */
type Content = { kind: 'call' } | { kind: 'failed' } | { kind: 'form'; definition: FormDefinition };

interface View {
  form: PopupForm | null;
  content: Content;
  /** Counts the requests to show the dialog: the same form asked for again must open again. */
  shown: number;
}

const triggerOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>(`[${POPUP_ATTRIBUTE}]`) : null);

function setLoading(trigger: HTMLElement | null, loading: boolean) {
  if (!trigger) return;
  trigger.classList.toggle(LOADING_CLASS, loading);
  if (loading) trigger.setAttribute('aria-busy', 'true');
  else trigger.removeAttribute('aria-busy');
}

function PhoneIcon() {
  return (
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
  );
}

/**
 * The one popup of the page (docs/requirements.md §2: 544 px wide on desktop; §4: the request
 * forms). A native modal dialog: the rest of the page is inert while it is open,
 * Escape and a click on the backdrop close it, and focus returns to the button
 * that opened it. Every element with `data-popup="<form id>"` opens it: the form's
 * definition is fetched from the worker (early, on hover or focus of the button;
 * once per page), the button shows it is working meanwhile, and the dialog opens
 * with the form once it is there, or with the clinic's phone if it cannot come.
 */
function Popup({ phone, initial, metrikaId }: { phone: string; initial: string | null; metrikaId?: number }) {
  const [view, setView] = useState<View>({ form: isPopupForm(initial) ? initial : null, content: { kind: 'call' }, shown: 0 });
  const [loading, setLoadingView] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  /** The latest request: an earlier one that arrives later is dropped. */
  const latest = useRef(0);

  useEffect(() => {
    /** Loads `id`'s form; then shows the dialog with it, or (for the popup the server opened) only puts it in. */
    const request = (id: PopupForm, trigger: HTMLElement | null, reveal: boolean) => {
      const ticket = ++latest.current;
      setLoading(trigger, true);
      void loadDefinition(id)
        .then(
          (definition): Content => ({ kind: 'form', definition }),
          (error: unknown): Content => {
            console.warn(`Форма «${id}» не загрузилась`, error);
            return { kind: 'failed' };
          },
        )
        .then((content) => {
          setLoading(trigger, false);
          if (ticket !== latest.current) return;
          setLoadingView(false);
          setView((previous) => ({ form: id, content, shown: previous.shown + (reveal ? 1 : 0) }));
        });
    };
    const open = (event: MouseEvent) => {
      const trigger = triggerOf(event.target);
      const id = trigger?.getAttribute(POPUP_ATTRIBUTE);
      if (!trigger || !isPopupForm(id)) return;
      event.preventDefault();
      // A second click while the form is on its way changes nothing.
      if (trigger.getAttribute('aria-busy') === 'true') return;
      opener.current = trigger;
      request(id, trigger, true);
    };
    const prefetch = (event: Event) => {
      const id = triggerOf(event.target)?.getAttribute(POPUP_ATTRIBUTE);
      if (isPopupForm(id)) prefetchDefinition(id);
    };
    document.addEventListener('click', open);
    document.addEventListener('pointerover', prefetch, { passive: true });
    document.addEventListener('focusin', prefetch);
    // The popup the server rendered open (/consultation.html): its form replaces the phone once it is here.
    if (isPopupForm(initial)) {
      setLoadingView(true);
      request(initial, null, false);
    }
    return () => {
      document.removeEventListener('click', open);
      document.removeEventListener('pointerover', prefetch);
      document.removeEventListener('focusin', prefetch);
    };
  }, [initial]);

  useEffect(() => {
    const element = dialog.current;
    if (!element || !view.form) return;
    // A page that opens a popup (/consultation.html) renders it open but not modal; make it modal.
    if (element.open && !element.matches(':modal')) element.close();
    if (!element.open) element.showModal();
  }, [view.shown]);

  const close = () => dialog.current?.close();
  const { form, content } = view;
  const described = content.kind !== 'form';
  return (
    <dialog
      ref={dialog}
      className="popup"
      aria-labelledby="popup-title"
      aria-describedby={described ? 'popup-text' : undefined}
      aria-busy={loading || undefined}
      open={initial !== null && form === initial ? true : undefined}
      onClose={(event) => {
        // Reopening the server-opened dialog as modal closes it for a moment: that close is not the visitor's.
        if (event.currentTarget.open) return;
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
        {content.kind === 'form' && form ? (
          <>
            <RequestForm key={form} formId={form} definition={content.definition} metrikaId={metrikaId} onSent={close} />
            <p className="popup__alt">
              Удобнее по телефону?{' '}
              <a className="popup__alt-call" href={telHref(phone)}>
                {phone}
              </a>
            </p>
          </>
        ) : (
          <>
            <p id="popup-text" className="popup__text">
              {content.kind === 'failed'
                ? 'Форма сейчас не загрузилась — это на нашей стороне. Позвоните нам: администратор всё запишет и ответит на вопросы.'
                : 'Позвоните нам: администратор ответит на вопросы и подберёт удобное для вас время.'}
            </p>
            <a className="button popup__call" href={telHref(phone)}>
              <PhoneIcon />
              {phone}
            </a>
          </>
        )}
      </div>
    </dialog>
  );
}

export default defineIsland<{ phone: string; initial: string | null; metrikaId?: number }>('demand', Popup);
