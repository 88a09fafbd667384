import { doctors as doctorBundle } from '../bundles/doctors/bundle';
import { bookingUrl } from '../booking/booking-url';
import type { BookingCatalog } from '../booking/catalog';
import type { Config } from '../config/config';
import type { DrupalClient } from '../drupal/client';
import { MAX_LIST_ITEMS } from '../drupal/endpoints';
import type { PriceGroup, PriceRow } from '../drupal/schemas/price';
import type { NodeData } from '../drupal/types';
import { pageUrl } from '../render/sitemap-xml';
import type { FeedClinic, FeedDoctor, FeedOffer, FeedService, YandexFeed } from '../render/yandex-feed-xml';

/**
 * What the Yandex doctors feed shows, from the Drupal client's own cached payloads:
 * the doctors as the /doctors.html listing asks for them (the same call, so the same
 * payload, tagged node_list:doctors and node:{nid}) and the price list as /price.html
 * asks for it (tagged price_list and node_list:services). A revalidation that purges
 * either is seen by the next feed at once; nothing composed here is kept.
 */
export interface FeedSources {
  /** Undefined: Drupal did not give them (the part is left out). */
  doctors?: readonly NodeData[];
  prices?: readonly PriceGroup[];
}

/** The two calls, each failure kept for the route to judge (one part missing, or Drupal down). */
export async function feedSources(drupal: DrupalClient): Promise<{ sources: FeedSources; failures: { what: string; reason: unknown }[] }> {
  const [doctors, prices] = await Promise.allSettled([
    drupal.nodes('doctors', { include: doctorBundle.wants, sort: '-created', limit: MAX_LIST_ITEMS, offset: 0 }).then((list) => list.items),
    drupal.priceList('/price.html'),
  ]);
  const failures: { what: string; reason: unknown }[] = [];
  if (doctors.status === 'rejected') failures.push({ what: 'врачи', reason: doctors.reason });
  if (prices.status === 'rejected') failures.push({ what: 'прайс-лист', reason: prices.reason });
  return {
    sources: {
      ...(doctors.status === 'fulfilled' && { doctors: doctors.value }),
      ...(prices.status === 'fulfilled' && { prices: prices.value }),
    },
    failures,
  };
}

/** The single clinic the settings describe: the feed has no other. */
const CLINIC_ID = '1';

