/**
 * Bundles `page` (home, error pages 823/1360, contacts, policy, thank-you, landing, about…, the
 * hostile-markup page 907) and `vacancy`.
 */
import { paragraphs } from '../lib/text';
import type { ImagePath } from './images';
import { docs, img, makeNode, textJson, type NodeRecord } from './model';
import { SITE } from './site';

export interface Page {
  readonly nid: number;
  readonly title: string;
  readonly alias: string;
  readonly created: string;
  readonly subtitle?: string;
  readonly image?: ImagePath;
  readonly files?: ReadonlyArray<readonly [string, string]>;
  readonly summary?: string;
  readonly body: string;
  /** Landing pages use the site's bare layout. */
  readonly landing?: boolean;
}

export const HOME_NID = 1;
export const NOT_FOUND_NID = 823;
export const FORBIDDEN_NID = 1360;
/** A page whose title and body carry hostile markup (XSS tests). */
export const HOSTILE_NID = 907;
/**
 * Pages an editor set robots "noindex, nofollow" on in the node's meta tags (the error pages, the
 * thank-you page, the hostile test page): metatag says so for the page (routes/metatag.ts) and in
 * JSON:API's computed `metatag` field (lib/jsonapi.ts), and no menu links them.
 */
export const NOINDEX_NIDS: ReadonlySet<number> = new Set([NOT_FOUND_NID, FORBIDDEN_NID, 902, HOSTILE_NID]);

