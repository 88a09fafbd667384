/**
 * The Yandex doctors feed as a pure function of what the site
 * knows: Yandex's medical feed, «YML 2.0» of the Webmaster «Врачи» help page
 * (yandex.ru/support/webmaster/ru/search-appearance/doctors): a `<shop version="2.0"
 * date>` with the shop's name, company and URL, then doctors, clinics, services,
 * and the offers that join them (an offer names its service, and its clinic with
 * the doctor who gives it there and that doctor's speciality). Every element for
 * which nothing was given is left out, never filled with a guess.
 */

export interface FeedShop {
  /** The site's name. */
  name: string;
  /** The legal entity behind it. */
  company: string;
  /** The site's own root URL. */
  url: string;
}

export interface FeedClinic {
  id: string;
  name: string;
  city?: string;
  address?: string;
  phone?: string;
  url: string;
}

export interface FeedDoctor {
  id: string;
  name: string;
  url: string;
  /** Absolute. */
  picture?: string;
  experienceYears?: number;
  speciality?: string;
}

export interface FeedService {
  id: string;
  name: string;
  /** Where the service sits in the price list (its group, title and subtitle): the feed's description. */
  category?: string;
}

export interface FeedOffer {
  id: string;
  url: string;
  /** Rubles. */
  price: number;
  clinicId: string;
  serviceId: string;
  /** Only when Drupal links the doctor to the service. */
  doctorId?: string;
  /**
   * The doctor is booked online (docs/booking.md): Yandex marks the offer «Онлайн-расписание» and opens `url`, the
   * booking page at this doctor (and service), with the schedule's own ids beside it.
   */
  online?: { staffId: string; serviceId?: string };
}

export interface YandexFeed {
  /** When the document was made. */
  date: Date;
  shop: FeedShop;
  clinics: readonly FeedClinic[];
  doctors: readonly FeedDoctor[];
  services: readonly FeedService[];
  offers: readonly FeedOffer[];
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Characters XML 1.0 does not allow at all (C0 controls but tab and newlines, lone
 * surrogates, U+FFFE/U+FFFF): escaping cannot save them, so they are dropped.
 */
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text or an attribute value from anywhere (a hostile title included) as XML that says exactly it. */
export const xmlText = (text: string): string => text.replace(NOT_XML, '').replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch]!);

/** The feed's date as Yandex's example writes it: the Moscow wall clock (+03:00 all year), to the minute. */
export function ymlDate(date: Date): string {
  const moscow = new Date(date.getTime() + 3 * 3_600_000);
  return moscow.toISOString().slice(0, 16).replace('T', ' ');
}

/** Rubles as YML writes a price: whole, or with two decimals. */
export const ymlPrice = (rubles: number): string => (Number.isInteger(rubles) ? String(rubles) : rubles.toFixed(2));

const element = (name: string, value: string | number | undefined, indent: string): string =>
  value === undefined || value === '' ? '' : `${indent}<${name}>${xmlText(String(value))}</${name}>\n`;

/** Where an item's own elements stand: inside its group, inside the shop. */
const FIELD = '      ';

/** One item of a group: its id, then its elements, each left out when it has no value. */
const item = (tag: string, id: string, fields: [string, string | number | undefined][], more = ''): string =>
  `    <${tag} id="${xmlText(id)}">\n${fields.map(([name, value]) => element(name, value, FIELD)).join('')}${more}    </${tag}>\n`;

const clinicXml = (clinic: FeedClinic) =>
  item('clinic', clinic.id, [
    ['name', clinic.name],
    ['city', clinic.city],
    ['address', clinic.address],
    ['phone', clinic.phone],
    ['url', clinic.url],
  ]);

const doctorXml = (doctor: FeedDoctor) =>
  item('doctor', doctor.id, [
    ['name', doctor.name],
    ['url', doctor.url],
    ['experience_years', doctor.experienceYears],
    ['picture', doctor.picture],
  ]);

const serviceXml = (service: FeedService) =>
  item('service', service.id, [
    ['name', service.name],
    ['description', service.category],
  ]);

/** The offer's place: the clinic, and inside it the doctor who gives the service there, with the speciality they give it in. */
function placeXml(offer: FeedOffer, doctors: ReadonlyMap<string, FeedDoctor>): string {
  const i = FIELD;
  const clinic = `${i}<clinic id="${xmlText(offer.clinicId)}"`;
  if (offer.doctorId === undefined) return `${clinic}/>\n`;
  const speciality = doctors.get(offer.doctorId)?.speciality;
  const doctor = `${i}  <doctor id="${xmlText(offer.doctorId)}"`;
  return `${clinic}>\n${speciality ? `${doctor}>\n${element('speciality', speciality, `${i}    `)}${i}  </doctor>\n` : `${doctor}/>\n`}${i}</clinic>\n`;
}

function offerXml(offer: FeedOffer, doctors: ReadonlyMap<string, FeedDoctor>): string {
  const price = `${FIELD}<price>\n${element('base_price', ymlPrice(offer.price), `${FIELD}  `)}${element('currency', 'RUB', `${FIELD}  `)}${FIELD}</price>\n`;
  return item(
    'offer',
    offer.id,
    [['url', offer.url]],
    `${price}${FIELD}<service id="${xmlText(offer.serviceId)}"/>\n${placeXml(offer, doctors)}${onlineXml(offer)}`,
  );
}

const param = (name: string, value: string) => `${FIELD}<param name="${xmlText(name)}">${xmlText(value)}</param>\n`;

/** Yandex's parameters of an offer with an online schedule (its doctors' feed's «связка врач — клиника»). */
function onlineXml(offer: FeedOffer): string {
  if (!offer.online) return '';
  return (
    param('Онлайн-расписание', 'true') +
    param('внутренний идентификатор врача', offer.online.staffId) +
    (offer.online.serviceId ? param('внутренний идентификатор услуги', offer.online.serviceId) : '') +
    param('внутренний идентификатор клиники', offer.clinicId)
  );
}

/** A group of the shop, or nothing when it is empty (an empty wrapper tells Yandex nothing). */
const group = <T>(name: string, items: readonly T[], each: (item: T) => string): string =>
  items.length === 0 ? '' : `  <${name}>\n${items.map(each).join('')}  </${name}>\n`;

export function yandexFeedXml(feed: YandexFeed): string {
  const i = '    ';
  const doctors = new Map(feed.doctors.map((doctor) => [doctor.id, doctor]));
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<shop version="2.0" date="${ymlDate(feed.date)}">\n` +
    element('name', feed.shop.name, i.slice(2)) +
    element('company', feed.shop.company, i.slice(2)) +
    element('url', feed.shop.url, i.slice(2)) +
    group('doctors', feed.doctors, doctorXml) +
    group('clinics', feed.clinics, clinicXml) +
    group('services', feed.services, serviceXml) +
    group('offers', feed.offers, (offer) => offerXml(offer, doctors)) +
    '</shop>\n'
  );
}
