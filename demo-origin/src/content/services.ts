/**
 * Bundle `services`: a tree of sections (depth 0), services (depth 1) and sub-services (depth 2).
 * The services menu, services_subtree, services_childs, breadcrumbs and the price list all follow
 * this tree. Node 24 (SMAS-лифтинг Ultraformer) is the fully filled service page.
 */
import { paragraphs } from '../lib/text';
import type { ImagePath } from './images';
import { img, makeNode, textJson, youtube, type NodeRecord } from './model';

export interface Service {
  readonly nid: number;
  readonly parent: number | null;
  readonly weight: number;
  readonly title: string;
  readonly alias: string;
  readonly created: string;
  readonly status?: boolean;
  readonly image: ImagePath;
  readonly summary: string;
  readonly body: string;
  readonly subtitle?: string;
  readonly price?: string;
  readonly duration?: string;
  readonly quantity?: string;
  readonly descriptions?: readonly [string | null, string | null, string | null, string | null];
  readonly pricesInner?: string;
  readonly youtube?: string;
  readonly popularImg?: ImagePath;
  readonly priority?: number;
  /** field_alter_text: the line of the service's own offer, shown instead of the standard promo text. */
  readonly alterTitle?: string;
  /** field_alter_text_body: the offer's text (formatted), under that line. */
  readonly alterText?: string;
  /** field_action_view: whether the page shows the service's promotions; unset (null) on most services, as on a field added later. */
  readonly showActions?: boolean;
  /** Taxonomy term of the section (sections only). */
  readonly tid?: number;
}

const S = '/services';

