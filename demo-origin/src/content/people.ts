/**
 * Bundles `doctors`, `reviews` (patient feedback about doctors and services) and `patients`
 * (patient stories with a photo).
 */
import { paragraphs } from '../lib/text';
import type { ImagePath } from './images';
import { img, makeNode, nodeRef, nodeRefs, textJson, type NodeRecord } from './model';

// ---- Doctors ------------------------------------------------------------------------------------

export interface Doctor {
  readonly nid: number;
  readonly title: string;
  readonly alias: string;
  readonly created: string;
  readonly post: string;
  readonly experience: string;
  readonly photo: ImagePath;
  readonly photoBig: ImagePath;
  readonly services: readonly number[];
  readonly body: string;
  readonly summary: string;
  readonly weight: number;
}

export const doctors: readonly Doctor[] = [
  {
    nid: 50,
    weight: 0,
    title: 'Иванова Елена Сергеевна',
    alias: '/doctors/ivanova-elena.html',
    created: '2013-09-01 10:00',
    post: 'Главный врач, врач-косметолог, дерматовенеролог',
    experience: 'Стаж 22 года',
    photo: 'doctors/ivanova.svg',
    photoBig: 'doctors/ivanova-big.svg',
    services: [24, 38, 39, 28, 41, 42, 29, 30, 43, 31],
    summary: 'Главный врач клиники, эксперт по аппаратным и инъекционным методикам омоложения.',
    body: paragraphs(
      'Окончила Первый МГМУ им. И. М. Сеченова, ординатуру по дерматовенерологии и профессиональную переподготовку по косметологии.',
      'Руководит клиникой с момента открытия в 2013 году. Сертифицированный тренер по SMAS-лифтингу Ultraformer, участник российских и международных конгрессов по эстетической медицине.',
      '<ul><li>Комплексные программы омоложения</li><li>SMAS-лифтинг лица и шеи</li><li>Контурная пластика и биоревитализация</li></ul>',
    ),
  },
  {
    nid: 51,
    weight: 1,
    title: 'Смирнов Андрей Викторович',
    alias: '/doctors/smirnov-andrej.html',
    created: '2014-02-01 10:00',
    post: 'Врач-косметолог, специалист по инъекционным методикам',
    experience: 'Стаж 15 лет',
    photo: 'doctors/smirnov.svg',
    photoBig: 'doctors/smirnov-big.svg',
    services: [28, 41, 42, 30, 43, 44, 31],
    summary: 'Контурная пластика, ботулинотерапия, лечение гипергидроза.',
    body: paragraphs(
      'Окончил РНИМУ им. Н. И. Пирогова. Специализируется на инъекционной косметологии и анатомически безопасных техниках введения филлеров.',
      'Автор обучающих семинаров для врачей-косметологов.',
    ),
  },
  {
    nid: 52,
    weight: 2,
    title: 'Кузнецова Мария Олеговна',
    alias: '/doctors/kuznetsova-mariya.html',
    created: '2015-06-15 10:00',
    post: 'Врач-косметолог',
    experience: 'Стаж 12 лет',
    photo: 'doctors/kuznetsova.svg',
    photoBig: 'doctors/kuznetsova-big.svg',
    services: [20, 36, 37, 21, 22, 29],
    summary: 'Уход за проблемной кожей, пилинги, биоревитализация.',
    body: paragraphs('Специализируется на лечении акне и постакне, подборе домашнего ухода и программах пилингов.'),
  },
  {
    nid: 53,
    weight: 3,
    title: 'Попова Анна Дмитриевна',
    alias: '/doctors/popova-anna.html',
    created: '2016-01-20 10:00',
    post: 'Врач-дерматолог, специалист по лазерной медицине',
    experience: 'Стаж 10 лет',
    photo: 'doctors/popova.svg',
    photoBig: 'doctors/popova-big.svg',
    services: [33, 45, 46, 34],
    summary: 'Лазерная эпиляция и фракционное омоложение.',
    body: paragraphs('Прошла обучение по лазерной безопасности и работе на оборудовании Candela и Fotona.'),
  },
  {
    nid: 54,
    weight: 4,
    title: 'Соколова Ольга Игоревна',
    alias: '/doctors/sokolova-olga.html',
    created: '2017-09-01 10:00',
    post: 'Косметолог-эстетист',
    experience: 'Стаж 9 лет',
    photo: 'doctors/sokolova.svg',
    photoBig: 'doctors/sokolova-big.svg',
    services: [20, 36, 37, 22],
    summary: 'Чистки лица, уходовые процедуры, массаж.',
    body: paragraphs('Проводит чистки, уходовые программы и массаж лица. Любимая процедура — комбинированная чистка.'),
  },
  {
    nid: 55,
    weight: 5,
    title: 'Лебедева Наталья Павловна',
    alias: '/doctors/lebedeva-natalya.html',
    created: '2018-03-12 10:00',
    post: 'Врач-косметолог, специалист по аппаратной косметологии',
    experience: 'Стаж 11 лет',
    photo: 'doctors/lebedeva.svg',
    photoBig: 'doctors/lebedeva-big.svg',
    services: [24, 38, 39, 40, 25, 26],
    summary: 'SMAS-лифтинг, RF-лифтинг и микротоки.',
    body: paragraphs('Эксперт по аппаратным методикам лифтинга, сертифицирована производителем Ultraformer MPT.'),
  },
];

