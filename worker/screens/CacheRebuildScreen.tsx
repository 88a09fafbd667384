import { RefreshCw, Trash2 } from 'lucide-react';
import { EditorAlert } from '../components/EditorAlert';
import { ButtonContent, buttonClass } from '../components/ui/Button';
import { moscowDateTime } from '../components/format';

/** The last purge, as kept in KV: when, by which editor (a uid, never a name), and what. */
export interface LastPurge {
  at: number;
  uid: number;
  /** 'all', or the page path that was purged. */
  scope: string;
}

/** What the editor's action did, to be confirmed at the top of the page. */
export type PurgeOutcome =
  | { kind: 'all'; from: number; to: number }
  | { kind: 'path'; path: string; node: boolean }
  | { kind: 'error'; message: string; path?: string };

export interface CacheRebuildView {
  generation: number;
  last: (LastPurge & { who?: string }) | null;
  outcome?: PurgeOutcome;
}

/** KV writes reach every Cloudflare location within about a minute. */
const PROPAGATION = 'Все точки сети Cloudflare увидят это в течение 60 секунд — столько занимает распространение записей KV.';

/** «21.11.2026 14:05 (МСК), «redaktor» — весь кэш». */
function lastPurgeText(last: LastPurge & { who?: string }): string {
  const who = last.who ? `«${last.who}»` : `редактор №${last.uid}`;
  const what = last.scope === 'all' ? 'весь кэш' : `страница ${last.scope}`;
  return `${moscowDateTime(last.at)} (МСК), ${who} — ${what}`;
}

function Confirmation({ outcome }: { outcome: PurgeOutcome }) {
  if (outcome.kind === 'error') {
    return <EditorAlert kind="error">{outcome.message}</EditorAlert>;
  }
  return (
    <EditorAlert kind="success">
      <div>
        {outcome.kind === 'all' ? (
          <p>
            <strong>Весь кэш очищен:</strong>{' '}
            {`поколение кэша теперь ${outcome.to} (было ${outcome.from}). Каждая страница при первом запросе будет заново получена из Drupal; пока Drupal недоступен, посетители увидят прежнюю копию.`}
          </p>
        ) : (
          <p>
            <strong>{`Страница ${outcome.path} очищена.`}</strong>{' '}
            {outcome.node
              ? 'Она и все списки, карусели и меню, где показан этот материал, будут заново получены из Drupal при первом запросе.'
              : 'Её данные будут заново получены из Drupal при первом запросе.'}
          </p>
        )}
        <p>{PROPAGATION}</p>
      </div>
    </EditorAlert>
  );
}

/** /cache-rebuild.html, for editors: the shared cache's state, and purging all of it or one page. */
export function CacheRebuildScreen({ generation, last, outcome }: CacheRebuildView) {
  const pathValue = outcome?.kind === 'error' ? outcome.path : undefined;
  return (
    <section className="editor-page editor-page--wide">
      <header className="page-header">
        <h1>Кэш сайта</h1>
        <p className="editor-page__lead">
          Посетители видят страницы из кэша. Обычно Drupal сам сообщает сайту о сохранённых изменениях; здесь кэш можно очистить вручную.
        </p>
      </header>

      {outcome && <Confirmation outcome={outcome} />}

      <dl className="cache-state">
        <div className="cache-state__item">
          <dt>Поколение кэша</dt>
          <dd>{generation}</dd>
        </div>
        <div className="cache-state__item">
          <dt>Последняя очистка</dt>
          <dd>{last ? lastPurgeText(last) : 'с этой страницы кэш ещё не очищали'}</dd>
        </div>
      </dl>

      <div className="cache-actions">
        <section className="cache-action" aria-labelledby="purge-all-title">
          <h2 id="purge-all-title">Весь кэш</h2>
          <p>Все страницы сайта будут заново получены из Drupal. Первые посещения после очистки откроются чуть медленнее.</p>
          <form method="post" action="/cache-rebuild.html">
            <input type="hidden" name="action" value="all" />
            <button className={buttonClass()} type="submit">
              <ButtonContent icon={Trash2}>Очистить весь кэш</ButtonContent>
            </button>
          </form>
        </section>

        <section className="cache-action" aria-labelledby="purge-page-title">
          <h2 id="purge-page-title">Одна страница</h2>
          <p>Страница будет заново получена из Drupal, а если на ней материал — то и все списки и карусели, где он показан.</p>
          <form className="cache-action__form" method="post" action="/cache-rebuild.html">
            <input type="hidden" name="action" value="path" />
            <div className="form-field">
              <label className="form-field__label" htmlFor="purge-path">
                Адрес страницы
              </label>
              <input
                className="form-field__input"
                id="purge-path"
                name="path"
                type="text"
                inputMode="url"
                placeholder="/price.html"
                autoCapitalize="none"
                spellCheck={false}
                required
                defaultValue={pathValue}
                aria-describedby="purge-path-hint"
              />
              <p className="form-field__hint" id="purge-path-hint">
                Путь страницы этого сайта, например /price.html, или её полный адрес.
              </p>
            </div>
            <button className={buttonClass({ variant: 'outline' })} type="submit">
              <ButtonContent icon={RefreshCw}>Очистить страницу</ButtonContent>
            </button>
          </form>
        </section>
      </div>
    </section>
  );
}