/** An absolute URL on the site for a path or a URL as Drupal gave it. */
function onSite(siteUrl: string, path: string | undefined): string | undefined {
  if (!path) return undefined;
  if (path.startsWith('/') && !path.startsWith('//')) return pageUrl(siteUrl, path);
  try {
    const url = new URL(path);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The city of an address written the Russian way («…, г. Москва, ул. …»); none when it does not say. */
export function cityOf(address: string): string | undefined {
  const match = /(?:^|[\s,])(?:г\.|город)\s*([А-ЯЁ][^,(]*)/u.exec(address);
  return match?.[1]?.trim() || undefined;
}

const MOSCOW_YEAR = (now: Date) => new Date(now.getTime() + 3 * 3_600_000).getUTCFullYear();

/** Years from a start year, if that year is a plausible start of a career. */
const yearsSince = (year: number, now: Date): number | undefined => {
  const years = MOSCOW_YEAR(now) - year;
  return year >= 1940 && years >= 0 && years <= 80 ? years : undefined;
};

const plausibleYears = (years: number): number | undefined => (Number.isInteger(years) && years >= 0 && years <= 80 ? years : undefined);

/** A field named for experience: its value as years, a start year or a start date. */
function yearsOfValue(value: string, now: Date): number | undefined {
  const text = value.trim();
  if (/^\d{1,2}$/.test(text)) return plausibleYears(Number(text));
  const start = /^(\d{4})(?:-\d{2}-\d{2})?(?:[T ].*)?$/.exec(text);
  if (start) return yearsSince(Number(start[1]), now);
  return yearsOfText(text, now);
}

/** «Стаж 22 года», «стаж — 15 лет», «стаж с 2004 года», «12 лет врачебного стажа». */
function yearsOfText(text: string, now: Date): number | undefined {
  const since = /стаж[^0-9]{0,30}?с\s*(\d{4})/iu.exec(text);
  if (since) return yearsSince(Number(since[1]), now);
  const stated =
    /стаж[^0-9]{0,30}?(\d{1,2})\s*(?:год|лет)/iu.exec(text) ?? /(\d{1,2})\s*(?:год|года|лет)\s+(?:[а-яё]+\s+)?(?:стаж|опыт)/iu.exec(text);
  return stated ? plausibleYears(Number(stated[1])) : undefined;
}

/** Fields another clinic's Drupal may keep a doctor's experience in (field_experience, field_stazh…). */
const EXPERIENCE_FIELD = /experience|sta[zj]|opyt/i;

/**
 * A doctor's experience in whole years, only where Drupal says it: a field named for
 * it, or the line under the name («Стаж 22 года») or the post. Never a guess.
 */
export function experienceYears(node: NodeData, now: Date): number | undefined {
  for (const [field, value] of Object.entries(node.texts)) {
    if (!EXPERIENCE_FIELD.test(field)) continue;
    const years = yearsOfValue(value, now);
    if (years !== undefined) return years;
  }
  for (const field of ['field_subtitle', 'field_post']) {
    const value = node.texts[field];
    const years = value ? yearsOfText(value, now) : undefined;
    if (years !== undefined) return years;
  }
  return undefined;
}

interface PricedService extends FeedService {
  row: PriceRow;
}

/** A YML id: letters and digits only (the row's code without its dots), else a hash of where the row is. */
function serviceIdOf(row: PriceRow, place: string): string {
  const fromCode = row.code?.replace(/[^0-9A-Za-z]/g, '');
  if (fromCode) return `s${fromCode}`;
  // FNV-1a: the same row in the same place keeps its id from one feed to the next.
  let hash = 0x811c9dc5;
  for (const ch of `${place}\u0000${row.name}`) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return `h${hash.toString(16)}`;
}

/** Every priced line of the price list (children included), with the group, title and subtitle above it. */
export function pricedServices(groups: readonly PriceGroup[]): PricedService[] {
  const found: PricedService[] = [];
  const ids = new Set<string>();
  for (const group of groups) {
    let title: string | undefined;
    let subtitle: string | undefined;
    const walk = (rows: readonly PriceRow[], parent: PriceRow | undefined) => {
      for (const row of rows) {
        if (row.kind === 'title' && !parent) [title, subtitle] = [row.name, undefined];
        if (row.kind === 'subtitle' && !parent) subtitle = row.name;
        if (row.kind === 'item' && row.sum !== undefined) {
          const category = [group.title, title, subtitle].filter(Boolean).join(' — ') || undefined;
          // A child line («Живот» under «SMAS-лифтинг тела») names a service only with its parent.
          const name = parent ? `${parent.name}: ${row.name}` : row.name;
          let id = serviceIdOf(row, `${group.key}\u0000${category ?? ''}`);
          // Two lines with the same code (an editor's slip) stay two services.
          for (let n = 2; ids.has(id); n++) id = `${serviceIdOf(row, `${group.key}\u0000${category ?? ''}`)}x${n}`;
          ids.add(id);
          found.push({ id, name, ...(category && { category }), row });
        }
        walk(row.children, row);
      }
    };
    walk(group.rows, undefined);
  }
  return found;
}

interface LinkedDoctor extends FeedDoctor {
  nid: number;
  services: ReadonlySet<number>;
}

function doctorOf(node: NodeData, siteUrl: string, now: Date): LinkedDoctor | undefined {
  const name = node.title.trim();
  const url = onSite(siteUrl, node.path ?? `/node/${node.nid}`);
  if (!name || !url) return undefined;
  const view = doctorBundle.view(node);
  const picture = onSite(siteUrl, view.photo?.url);
  const years = experienceYears(node, now);
  return {
    id: `d${node.nid}`,
    nid: node.nid,
    name,
    url,
    ...(picture && { picture }),
    ...(years !== undefined && { experienceYears: years }),
    ...(view.post && { speciality: view.post }),
    services: new Set(view.services.flatMap((link) => (link.nid ? [link.nid] : []))),
  };
}

/**
 * The feed: the clinic from the settings, Drupal's published doctors, every priced line
 * of the price list, and an offer for each doctor Drupal links to a priced service (a
 * service no doctor is linked to is offered by the clinic alone).
 */
export function composeFeed(
  config: Pick<Config, 'siteUrl' | 'site'>,
  sources: FeedSources,
  now: Date,
  online?: Pick<BookingCatalog, 'staffOfNode' | 'serviceOfNode'>,
): YandexFeed {
  const { siteUrl, site } = config;
  const root = pageUrl(siteUrl, '/') ?? siteUrl;
  const city = cityOf(site.legal.address);
  const clinic: FeedClinic = {
    id: CLINIC_ID,
    name: site.name,
    ...(city && { city }),
    address: site.legal.address,
    phone: site.phone,
    url: root,
  };
  const doctors = (sources.doctors ?? []).flatMap((node) => doctorOf(node, siteUrl, now) ?? []);
  const services = pricedServices(sources.prices ?? []);
  const priceListUrl = pageUrl(siteUrl, '/price.html') ?? root;
  const offers = services.flatMap(({ id, row }): FeedOffer[] => {
    const price = row.sum!;
    const linked = row.nid === undefined ? [] : doctors.filter((doctor) => doctor.services.has(row.nid!));
    if (linked.length === 0) return [{ id, url: onSite(siteUrl, row.url) ?? priceListUrl, price, clinicId: CLINIC_ID, serviceId: id }];
    return linked.map((doctor): FeedOffer => {
      const staff = online?.staffOfNode(doctor.nid);
      const service = row.nid === undefined ? undefined : online?.serviceOfNode(row.nid);
      // bookingUrl's address is ASCII already, its query included: pageUrl would encode the query's «?».
      const booking = staff?.inDrupal
        ? `${siteUrl.replace(/\/+$/, '')}${bookingUrl({ doctor: staff.id, service: service?.id })}`
        : undefined;
      return {
        id: `${id}${doctor.id}`,
        url: booking ?? doctor.url,
        price,
        clinicId: CLINIC_ID,
        serviceId: id,
        doctorId: doctor.id,
        ...(booking && staff && { online: { staffId: staff.id, serviceId: service?.id } }),
      };
    });
  });
  return {
    date: now,
    shop: { name: site.name, company: site.legal.name, url: root },
    clinics: [clinic],
    doctors: doctors.map(({ nid: _nid, services: _services, ...doctor }) => doctor),
    services: services.map(({ row: _row, ...service }) => service),
    offers,
  };
}