export const doctorNodes: readonly NodeRecord[] = doctors.map((d) =>
  makeNode({
    nid: d.nid,
    bundle: 'doctors',
    title: d.title,
    alias: d.alias,
    created: d.created,
    body: d.body,
    summary: d.summary,
    fields: { field_post: d.post, field_subtitle: d.experience, field_weight: d.weight },
    rels: {
      field_photo: img(d.photo, d.title),
      field_photo_big: img(d.photoBig, d.title),
      field_services: nodeRefs(d.services),
    },
  }),
);

// ---- Reviews (feedback) -------------------------------------------------------------------------

export interface Review {
  readonly nid: number;
  readonly title: string;
  readonly slug: string;
  readonly created: string;
  readonly doctor: number | null;
  readonly services: readonly number[];
  readonly text: string;
  readonly status?: boolean;
}

export const reviews: readonly Review[] = [
  {
    nid: 100,
    title: 'Ирина К.',
    slug: 'irina-k-smas',
    created: '2019-04-12 18:20',
    doctor: 50,
    services: [24, 38],
    text: 'Делала SMAS-лифтинг лица у Елены Сергеевны. Овал стал чётче уже через неделю, а через два месяца подруги спрашивали, что я сделала. Спасибо за внимательное отношение!',
  },
  {
    nid: 101,
    title: 'Наталья',
    slug: 'natalya-biorevitalizaciya',
    created: '2019-11-03 12:05',
    doctor: 52,
    services: [29],
    text: 'Прошла курс биоревитализации у Марии Олеговны. Кожа стала увлажнённой, ушли мелкие морщинки. Всё объясняют, не навязывают лишнего.',
  },
  {
    nid: 102,
    title: 'Ольга Петровна',
    slug: 'olga-petrovna-guby',
    created: '2020-07-21 09:40',
    doctor: 51,
    services: [28, 41],
    text: 'Боялась, что губы будут выглядеть неестественно, но Андрей Викторович сделал очень аккуратно. Результат именно такой, как хотела.',
  },
  {
    nid: 103,
    title: 'Светлана',
    slug: 'svetlana-epilyaciya',
    created: '2021-02-14 15:15',
    doctor: 53,
    services: [33, 46],
    text: 'Хожу на лазерную эпиляцию уже полгода — результат отличный, процедура почти безболезненная. Администраторы всегда напомнят о записи.',
  },
  {
    nid: 104,
    title: 'Марина В.',
    slug: 'marina-v-chistka',
    created: '2021-09-09 11:30',
    doctor: 54,
    services: [20, 37],
    text: 'Лучшая комбинированная чистка, которую я делала! Кожа чистая, без покраснений на следующий день.',
  },
  {
    nid: 105,
    title: 'Елена',
    slug: 'elena-smas-shei',
    created: '2022-03-28 17:45',
    doctor: 55,
    services: [24, 39],
    text: 'Наталья Павловна подробно рассказала о процедуре SMAS-лифтинга шеи. Было немного неприятно, но результат того стоит.',
  },
  {
    nid: 106,
    title: 'Анна С.',
    slug: 'anna-s-botoks',
    created: '2022-10-17 10:10',
    doctor: 51,
    services: [30, 43],
    text: 'Коррекция межбровья — всё быстро и профессионально. Мимика сохранилась, лицо выглядит отдохнувшим.',
  },
  {
    nid: 107,
    title: 'Татьяна',
    slug: 'tatyana-piling',
    created: '2023-01-25 13:00',
    doctor: 52,
    services: [21],
    text: 'Курс пилингов помог справиться с пигментацией после лета. Спасибо Марии Олеговне за подробные рекомендации по уходу.',
  },
  {
    nid: 108,
    title: 'Юлия М.',
    slug: 'yuliya-m-smas',
    created: '2023-06-02 19:25',
    doctor: 50,
    services: [24, 38],
    text: 'Второй раз делаю SMAS-лифтинг в этой клинике. Результат держится, процедура комфортнее, чем я ожидала.',
  },
  {
    nid: 109,
    title: 'Виктория',
    slug: 'viktoriya-klinika',
    created: '2024-04-11 16:00',
    doctor: null,
    services: [],
    text: 'Очень уютная клиника, приветливый персонал и удобное расположение. Рекомендую!',
  },
  {
    nid: 110,
    title: 'Людмила',
    slug: 'lyudmila-rf',
    created: '2024-12-05 12:40',
    doctor: 55,
    services: [25],
    text: 'RF-лифтинг — приятная процедура, кожа стала плотнее после курса.',
  },
  {
    nid: 111,
    title: 'Ксения',
    slug: 'kseniya-nosogubnye',
    created: '2025-08-19 14:55',
    doctor: 50,
    services: [28, 42],
    text: 'Елена Сергеевна убрала носогубные складки очень естественно, никто не догадался о процедуре.',
  },
  {
    nid: 112,
    title: 'Дарья (на модерации)',
    slug: 'darya-moderaciya',
    created: '2026-10-30 09:00',
    doctor: 50,
    services: [24],
    status: false,
    text: 'Отзыв ожидает модерации.',
  },
];

