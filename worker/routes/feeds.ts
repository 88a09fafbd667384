import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { OriginError } from '../cache/origin-error';
import { loadCatalog } from '../loaders/booking-choice';
import { composeFeed, feedSources } from '../loaders/yandex-feed';
import { yandexFeedXml } from '../render/yandex-feed-xml';

/**
 * Feeds for search engines' verticals: /feeds/yandex-doctors.xml, the
 * clinic, its doctors, its priced services and the offers joining them, for Yandex's
 * doctor cards.
 *
 * Structure: Yandex's medical feed, «YML 2.0» of the Webmaster «Врачи» help page
 * (yandex.ru/support/webmaster/ru/search-appearance/doctors), as render/yandex-feed-xml.ts
 * writes it.
 *
 * Nothing composed is cached: each request builds the feed from the Drupal client's
 * payloads, cached and purged by their own tags (loaders/yandex-feed.ts), so that a
 * revalidated price or doctor shows at once.
 */
export const feedRoutes = new Hono<AppEnv>();

export const YANDEX_DOCTORS_FEED = '/feeds/yandex-doctors.xml';

const RETRY_AFTER_SECONDS = '120';

feedRoutes.get(YANDEX_DOCTORS_FEED, async (c) => {
  const { sources, failures } = await feedSources(c.var.drupal);
  // Both parts failing for Drupal's own sake: no feed rather than one of the clinic alone, and a crawler comes back.
  if (failures.length === 2 && failures.some(({ reason }) => reason instanceof OriginError && reason.unhealthy)) {
    console.error('yandex feed: Drupal недоступен');
    return c.text('Фид временно недоступен', 503, { 'Retry-After': RETRY_AFTER_SECONDS, 'Cache-Control': 'no-store' });
  }
  // A part that failed otherwise is left out of this feed; the next one asks again.
  for (const { what, reason } of failures)
    console.warn(`yandex feed: ${what} пропущены`, reason instanceof Error ? reason.message : reason);
  // Offers of doctors booked online lead to the booking page (docs/booking.md); without the schedule, to their pages.
  const { booking } = c.var;
  const online = booking ? await loadCatalog(booking.schedule, c.var.drupal, booking.settings.idField).catch(() => undefined) : undefined;
  const xml = yandexFeedXml(composeFeed(c.var.config, sources, new Date(), online));
  // Revalidated content must show at once: shared caches keep no copy of their own for long.
  return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=0, must-revalidate' });
});
