import { bookingUrl } from '../booking/booking-url';
import type { BookingCatalog } from '../booking/catalog';
import type { DrupalClient } from '../drupal/client';
import type { Booking } from '../booking/booking';
import { BOOKING_DAYS, addDays, clinicToday, loadCatalog } from './booking-choice';

/** A doctor's or a service's way into online booking, as its page shows it beside the request button. */
export interface OnlineOffer {
  /** The booking page at this doctor's or service's step. */
  url: string;
  /** A doctor's nearest free times (of the first service the schedule has them for), each a link into the booking at it. */
  nearest: { date: string; time: string; url: string }[];
  /** The service those times are for. */
  service?: string;
}

/** What a node's page may ask of online booking; absent when the clinic has no schedule system. */
export interface OnlineBookingCalls {
  doctor(nid: number): Promise<OnlineOffer | null>;
  service(nid: number): Promise<OnlineOffer | null>;
}

const NEAREST = 4;

/**
 * docs/booking.md, "Where patients meet it": the schedule's lists and Drupal's doctors and services, joined once per
 * request, answer which pages get «Записаться онлайн»; a doctor's page also shows the nearest free times (from the
 * schedule's cache, at most a minute old). Anything that fails leaves the page with its request button only.
 */
export function onlineBookingCalls(booking: Booking | undefined, drupal: DrupalClient, now = Date.now()): OnlineBookingCalls | undefined {
  if (!booking) return undefined;
  const { schedule, settings } = booking;
  let catalog: Promise<BookingCatalog> | undefined;
  const catalogOnce = () => (catalog ??= loadCatalog(schedule, drupal, settings.idField));

  async function nearestOf(staffId: string): Promise<Pick<OnlineOffer, 'nearest' | 'service'>> {
    const known = await catalogOnce();
    const theirs = new Set((await schedule.services(staffId)).map((s) => s.id));
    const service = known.services.find((s) => theirs.has(s.id));
    if (!service) return { nearest: [] };
    const today = clinicToday(now);
    const [date] = await schedule.dates({ serviceId: service.id, staffId, from: today, to: addDays(today, BOOKING_DAYS - 1) });
    if (!date) return { nearest: [], service: service.title };
    const times = await schedule.times({ serviceId: service.id, staffId, date });
    return {
      service: service.title,
      nearest: times
        .slice(0, NEAREST)
        .map((t) => ({ date, time: t.time, url: bookingUrl({ service: service.id, doctor: staffId, date, time: t.time }) })),
    };
  }

  return {
    async doctor(nid) {
      const staff = (await catalogOnce()).staffOfNode(nid);
      if (!staff?.inDrupal) return null;
      const nearest = await nearestOf(staff.id).catch(() => ({ nearest: [] }));
      return { url: bookingUrl({ doctor: staff.id }), ...nearest };
    },
    async service(nid) {
      const service = (await catalogOnce()).serviceOfNode(nid);
      return service ? { url: bookingUrl({ service: service.id }), nearest: [] } : null;
    },
  };
}