export const reviewNodes: readonly NodeRecord[] = reviews.map((r) =>
  makeNode({
    nid: r.nid,
    bundle: 'reviews',
    title: r.title,
    alias: `/feedback/${r.slug}.html`,
    created: r.created,
    status: r.status ?? true,
    body: paragraphs(r.text),
    format: 'basic_html',
    fields: { field_date_publication: r.created.slice(0, 10) },
    rels: { field_doctor: nodeRef(r.doctor), field_services: nodeRefs(r.services) },
  }),
);

// ---- Patients -------------------------------------------------------------------------------------

export interface Patient {
  readonly nid: number;
  readonly title: string;
  readonly slug: string;
  readonly created: string;
  readonly photo: ImagePath;
  readonly services: readonly number[];
  readonly doctor: number;
  readonly feedback: string;
}

export const patients: readonly Patient[] = [
  {
    nid: 70,
    title: 'Екатерина, 42 года',
    slug: 'ekaterina',
    created: '2019-05-20 12:00',
    photo: 'patients/ekaterina.svg',
    services: [24, 38],
    doctor: 50,
    feedback:
      'Хотела вернуть чёткий овал лица без операции. После SMAS-лифтинга результат превзошёл ожидания: лицо подтянулось, ушли «брыли».',
  },
  {
    nid: 71,
    title: 'Ольга, 35 лет',
    slug: 'olga',
    created: '2020-10-02 12:00',
    photo: 'patients/olga.svg',
    services: [29],
    doctor: 52,
    feedback: 'После курса биоревитализации кожа сияет, а тональный крем больше не нужен.',
  },
  {
    nid: 72,
    title: 'Марина, 29 лет',
    slug: 'marina',
    created: '2022-02-11 12:00',
    photo: 'patients/marina.svg',
    services: [28, 41],
    doctor: 51,
    feedback: 'Увеличила губы — аккуратно и естественно, как я и просила.',
  },
  {
    nid: 73,
    title: 'Светлана, 51 год',
    slug: 'svetlana',
    created: '2024-03-07 12:00',
    photo: 'patients/svetlana.svg',
    services: [24, 39],
    doctor: 55,
    feedback: 'SMAS-лифтинг шеи убрал второй подбородок. Очень довольна результатом и отношением врачей.',
  },
];

export const patientNodes: readonly NodeRecord[] = patients.map((p) =>
  makeNode({
    nid: p.nid,
    bundle: 'patients',
    title: p.title,
    alias: `/patients/${p.slug}.html`,
    created: p.created,
    body: null,
    fields: { field_feedback_text: textJson(paragraphs(p.feedback), 'basic_html') },
    rels: { field_photo: img(p.photo, p.title), field_services: nodeRefs(p.services), field_doctor: nodeRef(p.doctor) },
  }),
);
