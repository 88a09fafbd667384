import type { KeyValueStore, UndeliveredRecord } from '../platform/seams';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { currentGeneration } from '../cache/generation';
import { drupalClientFor } from '../drupal/from-config';
import { fetchFromOrigin } from '../drupal/origin';
import { framed } from '../middleware/page-renderer';
import { logIn, logOut } from '../editors/login';
import { isOwnPost } from '../editors/own-post';
import { safeDestination } from '../editors/safe-destination';
import { isInternalPath } from '../paths/redirect-target';
import { parsePagePath } from '../paths/page-path';
import { AuthLinkScreen } from '../screens/AuthLinkScreen';
import { CacheRebuildScreen, type LastPurge, type PurgeOutcome } from '../screens/CacheRebuildScreen';
import { LoginScreen, type LoginView } from '../screens/LoginScreen';
import {
  UNDELIVERED_PATH,
  UndeliveredScreen,
  type UndeliveredOutcome,
  type UndeliveredSummary,
  type UndeliveredView,
} from '../screens/UndeliveredScreen';
import type { LeadMessage } from '../leads/lead';
import { redeliver, undeliveredProblem, UndeliveredUnavailable, UndeliveredUnreadable, unseal } from '../leads/undelivered';
import { renderError } from './error';

/**
 * The editors' pages (docs/requirements.md §2 /login, /auth/login, /cache-rebuild.html,
 * /auth_page_link.html; /undelivered.html). None of them is for search engines, and none of what
 * an editor sees is kept by any cache (middleware/editor.ts).
 */
export const editorRoutes = new Hono<AppEnv>();

type C = Context<AppEnv>;

/** Drupal's longest user name; a longer one cannot be right and is not sent. */
const MAX_NAME = 60;
const MAX_PASS = 1024;
const LAST_PURGE_KEY = 'cache-rebuild:last';

const LOGIN_ERRORS = {
  missing: { status: 400, text: 'Введите имя пользователя и пароль.' },
  denied: { status: 400, text: 'Неверное имя пользователя или пароль' },
  flood: { status: 429, text: 'Слишком много неудачных попыток входа. Попробуйте позже.' },
  unavailable: {
    status: 503,
    text: 'Сейчас войти не получается: система управления сайтом не отвечает. Попробуйте через несколько минут.',
  },
} as const;

/** Only for people: no index, and (for answers to a form) nothing kept anywhere. */
function privatePage(response: Response, { store = true }: { store?: boolean } = {}): Response {
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  if (!store) response.headers.set('Cache-Control', 'no-store');
  return response;
}

/** Another site's page posting here is refused outright (cross-site request forgery). */
async function foreignPost(c: C): Promise<Response> {
  console.warn(`Отклонён POST ${new URL(c.req.url).pathname} с чужого сайта`);
  return privatePage(await renderError(c, 403), { store: false });
}

const field = (form: Record<string, unknown>, name: string): string => {
  const value = form[name];
  return typeof value === 'string' ? value : '';
};

async function formOf(c: C): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody();
  } catch {
    return {};
  }
}

// ---- Login and logout ------------------------------------------------------------------------------

async function loginPage(c: C, view: LoginView, status = 200): Promise<Response> {
  const response = await c.render(<LoginScreen {...view} />, { title: 'Вход для редакторов', status });
  // An answer to the form holds the name that was typed: no cache may keep it.
  return privatePage(response, { store: status === 200 && !view.name });
}

const showLogin = (c: C) => loginPage(c, { destination: safeDestination(c.req.query('destination')), signedIn: c.var.editor !== null });

editorRoutes.get('/login', framed(), showLogin);
editorRoutes.get('/auth/login', framed(), showLogin);

