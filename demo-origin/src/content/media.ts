/**
 * Bundles `gallery` (before/after pairs and the licences gallery), `video`, `equipment`,
 * `smi_o_nas` (press), `problem` and `sliders` (home slider).
 */
import { paragraphs } from '../lib/text';
import type { ImagePath } from './images';
import { img, imgs, makeNode, nodeRef, nodeRefs, youtube, type NodeRecord } from './model';

// ---- Gallery: before / after, licences ---------------------------------------------------------

export interface Gallery {
  readonly nid: number;
  readonly title: string;
  readonly alias: string;
  readonly created: string;
  readonly images: ReadonlyArray<readonly [ImagePath, string]>;
  readonly services: readonly number[];
  readonly doctor: number | null;
  readonly body: string;
  readonly licences?: boolean;
}

export const galleries: readonly Gallery[] = [
  {
    nid: 190,
    title: 'SMAS-лифтинг лица: до и после',
    alias: '/do-i-posle/smas-lifting-lica.html',
    created: '2019-06-10 12:00',
    images: [
      ['do-i-posle/smas-lica-do.svg', 'До процедуры'],
      ['do-i-posle/smas-lica-posle.svg', 'Через 3 месяца'],
    ],
    services: [24, 38],
    doctor: 50,
    body: paragraphs('Пациентка 45 лет, одна процедура SMAS-лифтинга лица. Фото через 3 месяца.'),
  },
  {
    nid: 191,
    title: 'SMAS-лифтинг шеи: до и после',
    alias: '/do-i-posle/smas-lifting-shei.html',
    created: '2021-03-22 12:00',
    images: [
      ['do-i-posle/smas-shei-do.svg', 'До процедуры'],
      ['do-i-posle/smas-shei-posle.svg', 'Через 2 месяца'],
    ],
    services: [24, 39],
    doctor: 55,
    body: paragraphs('Пациентка 52 лет, SMAS-лифтинг шеи и подбородка.'),
  },
  {
    nid: 192,
    title: 'Увеличение губ: до и после',
    alias: '/do-i-posle/uvelichenie-gub.html',
    created: '2020-08-04 12:00',
    images: [
      ['do-i-posle/guby-do.svg', 'До'],
      ['do-i-posle/guby-posle.svg', 'После'],
    ],
    services: [28, 41],
    doctor: 51,
    body: paragraphs('1 мл препарата на основе гиалуроновой кислоты.'),
  },
  {
    nid: 193,
    title: 'Коррекция носогубных складок: до и после',
    alias: '/do-i-posle/nosogubnye-skladki.html',
    created: '2022-05-16 12:00',
    images: [
      ['do-i-posle/skladki-do.svg', 'До'],
      ['do-i-posle/skladki-posle.svg', 'После'],
    ],
    services: [28, 42],
    doctor: 50,
    body: paragraphs('Коррекция филлером средней плотности.'),
  },
  {
    nid: 194,
    title: 'Комбинированная чистка: до и после',
    alias: '/do-i-posle/kombinirovannaya-chistka.html',
    created: '2023-09-12 12:00',
    images: [
      ['do-i-posle/chistka-do.svg', 'До'],
      ['do-i-posle/chistka-posle.svg', 'После'],
    ],
    services: [20, 37],
    doctor: 54,
    body: paragraphs('Результат сразу после процедуры.'),
  },
  {
    nid: 196,
    title: 'Лицензии и сертификаты',
    alias: '/gallery/licenzii-i-sertifikaty.html',
    created: '2013-09-01 09:00',
    images: [
      ['licenses/licenziya-med.svg', 'Лицензия на медицинскую деятельность'],
      ['licenses/prilozhenie.svg', 'Приложение к лицензии'],
      ['licenses/sertifikat-ultraformer.svg', 'Сертификат Ultraformer MPT'],
      ['licenses/sertifikat-lazer.svg', 'Сертификат по лазерной безопасности'],
    ],
    services: [],
    doctor: null,
    licences: true,
    body: paragraphs(
      'Клиника работает на основании лицензии на медицинскую деятельность. Врачи имеют действующие сертификаты специалистов.',
    ),
  },
];

