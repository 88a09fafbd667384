import { bookingUrl } from '../booking/booking-url';
import type { Booking } from '../booking/booking';
import { matchByName, sameName, sameTitle, type Named } from '../booking/match';
import type { NodeData } from '../drupal/types';
import type { NearestTimes, OnlineLink } from '../components/online-offer';
import { BOOKING_DAYS, addDays, clinicToday } from '../booking/clinic-time';

/** What a node's page may ask of online booking; absent when the clinic has no schedule system. */
export interface OnlineBookingCalls {
  doctor(node: Promise<NodeData | null>): Promise<OnlineLink | null>;
  /** The nearest free times of a specialist the schedule has. */
  nearest(staffId: string): Promise<NearestTimes>;
  service(node: Promise<NodeData | null>): Promise<OnlineLink | null>;
}

const NEAREST = 4;

/**
 * How long past its node a page waits for the schedule to say whether it gets «Записаться онлайн»: the link is then in
 * the page's first bytes, which a visitor without JavaScript sees (a part streamed later needs a script to show).
 * The schedule's list is mostly in the cache by then; a slower answer is streamed in instead.
 */
export const ONLINE_GRACE_MS = 100;

/** Waits for `link` no longer than its node and ONLINE_GRACE_MS after it. */
export async function briefly(link: Promise<unknown>, node: Promise<unknown>): Promise<void> {
  const grace = node.then(
    () => new Promise<void>((resolve) => setTimeout(resolve, ONLINE_GRACE_MS)),
    () => undefined,
  );
  await Promise.race([
    link.then(
      () => undefined,
      () => undefined,
    ),
    grace,
  ]);
}

/**
 * docs/booking.md, "Where patients meet it": which doctor's and service's pages get «Записаться онлайн», from the
 * node in hand and the schedule's list (no list of Drupal's is asked for a page: the booking page's own catalog
 * judges names two Drupal nodes share). A doctor's page also shows the nearest free times, from the schedule's cache
 * (at most a minute old). The schedule's calls start beside the node; anything that fails leaves the request button.
 */
export function onlineBookingCalls(booking: Booking | undefined, now = Date.now()): OnlineBookingCalls | undefined {
  if (!booking) return undefined;
  const { schedule, settings } = booking;
  const matchOf = (node: NodeData, schedule: readonly Named[], same: (a: string, b: string) => boolean) =>
    matchByName(
      [{ id: String(node.nid), name: node.title, scheduleId: node.texts[settings.idField]?.trim() || undefined }],
      schedule,
      same,
    ).get(String(node.nid));

  return {
    async doctor(nodePromise) {
      const [node, staff] = await Promise.all([nodePromise, schedule.staff()]);
      const staffId = node ? matchOf(node, staff, sameName) : undefined;
      return staffId ? { url: bookingUrl({ doctor: staffId }), staffId } : null;
    },
    async nearest(staffId) {
      const [service] = await schedule.services(staffId);
      if (!service) return { times: [] };
      const today = clinicToday(now, settings.timeZone);
      const [date] = await schedule.dates({ serviceId: service.id, staffId, from: today, to: addDays(today, BOOKING_DAYS - 1) });
      if (!date) return { times: [], service: service.title };
      const times = await schedule.times({ serviceId: service.id, staffId, date });
      return {
        service: service.title,
        times: times
          .slice(0, NEAREST)
          .map((t) => ({ date, time: t.time, url: bookingUrl({ service: service.id, doctor: staffId, date, time: t.time }) })),
      };
    },
    async service(nodePromise) {
      const [node, services] = await Promise.all([nodePromise, schedule.services()]);
      const serviceId = node
        ? matchOf(
            node,
            services.map((s) => ({ id: s.id, name: s.title })),
            sameTitle,
          )
        : undefined;
      return serviceId ? { url: bookingUrl({ service: serviceId }) } : null;
    },
  };
}
