import type { Config } from '../config/config';
import type { LeadMessage } from '../seams/lead-message';
import { undeliveredProblem, UndeliveredUnreadable, unseal } from '../leads/undelivered';
import type { UndeliveredRecord } from '../seams/seams';
import type { UndeliveredOutcome, UndeliveredSummary, UndeliveredView } from '../screens/UndeliveredScreen';

/** What /undelivered.html shows, and with which status. */
export interface UndeliveredShown {
  view: UndeliveredView;
  status: number;
}

/** The dead letters' ids: Cloudflare's hex message ids and BullMQ's UUIDs; anything else is no record. */
export const RECORD_ID = /^[A-Za-z0-9-]{1,100}$/;

export const GONE = 'Этой заявки в списке уже нет: её доставили снова или удалили.';

const summaryOf = ({ sealed: _, ...summary }: UndeliveredRecord): UndeliveredSummary => summary;

/** The list of undelivered leads, nothing the visitors typed; a store that does not answer is a 503. */
export async function undeliveredList(config: Config, outcome?: UndeliveredOutcome, status = 200): Promise<UndeliveredShown> {
  const problem = undeliveredProblem(config);
  let records: UndeliveredSummary[] = [];
  try {
    records = config.undelivered.store ? (await config.undelivered.store.list()).map(summaryOf) : [];
  } catch (error) {
    console.error('Недоставленные заявки: хранилище не ответило', error instanceof Error ? error.name : error);
    return {
      view: {
        kind: 'list',
        records,
        problem,
        outcome: { kind: 'error', message: 'Хранилище недоставленных заявок не отвечает. Попробуйте через минуту.' },
      },
      status: 503,
    };
  }
  return { view: { kind: 'list', records, problem, outcome }, status };
}

/**
 * One lead, opened (decrypted) for the editor `uid`; the opening is logged, its content
 * never. A lead no longer there is the list with a 404.
 */
export async function undeliveredLead(
  config: Config,
  id: string,
  uid: number | undefined,
  extra: { confirmDelete?: boolean; outcome?: UndeliveredOutcome } = {},
  status = 200,
): Promise<UndeliveredShown> {
  const { store, key } = config.undelivered;
  const record = RECORD_ID.test(id) && store ? await store.get(id) : null;
  if (!record) return undeliveredList(config, { kind: 'error', message: GONE }, 404);
  let message: LeadMessage | null = null;
  let unreadable: string | undefined;
  try {
    if (!key) throw new UndeliveredUnreadable('не задан ключ UNDELIVERED_KEY');
    message = await unseal(record.sealed, key, record.id);
  } catch (error) {
    unreadable = error instanceof Error ? error.message : 'ошибка расшифровки';
  }
  console.log(`Недоставленная заявка ${record.form} ${record.id} открыта редактором №${uid}`);
  return { view: { kind: 'lead', record: summaryOf(record), message, unreadable, ...extra }, status };
}
