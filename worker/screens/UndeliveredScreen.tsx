import { ArrowLeft, Send, Trash2 } from 'lucide-react';
import { EditorAlert } from '../components/EditorAlert';
import { POPUP_TITLES, isPopupForm } from '../../common/popups';
import { moscowDateTime } from '../components/format';
import { ButtonContent, ButtonLink, buttonClass } from '../components/ui/Button';
import { Icon } from '../components/ui/Icon';
import type { LeadMessage } from '../seams/lead-message';
import type { UndeliveredRecord } from '../seams/seams';

/** What is shown of a record without opening it: nothing the visitor typed. */
export type UndeliveredSummary = Omit<UndeliveredRecord, 'sealed'>;

export type UndeliveredOutcome = { kind: 'queued' } | { kind: 'deleted' } | { kind: 'error'; message: string };

export type UndeliveredView =
  | { kind: 'list'; records: UndeliveredSummary[]; problem: string | null; outcome?: UndeliveredOutcome }
  | {
      kind: 'lead';
      record: UndeliveredSummary;
      message: LeadMessage | null;
      unreadable?: string;
      confirmDelete?: boolean;
      outcome?: UndeliveredOutcome;
    };

export const UNDELIVERED_PATH = '/undelivered.html';

const formTitle = (form: string) => (isPopupForm(form) ? POPUP_TITLES[form] : form);
const owed = (kind: UndeliveredSummary['kind']) => (kind === 'crm' ? 'в CRM' : 'в Drupal');

function attemptsText(n: number): string {
  if (n <= 0) return 'неизвестно';
  const last = n % 10;
  const tens = n % 100;
  const word = last === 1 && tens !== 11 ? 'попытка' : last >= 2 && last <= 4 && (tens < 12 || tens > 14) ? 'попытки' : 'попыток';
  return `${n} ${word}`;
}

function Outcome({ outcome }: { outcome: UndeliveredOutcome }) {
  if (outcome.kind === 'error') {
    return <EditorAlert kind="error">{outcome.message}</EditorAlert>;
  }
  return (
    <EditorAlert kind="success">
      <p>
        {outcome.kind === 'queued'
          ? 'Заявка снова поставлена в очередь доставки и убрана из этого списка. Если доставить её опять не удастся, после всех повторов она вернётся сюда.'
          : 'Заявка удалена.'}
      </p>
    </EditorAlert>
  );
}

function Facts({ record }: { record: UndeliveredSummary }) {
  return (
    <dl className="undelivered-facts">
      <div>
        <dt>Форма</dt>
        <dd>{formTitle(record.form)}</dd>
      </div>
      <div>
        <dt>Получена</dt>
        <dd>{moscowDateTime(record.receivedAt)}</dd>
      </div>
      <div>
        <dt>Не доставлена</dt>
        <dd>{`${owed(record.kind)}, ${attemptsText(record.attempts)}`}</dd>
      </div>
      <div>
        <dt>Последняя ошибка</dt>
        <dd>{record.lastError}</dd>
      </div>
    </dl>
  );
}

