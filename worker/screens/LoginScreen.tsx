import { LogIn } from 'lucide-react';
import { EditorAlert } from '../components/EditorAlert';
import { LogoutButton } from '../components/LogoutButton';
import { ButtonContent, ButtonLink, buttonClass } from '../components/ui/Button';

export interface LoginView {
  /** Where to go after login: already checked to be one of this site's paths. */
  destination: string;
  /** The name as typed, kept after a failed attempt; the password never is. */
  name?: string;
  error?: string;
  /** The request is an editor's already: no form, the ways on instead. */
  signedIn?: boolean;
}

/** docs/requirements.md §2, §6: the editors' login (/login, /auth/login). Drupal checks the name and password; the worker keeps the session. */
export function LoginScreen({ destination, name, error, signedIn }: LoginView) {
  if (signedIn) {
    return (
      <section className="editor-page">
        <header className="page-header">
          <h1>Вход для редакторов</h1>
        </header>
        <p className="editor-page__lead">Вы уже вошли как редактор.</p>
        <div className="editor-actions">
          <ButtonLink href={destination}>{destination === '/' ? 'На главную' : 'Вернуться на страницу'}</ButtonLink>
          <ButtonLink href="/cache-rebuild.html" variant="outline">
            Кэш сайта
          </ButtonLink>
          <LogoutButton variant="ghost" />
        </div>
      </section>
    );
  }
  return (
    <section className="editor-page">
      <header className="page-header">
        <h1>Вход для редакторов</h1>
        <p className="editor-page__lead">
          Для сотрудников клиники, которые ведут сайт. Имя и пароль — те же, что в системе управления сайтом.
        </p>
      </header>
      <form className="editor-form" method="post" action="/login">
        {error && (
          <EditorAlert kind="error" id="login-error">
            {error}
          </EditorAlert>
        )}
        <input type="hidden" name="destination" value={destination} />
        <div className="form-field">
          <label className="form-field__label" htmlFor="login-name">
            Имя пользователя
          </label>
          <input
            className="form-field__input"
            id="login-name"
            name="name"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={60}
            required
            defaultValue={name}
            aria-describedby={error ? 'login-error' : undefined}
          />
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor="login-pass">
            Пароль
          </label>
          <input className="form-field__input" id="login-pass" name="pass" type="password" autoComplete="current-password" required />
        </div>
        <button className={buttonClass({ block: true })} type="submit">
          <ButtonContent icon={LogIn}>Войти</ButtonContent>
        </button>
      </form>
    </section>
  );
}
