/**
 * The popup request forms (docs/requirements.md §4): their webform ids and the dialog's title for
 * each. The worker renders the buttons that open them and the pages that open
 * one over the home page; the browser's popup island shows them.
 */
export const POPUP_TITLES = {
  consultation: 'Записаться на приём',
  consultation1: 'Записаться на консультацию',
  callback: 'Заказать звонок',
  send_resume: 'Отправить резюме',
  review: 'Оставить отзыв',
  discount: 'Получить скидку',
} as const;

export type PopupForm = keyof typeof POPUP_TITLES;

/** docs/requirements.md §4: «Записаться на консультацию» shows the consultation form's fields, and is submitted as it. */
const WEBFORM_OF: Partial<Record<PopupForm, string>> = { consultation1: 'consultation' };

/** The Drupal webform a popup reads its fields from and submits into. */
export const webformOf = (form: PopupForm): string => WEBFORM_OF[form] ?? form;

export const isPopupForm = (value: unknown): value is PopupForm => typeof value === 'string' && Object.hasOwn(POPUP_TITLES, value);

/** The attribute that makes any element open a popup: its value is the form id. */
export const POPUP_ATTRIBUTE = 'data-popup';

/** docs/requirements.md §2 reading B: the pages that only open their popup, over the home page (and where a book button leads without JavaScript). */
export const POPUP_PAGES: { readonly [path: string]: PopupForm } = {
  '/consultation.html': 'consultation',
  '/callback.html': 'callback',
  // Reading A's second address of the callback popup; popupPageOf keeps naming the first.
  '/callback1.html': 'callback',
  '/review.html': 'review',
};

/** The page that opens `form`'s popup; the forms without a page of their own open the consultation's. */
export const popupPageOf = (form: PopupForm): string =>
  Object.keys(POPUP_PAGES).find((path) => POPUP_PAGES[path] === form) ?? '/consultation.html';