export const galleryNodes: readonly NodeRecord[] = galleries.map((g) =>
  makeNode({
    nid: g.nid,
    bundle: 'gallery',
    title: g.title,
    alias: g.alias,
    created: g.created,
    body: g.body,
    fields: { field_subtitle: g.licences ? 'Лицензии' : 'До и после' },
    rels: { field_gallery_image: imgs(g.images), field_services: nodeRefs(g.services), field_doctor: nodeRef(g.doctor) },
  }),
);

// ---- Video ------------------------------------------------------------------------------------------

export interface Video {
  readonly nid: number;
  readonly title: string;
  readonly slug: string;
  readonly created: string;
  readonly youtube: string;
  readonly services: readonly number[];
  readonly doctor: number | null;
  readonly body: string;
}

export const videos: readonly Video[] = [
  {
    nid: 210,
    title: 'Как проходит SMAS-лифтинг Ultraformer',
    slug: 'kak-prohodit-smas-lifting',
    created: '2019-10-08 12:00',
    youtube: 'Qm7c2UlTq4A',
    services: [24],
    doctor: 50,
    body: paragraphs('Главный врач показывает все этапы процедуры SMAS-лифтинга.'),
  },
  {
    nid: 211,
    title: 'Видеоотзыв: биоревитализация',
    slug: 'videootzyv-biorevitalizaciya',
    created: '2021-01-19 12:00',
    youtube: 'Hb3kT9pWx2E',
    services: [29],
    doctor: 52,
    body: paragraphs('Пациентка рассказывает о курсе биоревитализации.'),
  },
  {
    nid: 212,
    title: 'Лазерная эпиляция: ответы на вопросы',
    slug: 'lazernaya-epilyaciya-voprosy',
    created: '2022-07-07 12:00',
    youtube: 'Lz8pQ1rTn5K',
    services: [33],
    doctor: 53,
    body: paragraphs('Анна Дмитриевна отвечает на частые вопросы о лазерной эпиляции.'),
  },
  {
    nid: 213,
    title: 'Экскурсия по клинике',
    slug: 'ekskursiya-po-klinike',
    created: '2024-02-02 12:00',
    youtube: 'Vt4nR8sKc1M',
    services: [],
    doctor: null,
    body: paragraphs('Покажем кабинеты, оборудование и расскажем о клинике.'),
  },
];

export const videoNodes: readonly NodeRecord[] = videos.map((v) =>
  makeNode({
    nid: v.nid,
    bundle: 'video',
    title: v.title,
    alias: `/video/${v.slug}.html`,
    created: v.created,
    body: v.body,
    fields: { field_youtube: youtube(v.youtube) },
    rels: { field_services: nodeRefs(v.services), field_doctor: nodeRef(v.doctor) },
  }),
);

// ---- Equipment ----------------------------------------------------------------------------------------

export interface Equipment {
  readonly nid: number;
  readonly title: string;
  readonly slug: string;
  readonly created: string;
  readonly image: ImagePath;
  readonly maker: string;
  readonly services: readonly number[];
  readonly body: string;
}

export const equipment: readonly Equipment[] = [
  {
    nid: 300,
    title: 'Ultraformer MPT',
    slug: 'ultraformer-mpt',
    created: '2016-03-01 12:00',
    image: 'equipment/ultraformer-mpt.svg',
    maker: 'Classys, Южная Корея',
    services: [24, 38, 39, 40],
    body: paragraphs('Аппарат сфокусированного ультразвука для SMAS-лифтинга лица и тела. Регистрационное удостоверение Росздравнадзора.'),
  },
  {
    nid: 301,
    title: 'Candela GentleMax Pro',
    slug: 'candela-gentlemax-pro',
    created: '2015-02-20 12:00',
    image: 'equipment/gentlemax-pro.svg',
    maker: 'Candela, США',
    services: [33, 45, 46],
    body: paragraphs('Александритовый и неодимовый лазер для эпиляции всех фототипов кожи.'),
  },
  {
    nid: 302,
    title: 'HydraFacial Syndeo',
    slug: 'hydrafacial-syndeo',
    created: '2021-05-12 12:00',
    image: 'equipment/hydrafacial.svg',
    maker: 'HydraFacial, США',
    services: [20, 22],
    body: paragraphs('Аппаратная чистка и увлажнение кожи методом гидропилинга.'),
  },
  {
    nid: 303,
    title: 'Fotona SP Dynamis',
    slug: 'fotona-sp-dynamis',
    created: '2022-11-30 12:00',
    image: 'equipment/fotona.svg',
    maker: 'Fotona, Словения',
    services: [34],
    body: paragraphs('Лазерная платформа для фракционного омоложения и лечения сосудистых образований.'),
  },
];

