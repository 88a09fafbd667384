import { Hono } from 'hono';
import type { AppEnv, C } from '../../app-env';
import { logIn, logOut } from './session';
import { safeDestination } from '../../editors/safe-destination';
import { framed } from '../../middleware/page-renderer';
import { LoginScreen, type LoginView } from '../../screens/LoginScreen';
import { field, formOf } from './form';
import { ownPostsOnly, privatePage } from '../private-page';

/** docs/requirements.md §2, §6: the editors' login (/login, /auth/login) and logout. */
export const loginRoutes = new Hono<AppEnv>();

/** Drupal's longest user name; a longer one cannot be right and is not sent. */
const MAX_NAME = 60;
const MAX_PASS = 1024;

const LOGIN_ERRORS = {
  missing: { status: 400, text: 'Введите имя пользователя и пароль.' },
  denied: { status: 400, text: 'Неверное имя пользователя или пароль' },
  flood: { status: 429, text: 'Слишком много неудачных попыток входа. Попробуйте позже.' },
  unavailable: {
    status: 503,
    text: 'Сейчас войти не получается: система управления сайтом не отвечает. Попробуйте через несколько минут.',
  },
} as const;

async function loginPage(c: C, view: LoginView, status = 200): Promise<Response> {
  const response = await c.render(<LoginScreen {...view} />, { title: 'Вход для редакторов', status });
  // An answer to the form holds the name that was typed: no cache may keep it.
  return privatePage(response, { store: status === 200 && !view.name });
}

const showLogin = (c: C) => loginPage(c, { destination: safeDestination(c.req.query('destination')), signedIn: c.var.editor !== null });

loginRoutes.get('/login', framed(), showLogin);
loginRoutes.get('/auth/login', framed(), showLogin);

loginRoutes.post('/login', framed(), ownPostsOnly, async (c) => {
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

loginRoutes.post('/logout', ownPostsOnly, async (c) => {
  const cleared = await logOut(c);
  const response = c.redirect('/', 303);
  response.headers.append('Set-Cookie', cleared);
  return privatePage(response, { store: false });
});
