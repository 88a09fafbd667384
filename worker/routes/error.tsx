import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { OriginError } from '../cache/origin-error';
import { optional } from '../drupal/optional';
import { asksForHtml } from '../middleware/navigation';
import { ErrorScreen, type ErrorView } from '../screens/ErrorScreen';

/** docs/requirements.md §2 reading B: the 404 and 403 pages are Drupal nodes. */
const ERROR_NODES: Partial<Record<number, number>> = { 404: 823, 403: 1360 };

/** Nodes that are the site's error pages: not pages of their own (the sitemap leaves them out). */
export const ERROR_PAGE_NIDS: ReadonlySet<number> = new Set(Object.values(ERROR_NODES).filter((nid) => nid !== undefined));

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: 'Неверный запрос', text: 'Проверьте адрес страницы или вернитесь на главную.' },
  403: { title: 'Доступ запрещён', text: 'У вас нет доступа к этой странице.' },
  404: { title: 'Страница не найдена', text: 'Такой страницы на сайте нет. Возможно, она была перемещена.' },
  500: { title: 'Внутренняя ошибка', text: 'Что-то пошло не так. Попробуйте обновить страницу.' },
  503: { title: 'Сайт временно недоступен', text: 'Мы уже знаем о проблеме. Попробуйте обновить страницу через минуту.' },
};

async function errorView(c: Context<AppEnv>, status: number): Promise<ErrorView> {
  const fallback = MESSAGES[status] ?? MESSAGES[500]!;
  const nid = ERROR_NODES[status];
  const node = nid ? await optional(`error page node ${nid}`, c.var.drupal.nodeByNid('page', nid), null) : null;
  return node
    ? { status, title: node.title || fallback.title, html: node.body?.html, text: fallback.text }
    : { status, title: fallback.title, text: fallback.text };
}

/** docs/requirements.md §2 reading B: the 400 page's own address. */
export const BAD_REQUEST_PATH = '/400';

/**
 * docs/requirements.md §8: any 400 takes the visitor to /400. A browser's navigation is sent there
 * (the address bar then says where it is); anything else (a script, a check that
 * asks for no HTML) gets the 400 page in place.
 */
export function badRequest(c: Context<AppEnv>): Promise<Response> {
  const navigation =
    (c.req.method === 'GET' || c.req.method === 'HEAD') &&
    asksForHtml(c.req.header('Accept')) &&
    new URL(c.req.url).pathname !== BAD_REQUEST_PATH;
  return navigation ? Promise.resolve(c.redirect(BAD_REQUEST_PATH, 302)) : renderError(c, 400);
}

/**
 * docs/requirements.md §8: the error page for what went wrong: Drupal down with no cached copy is 503, so
 * that crawlers come back; Drupal refusing the page's own request as malformed sends the visitor to /400;
 * anything else (an answer we cannot read, a failure of our own code) is the 500 page, which says nothing
 * of Drupal.
 */
export function errorAnswer(c: Context<AppEnv>, error: unknown): Promise<Response> {
  console.error('Запрос не обработан', error instanceof Error ? error.stack : error);
  if (!(error instanceof OriginError)) return renderError(c, 500);
  if (error.unhealthy) return renderError(c, 503);
  return error.status === 400 ? badRequest(c) : renderError(c, 500);
}

/** The error page of docs/requirements.md §8; if even that cannot render, a bare page with a link home. */
export async function renderError(c: Context<AppEnv>, status: number): Promise<Response> {
  try {
    const view = await errorView(c, status);
    return await c.render(<ErrorScreen error={view} />, { title: view.title, status });
  } catch (error) {
    console.error('Страница ошибки не отрисована', error);
    return errorPageFailed(status);
  }
}

export function errorPageFailed(status: number): Response {
  return new Response(
    '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>Ошибка</title></head><body>' +
      '<p>Произошла ошибка при отображении страницы ошибки.</p><p><a href="/">На главную</a></p></body></html>',
    { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );
}