export const services: readonly Service[] = [
  // ---- Sections -------------------------------------------------------------------------------
  {
    nid: 10,
    parent: null,
    weight: 0,
    tid: 1,
    title: 'Косметология',
    alias: `${S}/kosmetologiya.html`,
    created: '2013-09-02 11:00',
    image: 'services/kosmetologiya.svg',
    summary: 'Классическая косметология: чистки, пилинги и уходовые процедуры для здоровой кожи.',
    body: paragraphs(
      'Классическая косметология — основа ухода за кожей. Врачи клиники подбирают процедуры по типу и состоянию кожи, сезону и вашим целям.',
      'Мы используем профессиональную косметику и одноразовые расходные материалы, а каждую программу ухода согласуем на очной консультации.',
    ),
    price: 'от 2 500 руб.',
    showActions: true,
  },
  {
    nid: 11,
    parent: null,
    weight: 1,
    tid: 2,
    title: 'Аппаратная косметология',
    alias: `${S}/apparatnaya-kosmetologiya.html`,
    created: '2013-09-02 11:10',
    image: 'services/apparatnaya-kosmetologiya.svg',
    summary: 'Лифтинг, омоложение и коррекция фигуры на сертифицированном оборудовании.',
    body: paragraphs(
      'Аппаратные методики позволяют подтянуть кожу, улучшить её качество и контур лица без разрезов и долгой реабилитации.',
      'Всё оборудование клиники сертифицировано в России, а врачи прошли обучение у производителей.',
    ),
    price: 'от 3 000 руб.',
    showActions: true,
  },
  {
    nid: 12,
    parent: null,
    weight: 2,
    tid: 3,
    title: 'Инъекционная косметология',
    alias: `${S}/inekcionnaya-kosmetologiya.html`,
    created: '2013-09-02 11:20',
    image: 'services/inekcionnaya-kosmetologiya.svg',
    summary: 'Контурная пластика, биоревитализация, ботулинотерапия и мезотерапия.',
    body: paragraphs(
      'Инъекционные процедуры выполняют только врачи-косметологи с медицинским образованием. Мы работаем с препаратами, зарегистрированными в РФ.',
      'Перед процедурой врач собирает анамнез, обсуждает ожидаемый результат и возможные противопоказания.',
    ),
    price: 'от 6 000 руб.',
    showActions: true,
  },
  {
    nid: 13,
    parent: null,
    weight: 3,
    tid: 4,
    title: 'Лазерная медицина',
    alias: `${S}/lazernaya-medicina.html`,
    created: '2013-09-02 11:30',
    image: 'services/lazernaya-medicina.svg',
    summary: 'Лазерная эпиляция и фракционное омоложение кожи.',
    body: paragraphs(
      'Лазерные технологии решают задачи, с которыми не справляется уход: нежелательные волосы, рубцы постакне, пигментацию и возрастные изменения.',
    ),
    price: 'от 1 500 руб.',
  },

  // ---- Косметология -------------------------------------------------------------------------
  {
    nid: 20,
    parent: 10,
    weight: 0,
    title: 'Чистка лица',
    alias: `${S}/kosmetologiya/chistka-lica.html`,
    created: '2013-10-01 10:00',
    image: 'services/chistka-lica.svg',
    summary: 'Глубокое очищение пор и выравнивание тона кожи.',
    body: paragraphs(
      'Чистка лица освобождает поры от загрязнений и излишков себума, уменьшает воспаления и помогает коже лучше воспринимать уход.',
      'Мы предлагаем ультразвуковую и комбинированную чистку — методику подберёт косметолог.',
    ),
    price: 'от 3 500 руб.',
    duration: '60–90 минут',
    quantity: '1 раз в 1–2 месяца',
  },
  {
    nid: 21,
    parent: 10,
    weight: 1,
    title: 'Пилинги',
    alias: `${S}/kosmetologiya/pilingi.html`,
    created: '2013-10-01 10:10',
    image: 'services/pilingi.svg',
    summary: 'Химические пилинги для обновления кожи и борьбы с пигментацией.',
    body: paragraphs(
      'Пилинг — контролируемое отшелушивание верхних слоёв кожи. Он выравнивает рельеф и тон, уменьшает постакне и пигментные пятна.',
      'Сезон пилингов — с октября по март, когда солнце менее активно.',
    ),
    price: 'от 2 500 руб.',
    duration: '30–45 минут',
    quantity: 'курс 4–6 процедур',
  },
  {
    nid: 22,
    parent: 10,
    weight: 2,
    title: 'Уходовые процедуры',
    alias: `${S}/kosmetologiya/uhodovye-procedury.html`,
    created: '2013-10-01 10:20',
    image: 'services/uhodovye-procedury.svg',
    summary: 'Увлажнение, питание и восстановление кожи лица.',
    body: paragraphs('Уходовые программы на профессиональной косметике: увлажняющие, успокаивающие и антивозрастные маски, массаж лица.'),
    price: 'от 3 000 руб.',
    duration: '60 минут',
  },
  {
    nid: 36,
    parent: 20,
    weight: 0,
    title: 'Ультразвуковая чистка лица',
    alias: `${S}/kosmetologiya/ultrazvukovaya-chistka.html`,
    created: '2014-02-10 10:00',
    image: 'services/ultrazvukovaya-chistka.svg',
    summary: 'Бережная чистка без механического воздействия.',
    body: paragraphs('Ультразвуковая чистка подходит для тонкой и чувствительной кожи: поры очищаются мягко, без покраснений и следов.'),
    price: '3 500 руб.',
    duration: '45 минут',
  },
  {
    nid: 37,
    parent: 20,
    weight: 1,
    title: 'Комбинированная чистка лица',
    alias: `${S}/kosmetologiya/kombinirovannaya-chistka.html`,
    created: '2014-02-10 10:10',
    image: 'services/kombinirovannaya-chistka.svg',
    summary: 'Ультразвук и мануальная чистка за одну процедуру.',
    body: paragraphs('Комбинированная чистка сочетает ультразвук и мануальную технику — выбор для жирной и комбинированной кожи.'),
    price: '4 500 руб.',
    duration: '90 минут',
  },
  {
    nid: 47,
    parent: 10,
    weight: 3,
    status: false,
    title: 'Карбокситерапия',
    alias: `${S}/kosmetologiya/karboksiterapiya.html`,
    created: '2026-10-20 12:00',
    image: 'services/karboksiterapiya.svg',
    summary: 'Черновик: услуга готовится к запуску.',
    body: paragraphs('Страница готовится к публикации.'),
    price: 'уточняйте',
  },

  // ---- Аппаратная косметология -------------------------------------------------------------
  {
    nid: 24,
    parent: 11,
    weight: 0,
    priority: 1,
    title: 'SMAS-лифтинг Ultraformer',
    alias: `${S}/apparatnaya-kosmetologiya/smas-lifting.html`,
    created: '2016-03-14 12:00',
    image: 'services/smas-lifting.svg',
    popularImg: 'services/popular-smas.svg',
    subtitle: 'Подтяжка лица и тела без операции на аппарате Ultraformer MPT',
    summary: 'Безоперационная подтяжка лица, шеи и тела сфокусированным ультразвуком Ultraformer MPT.',
    body: paragraphs(
      'SMAS-лифтинг — это подтяжка кожи и мышечно-апоневротического слоя (SMAS) с помощью сфокусированного ультразвука. Раньше на этот слой можно было воздействовать только хирургически.',
      'Аппарат Ultraformer MPT нагревает ткани точечно на глубине 1,5; 3,0 и 4,5 мм. В зоне нагрева запускается сокращение волокон и синтез нового коллагена: результат виден сразу и нарастает 2–3 месяца.',
      '<h2>Кому подходит процедура</h2>',
      '<ul><li>потеря чёткости овала лица, «брыли»;</li><li>второй подбородок, дряблость кожи шеи;</li><li>нависание верхнего века;</li><li>снижение упругости кожи живота, рук и бёдер.</li></ul>',
    ),
    descriptions: [
      paragraphs(
        '<h3>Как проходит процедура</h3>',
        'Врач очищает кожу, наносит анестезирующий крем и размечает зоны. Сама процедура занимает от 30 до 90 минут в зависимости от площади.',
      ),
      paragraphs(
        '<h3>Результат</h3>',
        'Подтяжка заметна сразу, окончательный эффект — через 2–3 месяца. Результат сохраняется до 1,5–2 лет.',
      ),
      paragraphs(
        '<h3>Противопоказания</h3>',
        'Беременность и лактация, воспаления в зоне обработки, металлические импланты в зоне воздействия, онкологические заболевания. Окончательное решение принимает врач на консультации.',
      ),
      paragraphs(
        '<h3>Реабилитация</h3>',
        'Реабилитация не требуется: возможны лёгкое покраснение и отёчность, которые проходят в течение суток.',
      ),
    ],
    price: 'от 15 000 руб.',
    duration: '30–90 минут',
    quantity: '1 процедура в 12–18 месяцев',
    pricesInner: paragraphs(
      '<table><tbody><tr><td>Лицо полностью</td><td>45 000 руб.</td></tr><tr><td>Нижняя треть лица</td><td>25 000 руб.</td></tr><tr><td>Шея</td><td>20 000 руб.</td></tr><tr><td>Живот</td><td>30 000 руб.</td></tr></tbody></table>',
    ),
    youtube: 'Qm7c2UlTq4A',
    alterTitle: 'Консультация и анестезия — в подарок',
    alterText: paragraphs(
      'При записи на SMAS-лифтинг лица консультация врача и обезболивающий крем входят в стоимость процедуры.',
      'Предложение не суммируется с другими скидками.',
    ),
    showActions: true,
  },
  {
    nid: 25,
    parent: 11,
    weight: 1,
    title: 'RF-лифтинг',
    alias: `${S}/apparatnaya-kosmetologiya/rf-lifting.html`,
    created: '2016-05-10 12:00',
    image: 'services/rf-lifting.svg',
    summary: 'Радиочастотный лифтинг для упругости кожи.',
    body: paragraphs(
      'Радиочастотная энергия прогревает дерму, стимулируя выработку коллагена. Процедура комфортна и не требует восстановления.',
    ),
    price: 'от 5 000 руб.',
    duration: '40 минут',
    quantity: 'курс 5–8 процедур',
  },
  {
    nid: 26,
    parent: 11,
    weight: 2,
    title: 'Микротоковая терапия',
    alias: `${S}/apparatnaya-kosmetologiya/mikrotoki.html`,
    created: '2014-04-01 12:00',
    image: 'services/mikrotoki.svg',
    summary: 'Микротоки для тонуса мышц лица и лимфодренажа.',
    body: paragraphs('Слабые импульсы тока улучшают микроциркуляцию, уменьшают отёки и тонизируют мышцы лица.'),
    price: 'от 3 000 руб.',
    duration: '45 минут',
    quantity: 'курс 10 процедур',
  },
  {
    nid: 38,
    parent: 24,
    weight: 0,
    priority: 2,
    title: 'SMAS-лифтинг лица',
    alias: `${S}/apparatnaya-kosmetologiya/smas-lifting-lica.html`,
    created: '2016-03-14 12:10',
    image: 'services/smas-lifting-lica.svg',
    summary: 'Чёткий овал и подтяжка лица за одну процедуру.',
    body: paragraphs('Лифтинг всего лица или отдельных зон: лоб, щёки, нижняя треть лица, подбородок.'),
    price: 'от 25 000 руб.',
    duration: '60–90 минут',
  },
  {
    nid: 39,
    parent: 24,
    weight: 1,
    title: 'SMAS-лифтинг шеи и декольте',
    alias: `${S}/apparatnaya-kosmetologiya/smas-lifting-shei.html`,
    created: '2016-03-14 12:20',
    image: 'services/smas-lifting-shei.svg',
    summary: 'Подтяжка кожи шеи, уменьшение второго подбородка.',
    body: paragraphs('Ультразвук уплотняет кожу шеи и декольте, уменьшает «кольца Венеры» и второй подбородок.'),
    price: 'от 18 000 руб.',
    duration: '40 минут',
  },
  {
    nid: 40,
    parent: 24,
    weight: 2,
    title: 'SMAS-лифтинг тела',
    alias: `${S}/apparatnaya-kosmetologiya/smas-lifting-tela.html`,
    created: '2016-03-14 12:30',
    image: 'services/smas-lifting-tela.svg',
    summary: 'Упругость кожи живота, рук и бёдер.',
    body: paragraphs('Картриджи для тела работают на глубине до 13 мм и подтягивают кожу после похудения и родов.'),
    price: 'от 28 000 руб.',
    duration: '60 минут',
  },

  // ---- Инъекционная косметология ----------------------------------------------------------
  {
    nid: 28,
    parent: 12,
    weight: 0,
    title: 'Контурная пластика',
    alias: `${S}/inekcionnaya-kosmetologiya/konturnaya-plastika.html`,
    created: '2013-11-05 12:00',
    image: 'services/konturnaya-plastika.svg',
    summary: 'Коррекция объёмов и контуров лица филлерами.',
    body: paragraphs('Филлеры на основе гиалуроновой кислоты восполняют утраченные объёмы, разглаживают складки и корректируют форму губ.'),
    price: 'от 16 000 руб.',
    duration: '30–60 минут',
  },
  {
    nid: 29,
    parent: 12,
    weight: 1,
    priority: 3,
    title: 'Биоревитализация',
    alias: `${S}/inekcionnaya-kosmetologiya/biorevitalizaciya.html`,
    created: '2013-11-05 12:10',
    image: 'services/biorevitalizaciya.svg',
    popularImg: 'services/popular-biorevitalizaciya.svg',
    subtitle: 'Увлажнение и упругость кожи изнутри',
    summary: 'Глубокое увлажнение кожи гиалуроновой кислотой.',
    body: paragraphs(
      'Биоревитализация восстанавливает запасы гиалуроновой кислоты в коже: она становится увлажнённой, упругой и сияющей.',
      'Курс из 2–4 процедур с интервалом 2–3 недели, лучшее время — осень и зима.',
    ),
    price: 'от 9 000 руб.',
    duration: '40 минут',
    quantity: 'курс 2–4 процедуры',
    youtube: 'Hb3kT9pWx2E',
    showActions: true,
  },
  {
    nid: 30,
    parent: 12,
    weight: 2,
    title: 'Ботулинотерапия',
    alias: `${S}/inekcionnaya-kosmetologiya/botulinoterapiya.html`,
    created: '2013-11-05 12:20',
    image: 'services/botulinoterapiya.svg',
    summary: 'Коррекция мимических морщин и лечение гипергидроза.',
    body: paragraphs('Препараты ботулотоксина расслабляют мимические мышцы и разглаживают морщины. Эффект держится 4–6 месяцев.'),
    price: 'от 350 руб. за единицу',
    duration: '20–30 минут',
  },
  {
    nid: 31,
    parent: 12,
    weight: 3,
    title: 'Мезотерапия',
    alias: `${S}/inekcionnaya-kosmetologiya/mezoterapiya.html`,
    created: '2013-11-05 12:30',
    image: 'services/mezoterapiya.svg',
    summary: 'Витаминные коктейли для кожи лица и волосистой части головы.',
    body: paragraphs('Мезотерапия доставляет активные вещества прямо в кожу: улучшает цвет лица, уменьшает выпадение волос.'),
    price: 'от 5 500 руб.',
    duration: '30 минут',
    quantity: 'курс 4–8 процедур',
  },
  {
    nid: 41,
    parent: 28,
    weight: 0,
    title: 'Увеличение губ',
    alias: `${S}/inekcionnaya-kosmetologiya/uvelichenie-gub.html`,
    created: '2014-06-01 12:00',
    image: 'services/uvelichenie-gub.svg',
    summary: 'Естественный объём и чёткий контур губ.',
    body: paragraphs('Врач подбирает препарат и технику введения так, чтобы результат выглядел естественно.'),
    price: 'от 16 000 руб.',
    duration: '40 минут',
    showActions: false,
  },
  {
    nid: 42,
    parent: 28,
    weight: 1,
    title: 'Коррекция носогубных складок',
    alias: `${S}/inekcionnaya-kosmetologiya/korrekciya-nosogubnyh-skladok.html`,
    created: '2014-06-01 12:10',
    image: 'services/nosogubnye-skladki.svg',
    summary: 'Разглаживание носогубных складок филлерами.',
    body: paragraphs('Филлер заполняет складку и возвращает лицу отдохнувший вид.'),
    price: 'от 18 000 руб.',
    duration: '40 минут',
  },
  {
    nid: 43,
    parent: 30,
    weight: 0,
    title: 'Коррекция мимических морщин',
    alias: `${S}/inekcionnaya-kosmetologiya/korrekciya-mimicheskih-morshchin.html`,
    created: '2014-06-02 12:00',
    image: 'services/mimicheskie-morshchiny.svg',
    summary: 'Лоб, межбровье, «гусиные лапки».',
    body: paragraphs('Ботулинотерапия зон лба, межбровья и вокруг глаз.'),
    price: 'от 350 руб. за единицу',
  },
  {
    nid: 44,
    parent: 30,
    weight: 1,
    title: 'Лечение гипергидроза',
    alias: `${S}/inekcionnaya-kosmetologiya/lechenie-gipergidroza.html`,
    created: '2014-06-02 12:10',
    image: 'services/gipergidroz.svg',
    summary: 'Избавление от повышенной потливости на 6–9 месяцев.',
    body: paragraphs('Инъекции ботулотоксина блокируют работу потовых желёз в подмышечных впадинах, ладонях и стопах.'),
    price: 'от 25 000 руб.',
  },

  // ---- Лазерная медицина -------------------------------------------------------------------
  {
    nid: 33,
    parent: 13,
    weight: 0,
    title: 'Лазерная эпиляция',
    alias: `${S}/lazernaya-medicina/lazernaya-epilyaciya.html`,
    created: '2015-03-01 12:00',
    image: 'services/lazernaya-epilyaciya.svg',
    summary: 'Удаление нежелательных волос александритовым и диодным лазером.',
    body: paragraphs('Лазер разрушает волосяной фолликул, не повреждая кожу. Для стойкого результата нужен курс 6–8 процедур.'),
    price: 'от 1 500 руб.',
    duration: '10–60 минут',
    quantity: 'курс 6–8 процедур',
    youtube: 'Lz8pQ1rTn5K',
    showActions: true,
  },
  {
    nid: 34,
    parent: 13,
    weight: 1,
    title: 'Фракционное омоложение',
    alias: `${S}/lazernaya-medicina/frakcionnoe-omolozhenie.html`,
    created: '2015-03-01 12:10',
    image: 'services/frakcionnoe-omolozhenie.svg',
    summary: 'Лазерная шлифовка рубцов, постакне и морщин.',
    body: paragraphs('Фракционный лазер создаёт микрозоны обновления кожи, выравнивая рельеф и тон.'),
    price: 'от 12 000 руб.',
    duration: '60 минут',
    quantity: 'курс 3–4 процедуры',
  },
  {
    nid: 45,
    parent: 33,
    weight: 0,
    title: 'Лазерная эпиляция лица',
    alias: `${S}/lazernaya-medicina/epilyaciya-lica.html`,
    created: '2015-03-02 12:00',
    image: 'services/epilyaciya-lica.svg',
    summary: 'Верхняя губа, подбородок, щёки.',
    body: paragraphs('Эпиляция зон лица занимает 5–15 минут.'),
    price: 'от 1 500 руб.',
  },
  {
    nid: 46,
    parent: 33,
    weight: 1,
    title: 'Лазерная эпиляция тела',
    alias: `${S}/lazernaya-medicina/epilyaciya-tela.html`,
    created: '2015-03-02 12:10',
    image: 'services/epilyaciya-tela.svg',
    summary: 'Подмышки, бикини, ноги, руки.',
    body: paragraphs('Эпиляция крупных зон тела с охлаждением кожи.'),
    price: 'от 2 500 руб.',
  },
];

