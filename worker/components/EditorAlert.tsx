import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Icon } from './ui/Icon';

/** What an editors' page answers to what the editor just did: an error as an alert, a success as a status with its tick. */
export function EditorAlert({ kind, id, children }: { kind: 'error' | 'success'; id?: string; children: ReactNode }) {
  if (kind === 'error') {
    return (
      <p className="editor-alert editor-alert--error" role="alert" id={id}>
        {children}
      </p>
    );
  }
  return (
    <div className="editor-alert editor-alert--success" role="status" id={id}>
      <Icon icon={CheckCircle2} size={20} className="editor-alert__icon" />
      {children}
    </div>
  );
}
