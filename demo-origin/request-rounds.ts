/**
 * Sequential origin rounds from the demo's request log (GET /__demo/requests, `log`): which calls
 * could have waited for another's answer. A call's round is one more than the highest round of the
 * calls answered before it arrived, so a page whose calls all start at once is one round, and a call
 * that starts only once another has answered is a round later, whatever the delay. No runtime
 * imports, so that Node tests, workerd tests and the bench use the same one.
 */

/** One request as the demo logged it: path+query, ms since the epoch it arrived, and was answered (absent while it has not). */
export interface LoggedRequest {
  readonly url: string;
  readonly at: number;
  readonly done?: number;
}

/** The calls of each round, first round first, each call's path+query in the order they arrived. */
export type OriginRounds = string[][];

export function originRounds(log: readonly LoggedRequest[]): OriginRounds {
  const ordered = [...log].sort((a, b) => a.at - b.at);
  const roundOf: number[] = [];
  const rounds: OriginRounds = [];
  ordered.forEach((call, i) => {
    let round = 1;
    for (let j = 0; j < i; j++) {
      const before = ordered[j]!;
      if (before.done !== undefined && before.done <= call.at) round = Math.max(round, roundOf[j]! + 1);
    }
    roundOf.push(round);
    (rounds[round - 1] ??= []).push(call.url);
  });
  return rounds;
}

/** The rounds as one line per round, for a failure's message or the bench's table. */
export function describeRounds(rounds: OriginRounds, shorten: (url: string) => string = (url) => url): string {
  return rounds.map((urls, i) => `round ${i + 1}: ${urls.map(shorten).join(', ')}`).join('\n');
}