export function serviceNode(s: Service): NodeRecord {
  const d = s.descriptions ?? [null, null, null, null];
  return makeNode({
    nid: s.nid,
    bundle: 'services',
    title: s.title,
    alias: s.alias,
    created: s.created,
    status: s.status ?? true,
    promote: s.priority !== undefined,
    body: s.body,
    summary: s.summary,
    fields: {
      field_subtitle: s.subtitle ?? null,
      field_youtube: youtube(s.youtube ?? null),
      field_description1: textJson(d[0]),
      field_description2: textJson(d[1]),
      field_description3: textJson(d[2]),
      field_description4: textJson(d[3]),
      field_duration: s.duration ?? null,
      field_price2: s.price ?? null,
      field_prices_inner: textJson(s.pricesInner),
      field_quantity: s.quantity ?? null,
      field_services_priority: s.priority ?? null,
      field_alter_text: s.alterTitle ?? null,
      field_alter_text_body: textJson(s.alterText),
      field_action_view: s.showActions ?? null,
      field_weight: s.weight,
    },
    rels: {
      field_image: img(s.image, s.title),
      field_photo: img(s.image, s.title),
      field_preview_photo: img(s.image, s.title),
      field_popular_procedure_img: img(s.popularImg ?? null, s.title),
      field_parent: s.parent === null ? { many: false, ref: null } : { many: false, ref: { kind: 'node', nid: s.parent } },
    },
  });
}

