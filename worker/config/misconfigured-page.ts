import type { ConfigProblem } from './config';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A plain page for ops: it names each broken setting but never echoes a value,
 * since the value may be a secret. It is not a React page because rendering
 * the layout needs the very settings that are missing.
 */
export function misconfiguredPage(problems: ConfigProblem[]): Response {
  const items = problems.map((p) => `<li><code>${escapeHtml(p.setting)}</code>: ${escapeHtml(p.message)}</li>`).join('');
  const html = `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>Ошибка настройки сайта</title></head>
<body><h1>Сайт временно недоступен: ошибка настройки</h1>
<p>Исправьте настройки в wrangler.toml, <code>wrangler secret</code> или .dev.vars:</p><ul>${items}</ul></body></html>`;
  return new Response(html, {
    status: 500,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * The same for a monitor polling `GET /health` (routes/health.ts): JSON it can read,
 * with the settings' names and never their values.
 */
export function misconfiguredHealth(problems: ConfigProblem[], target: 'workers' | 'node'): Response {
  const body = { ok: false, target, misconfigured: problems.map((p) => ({ setting: p.setting, message: p.message })) };
  return new Response(JSON.stringify(body), {
    status: 500,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
