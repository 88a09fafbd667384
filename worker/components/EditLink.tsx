import { Pencil } from 'lucide-react';
import { Icon } from './ui/Icon';

/**
 * docs/requirements.md §6: for a logged-in editor, the way into Drupal's edit form of a node, in
 * a new tab so that the page stays open to be reloaded after saving. Quiet on
 * purpose: it sits beside the content the visitor would see, and must not
 * compete with it. Only routes that know the request is an editor's render it.
 */
export function EditLink({ drupalBaseUrl, nid, label }: { drupalBaseUrl: string; nid: number; label?: string }) {
  return (
    <a className="edit-link" href={`${drupalBaseUrl}/node/${nid}/edit`} target="_blank" rel="noopener">
      <Icon icon={Pencil} size={14} />
      <span>Редактировать</span>
      <span className="visually-hidden">{label ? ` «${label}»` : ''} в Drupal (откроется в новой вкладке)</span>
    </a>
  );
}

/** The edit-link factory a price table takes: one link per item with a node id. */
export const priceEditLinks = (drupalBaseUrl: string) => (nid: number) => <EditLink drupalBaseUrl={drupalBaseUrl} nid={nid} />;
