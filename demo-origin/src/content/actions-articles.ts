/**
 * Bundles `actions` (promotions, with past and future field_action_date) and `article`
 * (articles with an author doctor and a related service).
 */
import { paragraphs } from '../lib/text';
import type { ImagePath } from './images';
import { img, makeNode, nodeRef, nodeRefs, type NodeRecord } from './model';

// ---- Promotions ---------------------------------------------------------------------------------

export interface Action {
  readonly nid: number;
  readonly title: string;
  readonly slug: string;
  readonly created: string;
  /** YYYY-MM-DD: the last day of the promotion */
  readonly date: string;
  readonly image: ImagePath;
  readonly services: readonly number[];
  readonly subtitle: string;
  readonly body: string;
  readonly status?: boolean;
}

export const actions: readonly Action[] = [
  {
    nid: 140,
    title: 'Скидка 20% на SMAS-лифтинг Ultraformer',
    slug: 'skidka-20-smas-lifting',
    created: '2026-09-01 10:00',
    date: '2027-03-31',
    image: 'actions/smas-20.svg',
    services: [24, 38, 39, 40],
    subtitle: 'до 31 марта 2027 года',
    body: paragraphs(
      'До 31 марта 2027 года — скидка 20% на SMAS-лифтинг лица, шеи и тела на аппарате Ultraformer MPT.',
      'Скидка не суммируется с другими акциями.',
    ),
  },
  {
    nid: 141,
    title: 'Биоревитализация: вторая процедура в подарок',
    slug: 'biorevitalizaciya-v-podarok',
    created: '2026-10-01 10:00',
    date: '2027-06-30',
    image: 'actions/biorevitalizaciya.svg',
    services: [29],
    subtitle: 'до 30 июня 2027 года',
    body: paragraphs('При оплате курса из двух процедур биоревитализации вторая — в подарок.'),
  },
  {
    nid: 142,
    title: 'Абонемент на лазерную эпиляцию со скидкой 30%',
    slug: 'abonement-epilyaciya-30',
    created: '2026-08-15 10:00',
    date: '2028-12-31',
    image: 'actions/epilyaciya-abonement.svg',
    services: [33, 45, 46],
    subtitle: 'до конца 2028 года',
    body: paragraphs('Абонемент на 6 процедур лазерной эпиляции любой зоны со скидкой 30%.'),
  },
  {
    nid: 143,
    title: 'Скидка 10% при первом посещении',
    slug: 'skidka-10-pervoe-poseshchenie',
    created: '2025-01-10 10:00',
    date: '2030-12-31',
    image: 'actions/pervoe-poseshchenie.svg',
    services: [],
    subtitle: 'для новых пациентов',
    body: paragraphs('Новым пациентам — скидка 10% на первую процедуру. Скидки не суммируются.'),
  },
  {
    nid: 144,
    title: 'Скидка 25% за фото до и после',
    slug: 'skidka-25-foto-do-i-posle',
    created: '2025-02-01 10:00',
    date: '2029-12-31',
    image: 'actions/foto-do-posle.svg',
    services: [24, 28, 41, 42],
    subtitle: 'при согласии на публикацию фото',
    body: paragraphs(
      'Скидка 25% на процедуру, если вы разрешите опубликовать фотографии до и после на нашем сайте. Скидки не суммируются.',
    ),
  },
  {
    nid: 145,
    title: 'Новогодняя чистка лица со скидкой',
    slug: 'novogodnyaya-chistka',
    created: '2023-12-01 10:00',
    date: '2024-01-15',
    image: 'actions/novogodnyaya.svg',
    services: [20, 36, 37],
    subtitle: 'акция завершена',
    body: paragraphs('Комбинированная чистка лица со скидкой 15% до 15 января 2024 года.'),
  },
  {
    nid: 146,
    title: 'Весенний пилинг −15%',
    slug: 'vesennij-piling',
    created: '2025-03-01 10:00',
    date: '2025-05-31',
    image: 'actions/vesennij-piling.svg',
    services: [21],
    subtitle: 'акция завершена',
    body: paragraphs('Скидка 15% на курс пилингов до конца мая 2025 года.'),
  },
  {
    nid: 147,
    title: 'Чёрная пятница в клинике',
    slug: 'chernaya-pyatnica-2023',
    created: '2023-11-20 10:00',
    date: '2023-11-30',
    image: 'actions/chernaya-pyatnica.svg',
    services: [24, 29],
    subtitle: 'акция завершена',
    body: paragraphs('Скидки до 30% на популярные процедуры с 24 по 30 ноября 2023 года.'),
  },
];