editorRoutes.post('/login', framed(), async (c) => {
  if (!isOwnPost(c.req.raw, c.var.config.siteUrl)) return foreignPost(c);
  const form = await formOf(c);
  const name = field(form, 'name').trim();
  const pass = field(form, 'pass');
  const destination = safeDestination(field(form, 'destination') || c.req.query('destination'));
  const failed = (reason: keyof typeof LOGIN_ERRORS) =>
    loginPage(c, { destination, name: name.slice(0, MAX_NAME), error: LOGIN_ERRORS[reason].text }, LOGIN_ERRORS[reason].status);

  if (!name || !pass) return failed('missing');
  if (name.length > MAX_NAME || pass.length > MAX_PASS) return failed('denied');
  // Logging in over a live session ends that one first, in Drupal too.
  if (c.var.editor) await logOut(c);
  const outcome = await logIn(c, name, pass);
  if (!outcome.ok) return failed(outcome.reason);
  const response = c.redirect(destination, 303);
  response.headers.append('Set-Cookie', outcome.setCookie);
  return privatePage(response, { store: false });
});

editorRoutes.post('/logout', async (c) => {
  if (!isOwnPost(c.req.raw, c.var.config.siteUrl)) return foreignPost(c);
  const cleared = await logOut(c);
  const response = c.redirect('/', 303);
  response.headers.append('Set-Cookie', cleared);
  return privatePage(response, { store: false });
});

// ---- Who is who ------------------------------------------------------------------------------------

/**
 * An editor's name, asked of Drupal with the viewing editor's session for this
 * page only: it is shown, never stored or logged. Without an answer, none.
 */
async function editorName(c: C, uid: number): Promise<string | undefined> {
  const editor = c.var.editor;
  if (!editor) return undefined;
  try {
    const { status, body } = await fetchFromOrigin(`${c.var.config.drupalBaseUrl}/user/${uid}?_format=json`, {
      timeoutMs: c.var.config.origin.timeoutMs,
      cookie: editor.drupalCookie,
      recorder: c.var.drupalCalls,
    });
    const name = status === 200 ? (body as { name?: { value?: unknown }[] } | null)?.name?.[0]?.value : undefined;
    return typeof name === 'string' && name ? name : undefined;
  } catch {
    return undefined;
  }
}

editorRoutes.get('/auth_page_link.html', framed(), async (c) => {
  const editor = c.var.editor;
  const view = editor ? { uid: editor.uid, name: await editorName(c, editor.uid) } : null;
  return privatePage(await c.render(<AuthLinkScreen editor={view} />, { title: 'Вход для редакторов' }));
});

// ---- The cache -------------------------------------------------------------------------------------

async function lastPurge(kv: KeyValueStore): Promise<LastPurge | null> {
  try {
    const last = await kv.get<LastPurge>(LAST_PURGE_KEY, 'json');
    return last && Number.isFinite(last.at) && Number.isInteger(last.uid) && typeof last.scope === 'string' ? last : null;
  } catch {
    return null;
  }
}

/** Who purged what and when: a uid, not a name (no personal data in KV). A lost record loses only this line of the page. */
async function recordPurge(kv: KeyValueStore, uid: number, scope: string) {
  const record: LastPurge = { at: Date.now(), uid, scope };
  await kv
    .put(LAST_PURGE_KEY, JSON.stringify(record))
    .catch((error: unknown) => console.warn('Кэш: запись о последней очистке не сохранена', error));
}

async function cachePage(c: C, outcome?: PurgeOutcome, status = 200): Promise<Response> {
  const { kv } = c.var.config;
  const [generation, last] = await Promise.all([currentGeneration(kv), lastPurge(kv)]);
  const who = last ? await editorName(c, last.uid) : undefined;
  const response = await c.render(<CacheRebuildScreen generation={generation} last={last && { ...last, who }} outcome={outcome} />, {
    title: 'Кэш сайта',
    status,
  });
  return privatePage(response, { store: false });
}

/**
 * Anyone but an editor is sent to the login, which brings them back here; a
 * POST by a non-editor is the 403 page (there is nothing to come back to).
 */