export const pages: readonly Page[] = [
  {
    nid: HOME_NID,
    title: SITE.name,
    alias: '/',
    created: '2013-09-01 09:00',
    image: 'pages/glavnaya.svg',
    subtitle: SITE.slogan,
    summary: 'Косметология, аппаратные и инъекционные методики омоложения, лазерная медицина в Москве с 2013 года.',
    body: paragraphs(
      `<h2>${SITE.shortName} — эстетическая медицина в Москве</h2>`,
      'С 2013 года мы помогаем пациентам сохранять молодость и здоровье кожи. В клинике работают врачи-косметологи и дерматологи с многолетним опытом.',
      'Мы используем сертифицированное оборудование и препараты, зарегистрированные в России, а каждую программу составляем индивидуально.',
    ),
  },
  {
    nid: NOT_FOUND_NID,
    title: 'Страница не найдена',
    alias: '/stranica-ne-najdena.html',
    created: '2013-09-01 09:05',
    body: paragraphs(
      'К сожалению, запрошенная страница не существует: возможно, она была удалена или вы перешли по устаревшей ссылке.',
      'Воспользуйтесь поиском по сайту, перейдите в раздел <a href="/services.html">Услуги</a> или вернитесь на <a href="/">главную страницу</a>.',
    ),
  },
  {
    nid: FORBIDDEN_NID,
    title: 'Доступ запрещён',
    alias: '/dostup-zapreshchen.html',
    created: '2014-05-12 09:05',
    body: paragraphs(
      'У вас нет прав для просмотра этой страницы.',
      'Если вы сотрудник клиники, <a href="/login">войдите в систему</a>. Пациентов приглашаем на <a href="/">главную страницу</a>.',
    ),
  },
  {
    nid: 900,
    title: 'Контакты',
    alias: '/contacts.html',
    created: '2013-09-01 09:10',
    summary: `${SITE.address}. ${SITE.hours}.`,
    body: paragraphs(
      `<p><strong>Адрес:</strong> ${SITE.address}</p>`,
      `<p><strong>Телефон:</strong> <a href="${SITE.phoneHref}">${SITE.phone}</a></p>`,
      `<p><strong>E-mail:</strong> <a href="mailto:${SITE.email}">${SITE.email}</a></p>`,
      `<p><strong>Режим работы:</strong> ${SITE.hours}</p>`,
      'От станции метро — 5 минут пешком. Для пациентов есть бесплатная парковка во дворе.',
    ),
  },
  {
    nid: 901,
    title: 'Политика конфиденциальности',
    alias: '/privacy-policy',
    created: '2018-06-01 09:00',
    files: [['documents/politika-personalnyh-dannyh.pdf', 'Политика обработки персональных данных (PDF)']],
    summary: 'Как клиника обрабатывает и защищает персональные данные пациентов.',
    body: paragraphs(
      '<h2>1. Общие положения</h2>',
      'Настоящая политика определяет порядок обработки персональных данных пользователей сайта в соответствии с Федеральным законом № 152-ФЗ «О персональных данных».',
      '<h2>2. Какие данные мы собираем</h2>',
      'Имя, номер телефона, адрес электронной почты и комментарии, которые вы указываете в формах на сайте.',
      '<h2>3. Цели обработки</h2>',
      'Запись на приём, обратная связь и информирование об услугах клиники с вашего согласия.',
    ),
  },
  {
    nid: 902,
    title: 'Спасибо за заявку!',
    alias: '/thank-you.html',
    created: '2019-02-01 09:00',
    body: paragraphs(
      'Мы получили вашу заявку и перезвоним в течение 15 минут в рабочее время клиники.',
      `Если вопрос срочный, позвоните нам: <a href="${SITE.phoneHref}">${SITE.phone}</a>.`,
    ),
  },
  {
    nid: 903,
    title: 'Ultraformer MPT — SMAS-лифтинг без операции',
    alias: '/ultraformer.html',
    created: '2021-04-01 09:00',
    image: 'pages/ultraformer-landing.svg',
    subtitle: 'Лифтинг лица и тела за один визит',
    landing: true,
    summary: 'Посадочная страница SMAS-лифтинга Ultraformer MPT: результат, цены, запись.',
    body: paragraphs(
      '<h2>Подтяжка лица без скальпеля</h2>',
      'Ultraformer MPT — аппарат третьего поколения для SMAS-лифтинга. Одна процедура заменяет курс уходов, результат держится до двух лет.',
      '<ul><li>без разрезов и реабилитации</li><li>заметный результат сразу</li><li>процедуру проводят врачи-косметологи</li></ul>',
      '<p><a class="button" href="#consultation">Записаться на консультацию</a></p>',
    ),
  },
  {
    nid: 904,
    title: 'О клинике',
    alias: '/o-klinike.html',
    created: '2013-09-01 09:20',
    image: 'pages/o-klinike.svg',
    summary: 'Клиника эстетической медицины в Москве с 2013 года.',
    body: paragraphs(
      `${SITE.shortName} открылась в 2013 году. Сегодня у нас 6 кабинетов, современное оборудование и команда врачей с опытом от 9 лет.`,
      'Мы придерживаемся принципов доказательной медицины и честно говорим о возможностях каждой процедуры.',
    ),
  },
  {
    nid: 905,
    title: 'Лицензии и документы',
    alias: '/licenzii.html',
    created: '2013-09-01 09:30',
    files: [
      ['documents/licenziya-lo-77-01-000000.pdf', 'Лицензия на медицинскую деятельность'],
      ['documents/pravila-okazaniya-uslug.pdf', 'Правила оказания платных медицинских услуг'],
    ],
    body: paragraphs(SITE.licence + '.', 'Ниже — документы клиники в формате PDF.'),
  },
  {
    nid: 906,
    title: 'Подарочные сертификаты',
    alias: '/podarochnye-sertifikaty.html',
    created: '2016-12-01 09:00',
    body: paragraphs('Сертификат на любую сумму от 3 000 руб. или на конкретную процедуру. Срок действия — 12 месяцев.'),
  },
  {
    // Hostile markup, as an editor with full_html (or a compromised account) could save it: the site
    // must show the ordinary content and run none of it. Old `created`, so it is never the newest page.
    nid: HOSTILE_NID,
    title: 'Проверка безопасности <b>заголовка</b> & «кавычек»',
    alias: '/proverka-bezopasnosti.html',
    created: '2014-02-10 09:00',
    summary: 'Служебная страница: проверка очистки разметки.',
    body: paragraphs(
      '<h2>Обычное содержимое</h2>',
      'Эта страница проверяет, что разметка из Drupal очищается перед показом. <strong>Жирный</strong> и <em>курсивный</em> текст остаются.',
      'Цены &amp; сроки: 5 &lt; 10, «кавычки» и&nbsp;неразрывный пробел.',
      '<p>Картинка с обработчиком: <img src=x onerror=alert(1)></p>',
      '<script>alert(2)</script>',
      '<p>Опасная <a href="javascript:alert(3)">ссылка</a> и обычная <a href="/contacts.html">ссылка на контакты</a>.</p>',
      '<iframe src="https://evil.example/"></iframe>',
      '<svg onload=alert(4)><circle r="10"></circle></svg>',
      '<p onclick="alert(5)" style="background:url(javascript:alert(6))">Абзац с обработчиком нажатия.</p>',
      '<p><img src="/sites/default/files/pages/o-klinike.svg" alt="Клиника «Лаванда»" width="800" height="533" loading="lazy"></p>',
      '<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/Qm7c2UlTq4A" title="Как проходит SMAS-лифтинг" allow="encrypted-media; picture-in-picture" allowfullscreen></iframe>',
    ),
  },
];

