/**
 * Bundle `qa`: questions and answers. field_ne_vyvodit_na_stranitce ("do not show on the page")
 * is true on some items, false on others and empty (null) on the rest: listings show an item
 * unless the flag is true.
 */
import { paragraphs } from '../lib/text';
import { makeNode, nodeRef, nodeRefs, type NodeRecord } from './model';

export interface Qa {
  readonly nid: number;
  readonly title: string;
  readonly slug: string;
  readonly created: string;
  readonly question: string;
  readonly answer: string;
  readonly services: readonly number[];
  readonly doctor: number | null;
  /** field_ne_vyvodit_na_stranitce */
  readonly hidden: boolean | null;
  readonly status?: boolean;
}

export const qas: readonly Qa[] = [
  {
    nid: 260,
    title: 'Больно ли делать SMAS-лифтинг?',
    slug: 'bolno-li-smas-lifting',
    created: '2019-03-11 15:00',
    question: 'Здравствуйте! Больно ли делать SMAS-лифтинг и нужна ли анестезия?',
    answer:
      'Процедура проводится с аппликационной анестезией. Ощущения — покалывание и тепло, большинство пациентов переносят их комфортно.',
    services: [24, 38],
    doctor: 50,
    hidden: false,
  },
  {
    nid: 261,
    title: 'Когда будет виден результат SMAS-лифтинга?',
    slug: 'rezultat-smas-liftinga',
    created: '2020-05-06 15:00',
    question: 'Через сколько времени после SMAS-лифтинга виден результат?',
    answer: 'Первый эффект виден сразу, окончательный — через 2–3 месяца, когда сформируется новый коллаген.',
    services: [24],
    doctor: 55,
    hidden: null,
  },
  {
    nid: 262,
    title: 'Можно ли совмещать SMAS-лифтинг и ботокс?',
    slug: 'smas-i-botoks',
    created: '2021-08-19 15:00',
    question: 'Можно ли в один день сделать SMAS-лифтинг и ботулинотерапию?',
    answer: 'Да, но сначала делают SMAS-лифтинг, а ботулинотерапию — через 1–2 недели. Схему подберёт врач.',
    services: [24, 30],
    doctor: 50,
    hidden: false,
  },
  {
    nid: 263,
    title: 'Вопрос о цене (внутренний)',
    slug: 'vopros-o-cene-vnutrennij',
    created: '2022-01-12 15:00',
    question: 'Сколько стоит SMAS-лифтинг для сотрудников?',
    answer: 'Внутренняя информация, не для публикации на странице.',
    services: [24],
    doctor: null,
    hidden: true,
  },
  {
    nid: 264,
    title: 'Сколько держится эффект биоревитализации?',
    slug: 'skolko-derzhitsya-biorevitalizaciya',
    created: '2020-11-23 15:00',
    question: 'Сколько держится эффект от биоревитализации?',
    answer: 'После курса эффект сохраняется 6–9 месяцев. Для поддержания достаточно одной процедуры раз в полгода.',
    services: [29],
    doctor: 52,
    hidden: false,
  },
  {
    nid: 265,
    title: 'Можно ли загорать после лазерной эпиляции?',
    slug: 'zagar-posle-epilyacii',
    created: '2022-06-01 15:00',
    question: 'Можно ли загорать после лазерной эпиляции?',
    answer: 'Две недели после процедуры избегайте солнца и солярия, используйте SPF 50.',
    services: [33],
    doctor: 53,
    hidden: null,
  },
  {
    nid: 266,
    title: 'Сколько процедур лазерной эпиляции нужно?',
    slug: 'skolko-procedur-epilyacii',
    created: '2023-02-09 15:00',
    question: 'Сколько нужно процедур, чтобы волосы перестали расти?',
    answer: 'Обычно 6–8 процедур с интервалом 4–8 недель, в зависимости от зоны и типа волос.',
    services: [33, 45, 46],
    doctor: 53,
    hidden: false,
  },
  {
    nid: 267,
    title: 'Можно ли делать чистку лица при акне?',
    slug: 'chistka-pri-akne',
    created: '2023-10-30 15:00',
    question: 'Можно ли делать чистку лица, если есть воспаления?',
    answer: 'При активном воспалении чистку не проводят — сначала врач назначит лечение.',
    services: [20, 37],
    doctor: 52,
    hidden: false,
  },
  {
    nid: 268,
    title: 'Архивный вопрос о скидках 2019',
    slug: 'arhivnyj-vopros-skidki-2019',
    created: '2019-01-20 15:00',
    question: 'Действует ли скидка для студентов в 2019 году?',
    answer: 'Акция завершена.',
    services: [],
    doctor: null,
    hidden: true,
  },
  {
    nid: 269,
    title: 'Нужна ли подготовка к увеличению губ?',
    slug: 'podgotovka-k-uvelicheniyu-gub',
    created: '2024-09-17 15:00',
    question: 'Как подготовиться к увеличению губ?',
    answer: 'За 3 дня откажитесь от алкоголя и препаратов, разжижающих кровь. При герпесе процедуру переносят.',
    services: [28, 41],
    doctor: 51,
    hidden: null,
  },
];

export const qaNodes: readonly NodeRecord[] = qas.map((q) =>
  makeNode({
    nid: q.nid,
    bundle: 'qa',
    title: q.title,
    alias: `/vopros-otvet/${q.slug}.html`,
    created: q.created,
    status: q.status ?? true,
    body: paragraphs(q.answer),
    format: 'basic_html',
    fields: { field_question: q.question, field_ne_vyvodit_na_stranitce: q.hidden },
    rels: { field_services: nodeRefs(q.services), field_doctor: nodeRef(q.doctor) },
  }),
);