function List({ records, problem, outcome }: Extract<UndeliveredView, { kind: 'list' }>) {
  return (
    <>
      {outcome && <Outcome outcome={outcome} />}
      {problem && (
        <EditorAlert kind="error">{`Недоставленные заявки сейчас не сохраняются: ${problem}. Они ждут в очереди платформы; сообщите администратору сайта.`}</EditorAlert>
      )}
      {records.length === 0 ? (
        <p className="undelivered-empty">Недоставленных заявок нет.</p>
      ) : (
        <ul className="undelivered-list">
          {records.map((record) => (
            <li key={record.id} className="undelivered-item">
              <a className="undelivered-item__link" href={`${UNDELIVERED_PATH}?id=${encodeURIComponent(record.id)}`}>
                <span className="undelivered-item__form">{formTitle(record.form)}</span>
                <span className="undelivered-item__time">{moscowDateTime(record.receivedAt)}</span>
              </a>
              <p className="undelivered-item__meta">{`Не доставлена ${owed(record.kind)}: ${attemptsText(record.attempts)}. ${record.lastError}`}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const valueText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.join(', ')
      : value && typeof value === 'object'
        ? Object.values(value).join(', ')
        : '';

function LeadFields({ message }: { message: LeadMessage }) {
  const { lead } = message;
  const rows: [string, string][] = [
    ...lead.fields.map((field): [string, string] => [
      field.label ?? field.key,
      field.text ?? (field.kind === 'checkbox' || field.kind === 'terms' ? (field.value === '1' ? 'да' : 'нет') : valueText(field.value)),
    ]),
    ...lead.files.map((file): [string, string] => ['Файл', `${file.name} (файл у сайта не сохранился)`]),
    ...(lead.page.url ? [['Страница', lead.page.title ? `${lead.page.title} — ${lead.page.url}` : lead.page.url] as [string, string]] : []),
    ['Согласие на обработку данных', `редакция ${lead.consent.version}, ${moscowDateTime(lead.consent.at)}`],
  ];
  return (
    <dl className="undelivered-fields">
      {rows.map(([label, text], i) => (
        <div key={i}>
          <dt>{label}</dt>
          <dd>{text || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Lead({ record, message, unreadable, confirmDelete, outcome }: Extract<UndeliveredView, { kind: 'lead' }>) {
  return (
    <>
      {outcome && <Outcome outcome={outcome} />}
      {/* Asked at the top, where the button that asked it leaves the editor's eye on a phone. */}
      {confirmDelete && (
        <section className="cache-action undelivered-confirm" aria-labelledby="confirm-title">
          <h2 id="confirm-title">Удалить заявку безвозвратно?</h2>
          <p>Её данные будут стёрты с сайта. Убедитесь, что клиника связалась с посетителем или получила заявку иначе.</p>
          <div className="editor-actions">
            <form method="post" action={UNDELIVERED_PATH}>
              <input type="hidden" name="id" value={record.id} />
              <input type="hidden" name="action" value="delete" />
              <input type="hidden" name="confirm" value="yes" />
              <button className={buttonClass()} type="submit">
                <ButtonContent icon={Trash2}>Да, удалить</ButtonContent>
              </button>
            </form>
            <ButtonLink href={`${UNDELIVERED_PATH}?id=${encodeURIComponent(record.id)}`} variant="outline">
              Отмена
            </ButtonLink>
          </div>
        </section>
      )}
      <Facts record={record} />
      <h2 className="undelivered-heading">Данные посетителя</h2>
      {message ? (
        <LeadFields message={message} />
      ) : (
        <EditorAlert kind="error">{`Данные заявки не читаются: ${unreadable ?? 'нет ключа'}.`}</EditorAlert>
      )}
      {!confirmDelete && (
        <div className="editor-actions undelivered-actions">
          {message && (
            <form method="post" action={UNDELIVERED_PATH}>
              <input type="hidden" name="id" value={record.id} />
              <input type="hidden" name="action" value="redeliver" />
              <button className={buttonClass()} type="submit">
                <ButtonContent icon={Send}>Доставить снова</ButtonContent>
              </button>
            </form>
          )}
          <form method="post" action={UNDELIVERED_PATH}>
            <input type="hidden" name="id" value={record.id} />
            <input type="hidden" name="action" value="delete" />
            <button className={buttonClass({ variant: 'outline' })} type="submit">
              <ButtonContent icon={Trash2}>Удалить</ButtonContent>
            </button>
          </form>
        </div>
      )}
      <p className="undelivered-back">
        <a href={UNDELIVERED_PATH}>
          <Icon icon={ArrowLeft} size={16} /> Все недоставленные заявки
        </a>
      </p>
    </>
  );
}

/** /undelivered.html, for editors: leads that outlived every retry, one opened at a time. */
export function UndeliveredScreen(view: UndeliveredView) {
  return (
    <section className="editor-page editor-page--wide">
      <header className="page-header">
        <h1>Недоставленные заявки</h1>
        <p className="editor-page__lead">
          {view.kind === 'list'
            ? 'Заявки посетителей, которые сайт не смог передать в Drupal или CRM после всех повторов. Откройте заявку, чтобы увидеть её данные; когда Drupal и CRM снова работают, доставьте её снова.'
            : 'Данные посетителя показаны только здесь и никуда не копируются. «Доставить снова» отправит заявку по обычному пути — в Drupal и CRM.'}
        </p>
      </header>
      {view.kind === 'list' ? <List {...view} /> : <Lead {...view} />}
    </section>
  );
}
