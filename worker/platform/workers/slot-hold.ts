/**
 * One booking time's hold on Cloudflare (seams/seams.ts SlotHolds; docs/booking.md, "Never two patients in one
 * slot"): a Durable Object per staff and time (`idFromName(slot)`, slot-holds.ts), so that holds of different times
 * never wait on each other, and the one object of a time answers its callers one at a time. The holder and the
 * moment it lapses are kept in the object's storage, not in memory: the object may be evicted at any moment and a
 * hold lapses by the clock, not with the object. An alarm at that moment deletes what is left, so a time nobody books
 * leaves nothing stored. Exported from the worker's main module (worker/index.ts), bound as SLOT_HOLDS in wrangler.toml.
 */
import { DurableObject } from 'cloudflare:workers';

interface Held {
  holder: string;
  /** Epoch ms at which the hold lapses. */
  until: number;
}

const KEY = 'hold';

export class SlotHold extends DurableObject {
  /** The hold as stored, while it lasts; a lapsed one counts as none. */
  private current(now: number): Held | undefined {
    const held = this.ctx.storage.kv.get<Held>(KEY);
    return held && held.until > now ? held : undefined;
  }

  /** True when `holder` now holds this time for `ms`: newly, or again from now; false while another holds it. */
  async hold(holder: string, ms: number): Promise<boolean> {
    const now = Date.now();
    const held = this.current(now);
    if (held && held.holder !== holder) return false;
    const until = now + Math.max(1, Math.round(ms));
    this.ctx.storage.kv.put<Held>(KEY, { holder, until });
    await this.ctx.storage.setAlarm(until);
    return true;
  }

  /** Frees the time if `holder` holds it; another's hold, or none, stays as it is. */
  async release(holder: string): Promise<void> {
    if (this.current(Date.now())?.holder !== holder) return;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** The hold's moment has come: nothing is kept for a lapsed hold; one extended meanwhile is looked at again then. */
  override async alarm(): Promise<void> {
    const held = this.ctx.storage.kv.get<Held>(KEY);
    if (held && held.until > Date.now()) await this.ctx.storage.setAlarm(held.until);
    else await this.ctx.storage.deleteAll();
  }
}
