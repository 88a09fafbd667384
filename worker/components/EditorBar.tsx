import { usePage } from './page-context';

/**
 * A discreet strip under the skip link of every page an editor sees: who they are here,
 * and the way out (a form: ending a session is a POST). Nothing for a visitor.
 */
export function EditorBar() {
  if (!usePage().editor) return null;
  return (
    <div className="editor-bar" role="region" aria-label="Панель редактора">
      <div className="container editor-bar__inner">
        <span className="editor-bar__state">Вы вошли как редактор</span>
        <a className="editor-bar__link" href="/cache-rebuild.html">
          Кэш сайта
        </a>
        <a className="editor-bar__link" href="/undelivered.html">
          Недоставленные заявки
        </a>
        <form className="editor-bar__logout" method="post" action="/logout">
          <button className="editor-bar__button" type="submit">
            Выйти
          </button>
        </form>
      </div>
    </div>
  );
}