export const actionNodes: readonly NodeRecord[] = actions.map((a) =>
  makeNode({
    nid: a.nid,
    bundle: 'actions',
    title: a.title,
    alias: `/special/${a.slug}.html`,
    created: a.created,
    status: a.status ?? true,
    promote: true,
    body: a.body,
    fields: { field_action_date: a.date, field_subtitle: a.subtitle },
    rels: { field_image: img(a.image, a.title), field_services: nodeRefs(a.services) },
  }),
);

// ---- Articles -------------------------------------------------------------------------------------

export interface Article {
  readonly nid: number;
  readonly title: string;
  readonly slug: string;
  readonly created: string;
  readonly image: ImagePath;
  readonly author: number | null;
  readonly services: readonly number[];
  readonly summary: string;
  readonly body: string;
}

export const articles: readonly Article[] = [
  {
    nid: 160,
    title: 'SMAS-лифтинг или нитевой лифтинг: что выбрать?',
    slug: 'smas-lifting-ili-niti',
    created: '2020-02-18 11:00',
    image: 'articles/smas-ili-niti.svg',
    author: 50,
    services: [24],
    summary: 'Сравниваем две популярные безоперационные методики подтяжки лица.',
    body: paragraphs(
      'Обе методики подтягивают ткани без разрезов, но работают по-разному. SMAS-лифтинг воздействует ультразвуком на глубокий мышечно-апоневротический слой, нити механически фиксируют ткани.',
      '<h2>Когда выбирают SMAS-лифтинг</h2>',
      'Если важно отсутствие реабилитации и постепенный естественный результат, который сохраняется до двух лет.',
      '<h2>Когда подойдут нити</h2>',
      'При выраженном птозе тканей, когда нужен мгновенный механический эффект.',
    ),
  },
  {
    nid: 161,
    title: 'Почему биоревитализацию лучше делать осенью',
    slug: 'biorevitalizaciya-osenyu',
    created: '2021-09-27 11:00',
    image: 'articles/biorevitalizaciya-osen.svg',
    author: 52,
    services: [29],
    summary: 'Как восстановить кожу после лета.',
    body: paragraphs(
      'Летнее солнце и сухой воздух кондиционеров обезвоживают кожу. Осенний курс биоревитализации восстанавливает увлажнённость и готовит кожу к зиме.',
    ),
  },
  {
    nid: 162,
    title: 'Уход за кожей после пилинга: 7 правил',
    slug: 'uhod-posle-pilinga',
    created: '2022-11-10 11:00',
    image: 'articles/uhod-posle-pilinga.svg',
    author: 52,
    services: [21],
    summary: 'Что можно и нельзя делать после химического пилинга.',
    body: paragraphs(
      '<ol><li>Используйте SPF 50 каждый день.</li><li>Не посещайте сауну неделю.</li><li>Не снимайте шелушения.</li><li>Увлажняйте кожу.</li><li>Откажитесь от скрабов.</li><li>Не загорайте.</li><li>Следуйте рекомендациям врача.</li></ol>',
    ),
  },
  {
    nid: 163,
    title: 'Пять мифов о ботулинотерапии',
    slug: 'mify-o-botulinoterapii',
    created: '2023-04-05 11:00',
    image: 'articles/mify-o-botokse.svg',
    author: 51,
    services: [30, 43],
    summary: 'Разбираем популярные заблуждения о ботоксе.',
    body: paragraphs(
      'Миф 1: лицо станет «маской». Нет — при правильной дозировке мимика сохраняется. Миф 2: ботокс накапливается в организме. Нет — препарат полностью выводится.',
    ),
  },
  {
    nid: 164,
    title: 'Можно ли делать лазерную эпиляцию летом',
    slug: 'lazernaya-epilyaciya-letom',
    created: '2024-06-14 11:00',
    image: 'articles/epilyaciya-letom.svg',
    author: 53,
    services: [33],
    summary: 'Ограничения и правила летней эпиляции.',
    body: paragraphs('Современные лазеры позволяют проводить эпиляцию круглый год, но загорелую кожу обрабатывают с осторожностью.'),
  },
  {
    nid: 165,
    title: 'Гиалуроновая кислота: зачем она коже',
    slug: 'gialuronovaya-kislota',
    created: '2025-10-21 11:00',
    image: 'articles/gialuronovaya-kislota.svg',
    author: null,
    services: [29, 28],
    summary: 'Как работает главный увлажняющий компонент.',
    body: paragraphs('Гиалуроновая кислота удерживает воду в коже. С возрастом её становится меньше — отсюда сухость и морщины.'),
  },
];

export const articleNodes: readonly NodeRecord[] = articles.map((a) =>
  makeNode({
    nid: a.nid,
    bundle: 'article',
    title: a.title,
    alias: `/article/${a.slug}.html`,
    created: a.created,
    promote: true,
    body: a.body,
    summary: a.summary,
    rels: { field_image: img(a.image, a.title), field_doctor: nodeRef(a.author), field_services: nodeRefs(a.services) },
  }),
);
