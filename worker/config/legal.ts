import { z } from 'zod';

/**
 * What a medical organisation's site must show about itself (ПП РФ № 736 on paid
 * medical services, Приказ Минздрава № 118н): who runs the clinic, its licence,
 * who supervises it and how to complain. The page «Сведения о медицинской
 * организации» and the footer show it (LegalInfoScreen.tsx, Footer.tsx).
 */
export interface SupervisoryBody {
  name: string;
  address?: string;
  phone?: string;
  /** https://… */
  site?: string;
}

export interface LegalDetails {
  /** Full name of the legal entity, as in ЕГРЮЛ. */
  name: string;
  ogrn: string;
  inn: string;
  address: string;
  licence: { number: string; date: string; issuer: string };
  supervisors: SupervisoryBody[];
  /** How to complain; paragraphs separated by an empty line. */
  complaints: string;
}

/** ОГРН: the 13th digit is the first twelve, as a number, mod 11, then mod 10. */
export function validOgrn(ogrn: string): boolean {
  if (!/^\d{13}$/.test(ogrn)) return false;
  return (Number(ogrn.slice(0, 12)) % 11) % 10 === Number(ogrn[12]);
}

/** ИНН of a legal entity (10 digits): the last is the weighted sum of the nine before it, mod 11, then mod 10. */
export function validInn(inn: string): boolean {
  if (!/^\d{10}$/.test(inn)) return false;
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(inn[i]), 0);
  return (sum % 11) % 10 === Number(inn[9]);
}

/** DD.MM.YYYY naming a day that exists. */
export function validDate(date: string): boolean {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(date);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day && year >= 1991;
}

/**
 * Public contacts of the bodies a Moscow clinic answers to, as they publish them.
 * A clinic elsewhere (or when a body moves) sets SUPERVISORY_BODIES instead.
 */
export const MOSCOW_SUPERVISORS: SupervisoryBody[] = [
  {
    name: 'Федеральная служба по надзору в сфере здравоохранения (Росздравнадзор)',
    address: '109074, г. Москва, Славянская площадь, д. 4, стр. 1',
    phone: '8 (800) 550-99-03',
    site: 'https://roszdravnadzor.gov.ru',
  },
  {
    name: 'Управление Федеральной службы по надзору в сфере защиты прав потребителей и благополучия человека по г. Москве (Роспотребнадзор)',
    address: '129626, г. Москва, Графский переулок, д. 4, корп. 2, 3, 4',
    phone: '8 (800) 555-49-43',
    site: 'https://77.rospotrebnadzor.ru',
  },
  {
    name: 'Департамент здравоохранения города Москвы',
    address: '127006, г. Москва, Оружейный переулок, д. 43',
    phone: '+7 (495) 777-77-77',
    site: 'https://mosgorzdrav.ru',
  },
];

const defaultComplaints = (phone: string, address: string) =>
  [
    `Обращение, предложение или жалобу на качество медицинских услуг можно передать администратору клиники или главному врачу лично, по телефону ${phone} либо письменно по адресу: ${address}. Письменное обращение регистрируется и рассматривается в течение 30 дней; ответ направляется тем способом, который вы укажете.`,
    'Если ответ вас не устроил, вы вправе обратиться в органы, осуществляющие контроль и надзор за деятельностью клиники (их контакты — выше), или в суд.',
  ].join('\n\n');

const unset = (value: unknown) => (value === '' ? undefined : value);
const text = (what: string) =>
  z.preprocess(
    unset,
    z
      .string({ error: `должен содержать ${what}` })
      .trim()
      .min(1),
  );

const supervisorsJson = z
  .string()
  .transform((json, ctx) => {
    try {
      return JSON.parse(json) as unknown;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'должен быть JSON-списком органов: [{"name": "…", "address": "…", "phone": "…", "site": "https://…"}]',
      });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.object({
          name: z.string().min(1),
          address: z.string().min(1).optional(),
          phone: z.string().min(1).optional(),
          site: z.url({ protocol: /^https?$/ }).optional(),
        }),
        { error: 'должен быть JSON-списком органов: [{"name": "…", "address": "…", "phone": "…", "site": "https://…"}]' },
      )
      .min(1, 'должен называть хотя бы один орган'),
  );

/** The settings' part of the site's zod schema (config.ts merges it). */
export const legalSettings = {
  LEGAL_NAME: text('полное наименование юридического лица'),
  LEGAL_OGRN: z.preprocess(unset, z.string().trim().refine(validOgrn, 'должен состоять из 13 цифр с верной контрольной цифрой')),
  LEGAL_INN: z.preprocess(
    unset,
    z.string().trim().refine(validInn, 'должен состоять из 10 цифр с верной контрольной цифрой (ИНН юридического лица)'),
  ),
  LEGAL_ADDRESS: text('адрес'),
  LICENSE_NUMBER: text('номер лицензии'),
  LICENSE_DATE: z.preprocess(unset, z.string().trim().refine(validDate, 'должна быть датой вида ДД.ММ.ГГГГ')),
  LICENSE_ISSUER: text('название органа, выдавшего лицензию'),
  SUPERVISORY_BODIES: z.preprocess(unset, supervisorsJson.optional()),
  COMPLAINTS_TEXT: z.preprocess(unset, z.string().trim().min(1).optional()),
};

type LegalRaw = z.output<z.ZodObject<typeof legalSettings>>;

export function legalDetails(raw: LegalRaw, phone: string): LegalDetails {
  return {
    name: raw.LEGAL_NAME,
    ogrn: raw.LEGAL_OGRN,
    inn: raw.LEGAL_INN,
    address: raw.LEGAL_ADDRESS,
    licence: { number: raw.LICENSE_NUMBER, date: raw.LICENSE_DATE, issuer: raw.LICENSE_ISSUER },
    supervisors: raw.SUPERVISORY_BODIES ?? MOSCOW_SUPERVISORS,
    complaints: raw.COMPLAINTS_TEXT ?? defaultComplaints(phone, raw.LEGAL_ADDRESS),
  };
}
