/**
 * Which Drupal doctor or service is which in the schedule system (docs/booking.md, "Matching"): by the id a
 * clinic keeps in a Drupal field where it has one, else by the same name written the same way once case, «ё»,
 * spaces, punctuation and initials are set aside. A name that fits more than one is no match: a wrong doctor
 * booked is worse than the request form.
 */

/** A name or title as compared: lower case, «ё» as «е», letters and digits only, single spaces. */
export function normalName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Two people's names are the same person: the same words in the same order, where a word may be an
 * initial of the other's («Иванова Е. С.» is «Иванова Елена Сергеевна»). The surname is never an initial.
 */
export function sameName(a: string, b: string): boolean {
  const left = normalName(a).split(' ');
  const right = normalName(b).split(' ');
  if (left.length !== right.length || left[0] !== right[0] || left[0] === '') return false;
  return left.every((word, index) => {
    const other = right[index] ?? '';
    if (word === other) return true;
    if (index === 0) return false;
    return (word.length === 1 && other.startsWith(word)) || (other.length === 1 && word.startsWith(other));
  });
}

/** Something on one side that may be matched: its own id and its name or title. */
export interface Named {
  id: string;
  name: string;
}

/**
 * The schedule's id for each Drupal item that has exactly one counterpart: the Drupal field's value when it
 * names one of the schedule's ids, else the one schedule item whose name is the same (and which is the same
 * as no other Drupal item).
 */
export function matchByName<D extends Named>(
  drupal: readonly (D & { scheduleId?: string })[],
  schedule: readonly Named[],
  same: (a: string, b: string) => boolean,
): Map<string, string> {
  const known = new Set(schedule.map((item) => item.id));
  const matched = new Map<string, string>();
  for (const item of drupal) {
    if (item.scheduleId && known.has(item.scheduleId)) {
      matched.set(item.id, item.scheduleId);
      continue;
    }
    const candidates = schedule.filter((other) => same(item.name, other.name));
    if (candidates.length !== 1) continue;
    const [candidate] = candidates;
    if (!candidate) continue;
    // The same schedule name fitting two Drupal items tells neither apart.
    const rivals = drupal.filter((d) => same(d.name, candidate.name));
    if (rivals.length === 1) matched.set(item.id, candidate.id);
  }
  return matched;
}

/** Services are matched by their titles, normalised. */
export const sameTitle = (a: string, b: string): boolean => normalName(a) !== '' && normalName(a) === normalName(b);
