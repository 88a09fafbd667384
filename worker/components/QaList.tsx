import { ChevronDown } from 'lucide-react';
import type { ViewRow } from '../drupal/types';
import { Icon } from './ui/Icon';

export interface QaItem {
  key: string;
  question: string;
  /** Sanitised HTML. */
  answer?: string;
  url?: string;
}

/** Q&A rows of a Views list as accordion items: the question, else the title. */
export const qaItemsOf = (rows: ViewRow[]): QaItem[] =>
  rows.map((row, index) => ({ key: `${row.nid ?? index}`, question: row.question ?? row.title, answer: row.html, url: row.url }));

/** docs/requirements.md §2: questions as accordions; `<details>` opens and closes without JavaScript, by keyboard too. */
export function QaList({ items: rows }: { items: QaItem[] }) {
  return (
    <div className="qa-list">
      {rows.map((row) => (
        <details key={row.key} className="qa-item">
          <summary className="qa-item__question">
            <span>{row.question}</span>
            <Icon icon={ChevronDown} size={20} className="qa-item__chevron" />
          </summary>
          {row.answer ? (
            <div className="content-body qa-item__answer" dangerouslySetInnerHTML={{ __html: row.answer }} />
          ) : (
            row.url && (
              <p className="qa-item__answer">
                <a href={row.url}>Читать ответ</a>
              </p>
            )
          )}
        </details>
      ))}
    </div>
  );
}