editorRoutes.get(
  '/cache-rebuild.html',
  async (c, next) => (c.var.editor ? next() : privatePage(c.redirect('/login?destination=/cache-rebuild.html', 303), { store: false })),
  framed(),
  (c) => cachePage(c),
);

/**
 * A path the editor typed (or pasted as a full address of this site) as the page
 * path the cache knows: docs/requirements.md §5's internal path, decoded, without its query.
 */
function pagePathOf(c: C, typed: string): string | null {
  let path = typed.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      const url = new URL(path);
      const ours = [new URL(c.var.config.siteUrl).origin, new URL(c.req.url).origin];
      if (!ours.includes(url.origin)) return null;
      path = url.pathname;
    } catch {
      return null;
    }
  }
  if (!isInternalPath(path)) return null;
  const parsed = parsePagePath(path.replace(/[?#].*$/, ''));
  return parsed.ok ? parsed.path : null;
}

editorRoutes.post('/cache-rebuild.html', framed(), async (c) => {
  if (!isOwnPost(c.req.raw, c.var.config.siteUrl)) return foreignPost(c);
  const editor = c.var.editor;
  if (!editor) return privatePage(await renderError(c, 403), { store: false });
  const { config } = c.var;
  // The shared cache itself: an editor's own client (c.var.drupal on their reads) has none to purge.
  const shared = drupalClientFor(config, { waitUntil: (promise) => c.executionCtx.waitUntil(promise), recorder: c.var.drupalCalls });
  const form = await formOf(c);

  if (field(form, 'action') === 'all') {
    const from = await currentGeneration(config.kv);
    const to = await shared.purgeAll();
    await recordPurge(config.kv, editor.uid, 'all');
    console.log(`Кэш очищен целиком редактором №${editor.uid}: поколение ${from} → ${to}`);
    return cachePage(c, { kind: 'all', from, to });
  }

  if (field(form, 'action') === 'path') {
    const typed = field(form, 'path');
    const path = pagePathOf(c, typed);
    if (!path) {
      return cachePage(
        c,
        { kind: 'error', message: 'Укажите адрес страницы этого сайта, например /price.html.', path: typed.slice(0, 300) },
        400,
      );
    }
    // The node behind the page reaches, through its cache tag, every list and carousel that shows it too.
    const lookup = await shared.translatePath(path).catch(() => null);
    const nid = lookup?.kind === 'entity' && lookup.entityType === 'node' ? lookup.id : undefined;
    await Promise.all([shared.purgePath(path), nid !== undefined ? shared.purgeTags([`node:${nid}`]) : undefined]);
    await recordPurge(config.kv, editor.uid, path);
    console.log(`Кэш страницы ${path} очищен редактором №${editor.uid}`);
    return cachePage(c, { kind: 'path', path, node: nid !== undefined });
  }

  return cachePage(c, { kind: 'error', message: 'Не понятно, что очистить: выберите одно из действий ниже.' }, 400);
});

// ---- Undelivered leads -------------------------------------------------------------------------------

/** The dead letters' ids: Cloudflare's hex message ids and BullMQ's UUIDs; anything else is no record. */
const RECORD_ID = /^[A-Za-z0-9-]{1,100}$/;

const summaryOf = ({ sealed: _, ...summary }: UndeliveredRecord): UndeliveredSummary => summary;

/** Holds personal data when a lead is open: never stored by any cache, never indexed. */
async function undeliveredPage(c: C, view: UndeliveredView, status = 200): Promise<Response> {
  return privatePage(await c.render(<UndeliveredScreen {...view} />, { title: 'Недоставленные заявки', status }), { store: false });
}

async function undeliveredList(c: C, outcome?: UndeliveredOutcome, status = 200): Promise<Response> {
  const { config } = c.var;
  const problem = undeliveredProblem(config);
  let records: UndeliveredSummary[] = [];
  try {
    records = config.undelivered.store ? (await config.undelivered.store.list()).map(summaryOf) : [];
  } catch (error) {
    console.error('Недоставленные заявки: хранилище не ответило', error instanceof Error ? error.name : error);
    return undeliveredPage(
      c,
      {
        kind: 'list',
        records,
        problem,
        outcome: { kind: 'error', message: 'Хранилище недоставленных заявок не отвечает. Попробуйте через минуту.' },
      },
      503,
    );
  }
  return undeliveredPage(c, { kind: 'list', records, problem, outcome }, status);
}

async function undeliveredLead(
  c: C,
  id: string,
  extra: { confirmDelete?: boolean; outcome?: UndeliveredOutcome } = {},
  status = 200,
): Promise<Response> {
  const { store, key } = c.var.config.undelivered;
  const record = RECORD_ID.test(id) && store ? await store.get(id) : null;
  if (!record) return undeliveredList(c, { kind: 'error', message: 'Этой заявки в списке уже нет: её доставили снова или удалили.' }, 404);
  let message: LeadMessage | null = null;
  let unreadable: string | undefined;
  try {
    if (!key) throw new UndeliveredUnreadable('не задан ключ UNDELIVERED_KEY');
    message = await unseal(record.sealed, key, record.id);
  } catch (error) {
    unreadable = error instanceof Error ? error.message : 'ошибка расшифровки';
  }
  console.log(`Недоставленная заявка ${record.form} ${record.id} открыта редактором №${c.var.editor?.uid}`);
  return undeliveredPage(c, { kind: 'lead', record: summaryOf(record), message, unreadable, ...extra }, status);
}

editorRoutes.get(
  UNDELIVERED_PATH,
  async (c, next) => (c.var.editor ? next() : privatePage(c.redirect(`/login?destination=${UNDELIVERED_PATH}`, 303), { store: false })),
  framed(),
  (c) => {
    const id = c.req.query('id');
    return id ? undeliveredLead(c, id) : undeliveredList(c);
  },
);

editorRoutes.post(UNDELIVERED_PATH, framed(), async (c) => {
  if (!isOwnPost(c.req.raw, c.var.config.siteUrl)) return foreignPost(c);
  const editor = c.var.editor;
  if (!editor) return privatePage(await renderError(c, 403), { store: false });
  const { config } = c.var;
  const form = await formOf(c);
  const id = field(form, 'id');
  const action = field(form, 'action');
  if (!RECORD_ID.test(id) || !config.undelivered.store)
    return undeliveredList(c, { kind: 'error', message: 'Этой заявки в списке уже нет.' }, 404);

  if (action === 'redeliver') {
    try {
      const done = await redeliver(config, id);
      if (done === 'missing')
        return undeliveredList(c, { kind: 'error', message: 'Этой заявки в списке уже нет: её доставили снова или удалили.' }, 404);
      return undeliveredList(c, { kind: 'queued' });
    } catch (error) {
      const why =
        error instanceof UndeliveredUnavailable || error instanceof UndeliveredUnreadable ? error.message : 'очередь заявок не ответила';
      console.error(`Недоставленная заявка ${id}: снова поставить в очередь не удалось: ${why}`);
      return undeliveredLead(
        c,
        id,
        { outcome: { kind: 'error', message: `Не удалось поставить заявку в очередь: ${why}. Она осталась в списке.` } },
        503,
      );
    }
  }

  if (action === 'delete') {
    if (field(form, 'confirm') !== 'yes') return undeliveredLead(c, id, { confirmDelete: true });
    await config.undelivered.store.remove(id);
    console.log(`Недоставленная заявка ${id} удалена редактором №${editor.uid}`);
    return undeliveredList(c, { kind: 'deleted' });
  }

  return undeliveredLead(c, id, { outcome: { kind: 'error', message: 'Не понятно, что сделать: выберите одно из действий ниже.' } }, 400);
});
