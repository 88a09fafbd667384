import type { Context } from 'hono';
import { loadErrorLayout, type LayoutData } from '../loaders/layout';
import { optional } from '../drupal/optional';
import { ErrorPage, type ErrorView } from '../pages/ErrorPage';
import { renderPage } from '../render/render-page';
import type { AppEnv } from '../env';

/** Spec §2 reading B: the 404 and 403 pages are Drupal nodes. */
const ERROR_NODES: Partial<Record<number, number>> = { 404: 823, 403: 1360 };

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

/**
 * The error page of spec §8; if even that cannot render, a bare page with a link
 * home. Its frame comes from path-independent calls unless the route already
 * started the page's own.
 */
export async function renderError(c: Context<AppEnv>, status: number, layout?: LayoutData): Promise<Response> {
  try {
    const frame = layout ?? loadErrorLayout(c.var.drupal, c.var.config, c.var.pagePath ?? '/', status);
    const view = await errorView(c, status);
    return await renderPage(c, { status, layout: frame, title: view.title, body: <ErrorPage error={view} /> });
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
