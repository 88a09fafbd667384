/** An editor this request is made by: whose session it is, and how to speak to Drupal as them. */
export interface Editor {
  uid: number;
  /** Drupal's own session cookie (`SESS…=…`), sent instead of the site's credentials. */
  drupalCookie: string;
}

const CHECK_MS = 60_000;
/** A bound on the memo, so that a flood of forged ids cannot grow the isolate's memory. */
const MAX_REMEMBERED = 500;

/**
 * The sessions Drupal confirmed a moment ago, per isolate (held by cache/isolate.ts): Drupal
 * is asked whether a session still lives at most once a minute, not once per payload.
 */
export class CheckedSessions {
  readonly #checked = new Map<string, { until: number; editor: Editor }>();

  /** Drupal has just confirmed this session: the next minute needs no check. */
  remember(hash: string, editor: Editor, now = Date.now()): void {
    this.#checked.delete(hash);
    if (this.#checked.size >= MAX_REMEMBERED) this.#checked.delete(this.#checked.keys().next().value!);
    this.#checked.set(hash, { until: now + CHECK_MS, editor });
  }

  /** The session's editor, if Drupal confirmed it less than a minute ago; an older answer is forgotten. */
  recent(hash: string, now = Date.now()): Editor | undefined {
    const known = this.#checked.get(hash);
    if (known && now < known.until) return known.editor;
    this.#checked.delete(hash);
    return undefined;
  }

  /** The session has ended: the next request with it is checked again. */
  forget(hash: string): void {
    this.#checked.delete(hash);
  }

  /** Forgets every checked session (tests). */
  clear(): void {
    this.#checked.clear();
  }
}
