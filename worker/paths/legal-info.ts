/** The medical organisation's details page (docs/legal.ru.md): the footer links to it, routes/site.tsx serves it. */
export const LEGAL_INFO_PATH = '/svedeniya.html';
export const LEGAL_INFO_TITLE = 'Сведения о медицинской организации';
