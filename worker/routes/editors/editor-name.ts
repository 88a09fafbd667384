import { drupalAt, drupalUserName } from '../../editors/drupal-session';
import type { C } from '../../app-env';

/** A user's name, asked of Drupal with the viewing editor's session for this page only; none for a visitor. */
export async function editorName(c: C, uid: number): Promise<string | undefined> {
  const editor = c.var.editor;
  if (!editor) return undefined;
  return drupalUserName(drupalAt(c.var.config, c.var.drupalCalls), editor.drupalCookie, uid);
}