export const equipmentNodes: readonly NodeRecord[] = equipment.map((e) =>
  makeNode({
    nid: e.nid,
    bundle: 'equipment',
    title: e.title,
    alias: `/oborudovaniye/${e.slug}.html`,
    created: e.created,
    body: e.body,
    fields: { field_subtitle: e.maker },
    rels: { field_image: img(e.image, e.title), field_services: nodeRefs(e.services) },
  }),
);

// ---- Press (smi_o_nas) ----------------------------------------------------------------------------

export interface Press {
  readonly nid: number;
  readonly title: string;
  readonly slug: string;
  readonly created: string;
  readonly date: string;
  readonly media: string;
  readonly image: ImagePath;
  readonly body: string;
}

export const press: readonly Press[] = [
  {
    nid: 320,
    title: 'Журнал о красоте: «Как выбрать косметолога»',
    slug: 'zhurnal-kak-vybrat-kosmetologa',
    created: '2018-04-10 12:00',
    date: '2018-04-05',
    media: 'Журнал «Красота и здоровье»',
    image: 'smi/zhurnal-krasota.svg',
    body: paragraphs('Главный врач клиники рассказала читательницам журнала, на что обращать внимание при выборе косметолога и клиники.'),
  },
  {
    nid: 321,
    title: 'Радиоэфир о безопасности инъекций',
    slug: 'radioefir-bezopasnost-inekcij',
    created: '2020-09-15 12:00',
    date: '2020-09-14',
    media: 'Радио «Здоровье FM»',
    image: 'smi/radio-efir.svg',
    body: paragraphs('Андрей Викторович Смирнов в прямом эфире ответил на вопросы слушателей о безопасности инъекционных процедур.'),
  },
  {
    nid: 322,
    title: 'Сюжет о SMAS-лифтинге на телеканале',
    slug: 'syuzhet-smas-lifting',
    created: '2022-12-01 12:00',
    date: '2022-11-29',
    media: 'Телеканал «Город»',
    image: 'smi/tv-syuzhet.svg',
    body: paragraphs('Съёмочная группа телеканала побывала в клинике и показала, как проходит SMAS-лифтинг Ultraformer.'),
  },
  {
    nid: 323,
    title: 'Портал о здоровье: осенний уход за кожей',
    slug: 'portal-osennij-uhod',
    created: '2025-10-03 12:00',
    date: '2025-10-01',
    media: 'Портал «Здоровье сегодня»',
    image: 'smi/portal-zdorovye.svg',
    body: paragraphs('Мария Олеговна Кузнецова дала советы по осеннему уходу за кожей и выбору пилинга.'),
  },
];

export const pressNodes: readonly NodeRecord[] = press.map((p) =>
  makeNode({
    nid: p.nid,
    bundle: 'smi_o_nas',
    title: p.title,
    alias: `/smi-o-nas/${p.slug}.html`,
    created: p.created,
    body: p.body,
    fields: { field_date_publication: p.date, field_subtitle: p.media },
    rels: { field_image: img(p.image, p.title) },
  }),
);

// ---- Problems ---------------------------------------------------------------------------------------

export interface Problem {
  readonly nid: number;
  readonly title: string;
  readonly slug: string;
  readonly created: string;
  readonly image: ImagePath;
  readonly services: readonly number[];
  readonly body: string;
}

