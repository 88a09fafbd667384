import type { Editor } from './editor';

/**
 * The sessions Drupal confirmed a moment ago, per isolate: Drupal is asked whether a
 * session still lives at most once a minute, not once per payload.
 */

const CHECK_MS = 60_000;
/** A bound on the memo, so that a flood of forged ids cannot grow the isolate's memory. */
const MAX_REMEMBERED = 500;

const checked = new Map<string, { until: number; editor: Editor }>();

/** Drupal has just confirmed this session: the next minute needs no check. */
export function rememberChecked(hash: string, editor: Editor) {
  checked.delete(hash);
  if (checked.size >= MAX_REMEMBERED) checked.delete(checked.keys().next().value!);
  checked.set(hash, { until: Date.now() + CHECK_MS, editor });
}

/** The session's editor, if Drupal confirmed it less than a minute ago; an older answer is forgotten. */
export function recentlyChecked(hash: string): Editor | undefined {
  const known = checked.get(hash);
  if (known && Date.now() < known.until) return known.editor;
  checked.delete(hash);
  return undefined;
}

/** The session has ended: the next request with it is checked again. */
export function forgetChecked(hash: string) {
  checked.delete(hash);
}

/** Forgets every checked session of this isolate (tests). */
export function forgetCheckedSessions() {
  checked.clear();
}
