import { expect, it } from 'vitest';
import type { LeadMessage } from '../../../worker/seams/lead-message';
import type { LeadQueue } from '../../../worker/seams/seams';

/** A lead as leads/accept.ts queues it, for a form no test consumes before its delay is over. */
const message = (): LeadMessage =>
  ({
    kind: 'drupal',
    receivedAt: new Date().toISOString(),
    lead: { form: 'callback', fields: [{ name: 'phone', label: 'Телефон', value: '+7 (900) 000-00-00' }] },
  }) as unknown as LeadMessage;

/** The leads' queue (seams/seams.ts LeadQueue): a sent lead waits for its delivery; where the queue can count, it is counted. */
export function leadQueueContract(queue: () => LeadQueue) {
  it('takes a lead, delayed as asked, and counts it among those waiting where it can count', async () => {
    const depth = queue().depth;
    const before = depth ? await depth.call(queue()) : undefined;
    // An hour's delay: nothing consumes it while the tests run.
    await queue().send(message(), { contentType: 'json', delaySeconds: 3600 });
    // Cloudflare Queues give a producer no count.
    if (!depth || before === undefined) return;
    expect(await depth.call(queue())).toBe(before + 1);
  });
}
