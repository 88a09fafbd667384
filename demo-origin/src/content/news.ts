/**
 * Bundle `news`: 64 published items (nid 400–463) generated deterministically from topic
 * templates, one every 45 days from January 2019 to October 2026, plus one unpublished draft
 * (nid 464). Enough for several listing pages of 10 and two JSON:API pages of 50.
 */
import { addDays, moscowIso } from '../lib/dates';
import { paragraphs } from '../lib/text';
import type { ImagePath } from './images';
import { img, makeNode, type NodeRecord } from './model';

const MONTHS = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'];
const DEVICES = ['Ultraformer MPT', 'HydraFacial Syndeo', 'Candela GentleMax Pro', 'Fotona SP Dynamis'];
const CONGRESSES = ['INTERCHARM Professional', 'Конгресс по эстетической медицине', 'Невские дерматологические чтения', 'Anti-Age Expert'];

interface Topic {
  readonly slug: string;
  readonly image: ImagePath;
  readonly title: (year: number, month: number, n: number) => string;
  readonly body: (year: number, month: number, n: number) => string;
  readonly summary: string;
}

const topics: readonly Topic[] = [
  {
    slug: 'grafik-raboty',
    image: 'news/news-03.svg',
    title: (y, m) => `Режим работы в праздничные дни: ${MONTHS[m] ?? ''} ${y}`,
    body: (y) =>
      paragraphs(
        `Уважаемые пациенты! В праздничные дни ${y} года клиника работает по обычному графику с 9:00 до 21:00, кроме 1 января.`,
        'Записаться на удобное время можно по телефону или через форму на сайте.',
      ),
    summary: 'Клиника работает в праздники по обычному графику.',
  },
  {
    slug: 'novyj-apparat',
    image: 'news/news-02.svg',
    title: (y, m, n) => `В клинике появился ${n >= DEVICES.length ? 'второй ' : ''}аппарат ${DEVICES[n % DEVICES.length] ?? ''}`,
    body: (y, m, n) =>
      paragraphs(
        `Мы расширили парк оборудования: теперь в клинике работает ${DEVICES[n % DEVICES.length] ?? ''}. Врачи прошли обучение у производителя и получили сертификаты.`,
        'Первые процедуры на новом аппарате — со скидкой 15%. Подробности уточняйте у администраторов.',
      ),
    summary: 'Новое сертифицированное оборудование в клинике.',
  },
  {
    slug: 'kongress',
    image: 'news/news-04.svg',
    title: (y, m, n) => `Врачи клиники выступили на форуме «${CONGRESSES[n % CONGRESSES.length] ?? ''}» ${y}`,
    body: () =>
      paragraphs(
        'Главный врач Елена Сергеевна Иванова рассказала коллегам о комбинированных протоколах SMAS-лифтинга и биоревитализации.',
        'Мы регулярно обмениваемся опытом с ведущими специалистами, чтобы применять проверенные и безопасные методики.',
      ),
    summary: 'Доклад о комбинированных протоколах омоложения.',
  },
  {
    slug: 'den-otkrytyh-dverej',
    image: 'news/news-08.svg',
    title: (y, m) => `День открытых дверей (${MONTHS[m] ?? ''} ${y}): бесплатные консультации косметолога`,
    body: () =>
      paragraphs(
        'Приглашаем на день открытых дверей: бесплатная диагностика кожи, консультации врачей и специальные цены на процедуры.',
        'Количество мест ограничено, запись обязательна.',
      ),
    summary: 'Бесплатная диагностика кожи и консультации.',
  },
  {
    slug: 'novaya-usluga',
    image: 'news/news-06.svg',
    title: (y, m, n) =>
      `Новая услуга ${y} года: ${['RF-лифтинг', 'фракционное омоложение', 'лечение гипергидроза', 'микротоковая терапия'][n % 4] ?? ''}`,
    body: () => paragraphs('В клинике стала доступна новая процедура. Запишитесь на консультацию, чтобы узнать, подходит ли она вам.'),
    summary: 'Расширили список процедур.',
  },
  {
    slug: 'obuchenie-vrachej',
    image: 'news/news-05.svg',
    title: (y) => `Специалисты клиники прошли повышение квалификации в ${y} году`,
    body: () => paragraphs('Наши врачи-косметологи прошли курсы повышения квалификации по инъекционным методикам и лазерной безопасности.'),
    summary: 'Обучение и сертификация врачей.',
  },
  {
    slug: 'sezon-pilingov',
    image: 'news/news-01.svg',
    title: (y) => `Сезон пилингов ${y}/${y + 1} открыт`,
    body: () =>
      paragraphs(
        'С наступлением осени начинается сезон химических пилингов. Солнце менее активно — самое время обновить кожу.',
        'Косметолог подберёт пилинг по типу кожи и задачам: от мягких миндальных до срединных.',
      ),
    summary: 'Осень — время для пилингов.',
  },
  {
    slug: 'nagrada',
    image: 'news/news-07.svg',
    title: (y) => `Клиника «Лаванда» — лауреат премии «Выбор пациентов ${y}»`,
    body: () =>
      paragraphs('Благодарим пациентов за доверие и высокие оценки! Премия присуждается по результатам независимого голосования.'),
    summary: 'Премия по итогам голосования пациентов.',
  },
  {
    slug: 'prajs-list',
    image: 'news/news-01.svg',
    title: (y) => `Обновлён прайс-лист на ${y} год`,
    body: () =>
      paragraphs('Актуальные цены на все процедуры опубликованы в разделе «Цены». Стоимость курсов, оплаченных ранее, не меняется.'),
    summary: 'Актуальные цены в разделе «Цены».',
  },
  {
    slug: 'podarochnye-sertifikaty',
    image: 'news/news-06.svg',
    title: (y) => `Подарочные сертификаты к праздникам ${y}`,
    body: () => paragraphs('Подарите близким заботу о красоте: сертификаты на любую сумму или процедуру можно приобрести на ресепшене.'),
    summary: 'Сертификаты на любую сумму.',
  },
  {
    slug: 'intervyu-glavnogo-vracha',
    image: 'news/news-04.svg',
    title: (y, m) => `Интервью главного врача: тренды эстетической медицины (${MONTHS[m] ?? ''} ${y})`,
    body: () =>
      paragraphs('Елена Сергеевна Иванова рассказала, почему пациенты выбирают естественный результат и комбинированные программы ухода.'),
    summary: 'Главный врач о трендах эстетической медицины.',
  },
  {
    slug: 'letnij-rezhim',
    image: 'news/news-03.svg',
    title: (y) => `Летний режим работы ${y}`,
    body: () => paragraphs('Летом клиника работает ежедневно с 9:00 до 21:00. Напоминаем о защите кожи от солнца после процедур.'),
    summary: 'Режим работы и советы по защите от солнца.',
  },
];