export const problems: readonly Problem[] = [
  {
    nid: 230,
    title: 'Морщины',
    slug: 'morshchiny',
    created: '2017-02-01 12:00',
    image: 'problems/morshchiny.svg',
    services: [30, 43, 29, 24],
    body: paragraphs('Мимические и возрастные морщины корректируют ботулинотерапией, биоревитализацией и аппаратным лифтингом.'),
  },
  {
    nid: 231,
    title: 'Пигментация',
    slug: 'pigmentaciya',
    created: '2017-02-01 12:10',
    image: 'problems/pigmentaciya.svg',
    services: [21, 34],
    body: paragraphs('Пигментные пятна осветляют пилингами и лазером в сочетании с домашним уходом и защитой от солнца.'),
  },
  {
    nid: 232,
    title: 'Акне и постакне',
    slug: 'akne-i-postakne',
    created: '2017-02-01 12:20',
    image: 'problems/akne.svg',
    services: [20, 21, 34],
    body: paragraphs('Лечение акне требует комплексного подхода: чистки, пилинги, фракционный лазер при рубцах.'),
  },
  {
    nid: 233,
    title: 'Потеря овала лица',
    slug: 'poterya-ovala-lica',
    created: '2017-02-01 12:30',
    image: 'problems/oval-lica.svg',
    services: [24, 38, 25, 28],
    body: paragraphs('Чёткий овал возвращают SMAS-лифтингом, RF-лифтингом и контурной пластикой.'),
  },
  {
    nid: 234,
    title: 'Нежелательные волосы',
    slug: 'nezhelatelnye-volosy',
    created: '2017-02-01 12:40',
    image: 'problems/lishnie-volosy.svg',
    services: [33, 45, 46],
    body: paragraphs('Лазерная эпиляция — самый надёжный способ избавиться от нежелательных волос.'),
  },
];

export const problemNodes: readonly NodeRecord[] = problems.map((p) =>
  makeNode({
    nid: p.nid,
    bundle: 'problem',
    title: p.title,
    alias: `/problems/${p.slug}.html`,
    created: p.created,
    body: p.body,
    rels: { field_image: img(p.image, p.title), field_services: nodeRefs(p.services) },
  }),
);

// ---- Home slider --------------------------------------------------------------------------------

export interface Slide {
  readonly nid: number;
  readonly title: string;
  readonly slug: string;
  readonly created: string;
  readonly desktop: ImagePath;
  readonly mobile: ImagePath | null;
  readonly link: string;
  readonly body: string;
  readonly weight: number;
}

export const slides: readonly Slide[] = [
  {
    nid: 250,
    weight: 0,
    title: 'SMAS-лифтинг Ultraformer MPT',
    slug: 'ultraformer',
    created: '2026-09-01 09:00',
    desktop: 'slides/ultraformer-desktop.svg',
    mobile: 'slides/ultraformer-mobile.svg',
    link: '/ultraformer.html',
    body: paragraphs('Подтяжка лица без операции. Скидка 20% до 31 марта 2027 года.'),
  },
  {
    nid: 251,
    weight: 1,
    title: 'Биоревитализация: вторая процедура в подарок',
    slug: 'biorevitalizaciya',
    created: '2026-10-01 09:00',
    desktop: 'slides/biorevitalizaciya-desktop.svg',
    mobile: 'slides/biorevitalizaciya-mobile.svg',
    link: '/special/biorevitalizaciya-v-podarok.html',
    body: paragraphs('Увлажнённая и сияющая кожа к зиме.'),
  },
  {
    nid: 252,
    weight: 2,
    title: 'Лазерная эпиляция: абонемент −30%',
    slug: 'epilyaciya',
    created: '2026-08-15 09:00',
    desktop: 'slides/epilyaciya-desktop.svg',
    mobile: null,
    link: '/special/abonement-epilyaciya-30.html',
    body: paragraphs('Шесть процедур любой зоны со скидкой 30%. (Без мобильной картинки: проверка запасного варианта.)'),
  },
];

export const slideNodes: readonly NodeRecord[] = slides.map((s) =>
  makeNode({
    nid: s.nid,
    bundle: 'sliders',
    title: s.title,
    alias: `/slider/${s.slug}.html`,
    created: s.created,
    sticky: s.weight === 0,
    body: s.body,
    fields: { field_link: { uri: `internal:${s.link}`, title: 'Подробнее', options: [] }, field_weight: s.weight },
    rels: { field_photo3: img(s.desktop, s.title), field_photos_mobile: img(s.mobile, s.title) },
  }),
);
