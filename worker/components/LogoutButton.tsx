import { buttonClass } from './ui/Button';

/** A logout button: a form, since ending a session is a POST (a link could be followed by any page or prefetcher). */
export function LogoutButton({ variant = 'outline' }: { variant?: 'outline' | 'ghost' }) {
  return (
    <form className="editor-logout" method="post" action="/logout">
      <button className={buttonClass({ variant })} type="submit">
        Выйти
      </button>
    </form>
  );
}