export interface NewsItem {
  readonly nid: number;
  readonly title: string;
  readonly alias: string;
  readonly created: string;
  readonly image: ImagePath;
  readonly body: string;
  readonly summary: string;
  readonly status: boolean;
}

const START = moscowIso('2019-01-15 10:00');
export const NEWS_COUNT = 64;

export const news: readonly NewsItem[] = [
  ...Array.from({ length: NEWS_COUNT }, (_, i): NewsItem => {
    const topic = topics[i % topics.length] ?? topics[0];
    if (!topic) throw new Error('no news topics');
    const created = addDays(START, i * 45).replace(/T\d\d/, `T${String(9 + (i % 9)).padStart(2, '0')}`);
    const year = Number(created.slice(0, 4));
    const month = Number(created.slice(5, 7)) - 1;
    const n = Math.floor(i / topics.length);
    return {
      nid: 400 + i,
      title: topic.title(year, month, n),
      alias: `/news/${topic.slug}-${created.slice(0, 7)}.html`,
      created: created.slice(0, 10) + ' ' + created.slice(11, 16),
      image: topic.image,
      body: topic.body(year, month, n),
      summary: topic.summary,
      status: true,
    };
  }),
  {
    nid: 464,
    title: 'Черновик: новогодние акции 2027',
    alias: '/news/chernovik-novogodnie-akcii-2027.html',
    created: '2026-11-02 10:00',
    image: 'news/news-03.svg',
    body: paragraphs('Черновик новости, не опубликован.'),
    summary: '',
    status: false,
  },
];

export const newsNodes: readonly NodeRecord[] = news.map((n) =>
  makeNode({
    nid: n.nid,
    bundle: 'news',
    title: n.title,
    alias: n.alias,
    created: n.created,
    status: n.status,
    promote: true,
    body: n.body,
    summary: n.summary,
    rels: { field_image: img(n.image, n.title) },
  }),
);
