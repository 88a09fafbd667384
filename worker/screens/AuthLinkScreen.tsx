import { ButtonLink } from '../components/ui/Button';
import { LogoutButton } from '../components/LogoutButton';

export interface AuthLinkView {
  /** The signed-in editor, their name as Drupal gave it if it did; null for a visitor. */
  editor: { uid: number; name?: string } | null;
}

/** docs/requirements.md §2 reading A, /auth_page_link.html: whether this browser is logged in as an editor, and where to go from here. */
export function AuthLinkScreen({ editor }: AuthLinkView) {
  return (
    <section className="editor-page">
      <header className="page-header">
        <h1>Вход для редакторов</h1>
      </header>
      {editor ? (
        <>
          <p className="editor-page__lead">
            {`Вы вошли как редактор ${editor.name ? `«${editor.name}»` : `№${editor.uid}`}. `}
            На страницах сайта видны ссылки «Редактировать», а страницы показываются без кэша — сразу с последними правками.
          </p>
          <div className="editor-actions">
            <ButtonLink href="/cache-rebuild.html">Кэш сайта</ButtonLink>
            <ButtonLink href="/undelivered.html" variant="outline">
              Недоставленные заявки
            </ButtonLink>
            <LogoutButton />
          </div>
        </>
      ) : (
        <>
          <p className="editor-page__lead">Вы не вошли. Вход нужен только сотрудникам клиники, которые ведут сайт.</p>
          <div className="editor-actions">
            <ButtonLink href="/login?destination=/auth_page_link.html">Войти</ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}