export const serviceNodes: readonly NodeRecord[] = services.map(serviceNode);

// Tree helpers ---------------------------------------------------------------------------------

const byNid = new Map(services.map((s) => [s.nid, s]));
const nodeByServiceNid = new Map(serviceNodes.map((n) => [n.nid, n]));

export function serviceByNid(nid: number): Service | undefined {
  return byNid.get(nid);
}

/** The service node's current title (an edit through POST /__demo/nodes/{nid} shows here too). */
export function serviceTitle(s: Service): string {
  return nodeByServiceNid.get(s.nid)?.title ?? s.title;
}

/** Published as the node currently is (an edit through POST /__demo/nodes/{nid} may change it). */
function published(s: Service): boolean {
  return nodeByServiceNid.get(s.nid)?.status ?? s.status !== false;
}

/** Published children in menu order. */
export function childServices(nid: number | null): Service[] {
  return services.filter((s) => s.parent === nid && published(s)).sort((a, b) => a.weight - b.weight);
}

/** The service and all its published descendants. */
export function serviceDescendants(nid: number): number[] {
  const out = [nid];
  for (const c of childServices(nid)) out.push(...serviceDescendants(c.nid));
  return out;
}

/** Ancestors from the top section down to the parent (the service itself excluded). */
export function serviceAncestors(nid: number): Service[] {
  const out: Service[] = [];
  let cur = byNid.get(nid);
  while (cur && cur.parent !== null) {
    const p = byNid.get(cur.parent);
    if (!p) break;
    out.unshift(p);
    cur = p;
  }
  return out;
}

/** Depth-first walk of the published tree: [service, depth]. */
export function serviceTree(): Array<[Service, number]> {
  const out: Array<[Service, number]> = [];
  const walk = (parent: number | null, depth: number): void => {
    for (const s of childServices(parent)) {
      out.push([s, depth]);
      walk(s.nid, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