export const pageNodes: readonly NodeRecord[] = pages.map((p) =>
  makeNode({
    nid: p.nid,
    bundle: 'page',
    title: p.title,
    alias: p.alias,
    created: p.created,
    body: p.body,
    summary: p.summary ?? '',
    fields: { field_subtitle: p.subtitle ?? null, field_landing: p.landing ?? false },
    rels: { field_image: img(p.image ?? null, p.title), field_files: docs(p.files ?? []) },
  }),
);

// ---- Vacancies ------------------------------------------------------------------------------------

export interface Vacancy {
  readonly nid: number;
  readonly title: string;
  readonly slug: string;
  readonly created: string;
  readonly salary: string;
  /** field_note: plain text, formatted text (`html`), or none at all. */
  readonly note: string | { readonly html: string } | null;
  readonly body: string;
  readonly status?: boolean;
}

export const vacancies: readonly Vacancy[] = [
  {
    nid: 340,
    title: 'Врач-косметолог',
    slug: 'vrach-kosmetolog',
    created: '2026-09-10 10:00',
    salary: 'от 180 000 руб.',
    note: { html: '<p><strong>Полная занятость</strong>, график 2/2. Собеседование — по&nbsp;предварительной записи.</p>' },
    body: paragraphs(
      '<h3>Требования</h3>',
      '<ul><li>высшее медицинское образование, сертификат или аккредитация по косметологии;</li><li>опыт работы с инъекционными методиками от 3 лет.</li></ul>',
      '<h3>Условия</h3>',
      'Официальное оформление, обучение за счёт клиники, скидки на процедуры.',
    ),
  },
  {
    nid: 341,
    title: 'Администратор клиники',
    slug: 'administrator',
    created: '2026-10-05 10:00',
    salary: 'от 70 000 руб.',
    note: 'Сменный график',
    body: paragraphs('Встреча пациентов, запись на приём, работа с CRM. Опыт работы в медицинской клинике приветствуется.'),
  },
  {
    nid: 342,
    title: 'Медицинская сестра',
    slug: 'medsestra',
    created: '2025-11-20 10:00',
    salary: 'от 85 000 руб.',
    note: null,
    body: paragraphs('Ассистирование врачу-косметологу, подготовка кабинетов, стерилизация инструментов.'),
  },
  {
    nid: 343,
    title: 'Косметолог-эстетист (вакансия закрыта)',
    slug: 'kosmetolog-estetist-2022',
    created: '2022-03-01 10:00',
    salary: 'по договорённости',
    note: 'Вакансия закрыта',
    status: false,
    body: paragraphs('Вакансия закрыта.'),
  },
];

export const vacancyNodes: readonly NodeRecord[] = vacancies.map((v) =>
  makeNode({
    nid: v.nid,
    bundle: 'vacancy',
    title: v.title,
    alias: `/vacancia/${v.slug}.html`,
    created: v.created,
    status: v.status ?? true,
    body: v.body,
    fields: {
      field_subtitle: v.salary,
      field_note: v.note === null || typeof v.note === 'string' ? v.note : textJson(v.note.html, 'basic_html'),
    },
  }),
);
