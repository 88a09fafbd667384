/**
 * Vocabulary `services`: one term per services section. Search results for a section name link
 * to the term (view_taxonomy_term = /taxonomy/term/{tid}); the site switches such a term to the
 * service node with the same title.
 */
import { moscowIso } from '../lib/dates';
import { uuidFor } from '../lib/uuid';
import { services } from './services';

export interface Term {
  readonly tid: number;
  readonly uuid: string;
  readonly vocabulary: 'services';
  readonly name: string;
  readonly weight: number;
  readonly description: string;
  readonly changed: string;
  /** The services node of the same section. */
  readonly serviceNid: number;
}

export const terms: readonly Term[] = services.flatMap((s): Term[] =>
  s.tid === undefined
    ? []
    : [
        {
          tid: s.tid,
          uuid: uuidFor(`term:${s.tid}`),
          vocabulary: 'services',
          name: s.title,
          weight: s.weight,
          description: s.summary,
          changed: moscowIso(s.created),
          serviceNid: s.nid,
        },
      ],
);

export function termByTid(tid: number): Term | undefined {
  return terms.find((t) => t.tid === tid);
}
export function termByUuid(uuid: string): Term | undefined {
  return terms.find((t) => t.uuid === uuid);
}
export function termPath(t: Term): string {
  return `/taxonomy/term/${t.tid}`;
}
