/**
 * Custom blocks: block_content--basic entities (the content) and their placements (block config
 * entities: region, weight, label display, request_path visibility).
 */
import { moscowIso } from '../lib/dates';
import { paragraphs } from '../lib/text';
import { uuidFor } from '../lib/uuid';
import { SITE } from './site';

export interface BlockContent {
  readonly id: number;
  readonly uuid: string;
  readonly info: string;
  readonly body: string;
  readonly changed: string;
}

export interface BlockPlacement {
  /** Block config id (machine name) */
  readonly bid: string;
  /** A custom block's content (block_content id), or, with `plugin`, one of the module's own blocks. */
  readonly content?: number;
  /** The module's block plugin (`next_cycle_links`): its items come from /blocks_for_page/block/{plugin}. */
  readonly plugin?: string;
  readonly region: string;
  readonly label: string;
  readonly labelDisplay: boolean;
  readonly weight: number;
  /** request_path visibility: Drupal patterns (one per line; "*" wildcard; "<front>") */
  readonly pages?: readonly string[];
  readonly negate?: boolean;
}

function content(id: number, info: string, body: string, changed: string): BlockContent {
  return { id, uuid: uuidFor(`block_content:${id}`), info, body, changed: moscowIso(changed) };
}

export const blockContents: readonly BlockContent[] = [
  content(
    1,
    'Адрес и режим работы',
    paragraphs(`${SITE.address}`, `${SITE.hours}`, `<a href="${SITE.phoneHref}">${SITE.phone}</a>`),
    '2024-01-10 10:00',
  ),
  content(
    2,
    'Мы в соцсетях',
    paragraphs(
      'Следите за акциями и новостями клиники в наших социальных сетях и мессенджерах.',
      '<a href="https://t.me/lavanda_clinic_demo" rel="nofollow">Telegram</a> · <a href="https://vk.com/lavanda_clinic_demo" rel="nofollow">ВКонтакте</a>',
    ),
    '2024-01-10 10:05',
  ),
  content(
    3,
    'Лицензия',
    paragraphs(`${SITE.licence}.`, 'Имеются противопоказания. Необходима консультация специалиста.'),
    '2024-01-10 10:10',
  ),
  content(
    4,
    'Онлайн-запись',
    paragraphs(
      'Запишитесь на консультацию онлайн — администратор перезвонит и подберёт удобное время.',
      '<a class="button" href="#consultation">Записаться</a>',
    ),
    '2024-02-01 10:00',
  ),
  content(
    5,
    'Акция месяца',
    paragraphs(
      '<strong>−20% на SMAS-лифтинг Ultraformer</strong> до 31 марта 2027 года.',
      '<a href="/special/skidka-20-smas-lifting.html">Подробнее об акции</a>',
    ),
    '2026-09-01 10:00',
  ),
  content(
    6,
    'Как нас найти',
    paragraphs(`${SITE.address}. Вход со двора, домофон «13».`, 'Бесплатная парковка для пациентов.'),
    '2024-01-10 10:20',
  ),
  content(
    7,
    'Почему выбирают нас',
    paragraphs(
      '<ul><li>Работаем с 2013 года</li><li>Врачи с опытом от 9 лет</li><li>Сертифицированное оборудование</li><li>Скидки не суммируются, но всегда честные</li></ul>',
    ),
    '2024-01-10 10:30',
  ),
  content(8, 'Клиника работает с 2013 года', paragraphs('Более 40 000 процедур и 12 000 довольных пациентов.'), '2024-01-10 10:40'),
  content(
    9,
    'Обратите внимание',
    paragraphs('Цены указаны в рублях и не являются публичной офертой. Точную стоимость определит врач на консультации.'),
    '2025-01-15 10:00',
  ),
  // Popup links as editors write them (docs/requirements.md §2's buttons): a popup's page, a ?popup= query, a button and a span with a popup class.
  content(
    10,
    'Остались вопросы?',
    paragraphs(
      'Администратор расскажет о процедуре и подготовке к ней.',
      '<ul><li><a href="/callback.html">Заказать обратный звонок</a></li>' +
        '<li><span class="js-popup" data-form="consultation1">Записаться на консультацию врача</span></li>' +
        '<li><button type="button" class="popup-discount">Получить скидку на первое посещение</button></li>' +
        '<li><a href="?popup=review">Оставить отзыв о процедуре</a></li></ul>',
    ),
    '2026-11-20 10:00',
  ),
];

export const blockPlacements: readonly BlockPlacement[] = [
  { bid: 'lavanda_footer_address', content: 1, region: 'footer_first', label: 'Адрес и режим работы', labelDisplay: true, weight: 0 },
  { bid: 'lavanda_footer_social', content: 2, region: 'footer_second', label: 'Мы в соцсетях', labelDisplay: true, weight: 0 },
  { bid: 'lavanda_footer_licence', content: 3, region: 'footer_third', label: 'Лицензия', labelDisplay: false, weight: 0 },
  {
    bid: 'lavanda_sidebar_booking',
    content: 4,
    region: 'sidebar',
    label: 'Онлайн-запись',
    labelDisplay: true,
    weight: 1,
    pages: ['/contacts.html', '/thank-you.html'],
    negate: true,
  },
  {
    bid: 'lavanda_sidebar_promo',
    content: 5,
    region: 'sidebar',
    label: 'Акция месяца',
    labelDisplay: true,
    weight: -1,
    pages: ['/services/*', '/ultraformer.html', '/special.html'],
  },
  {
    bid: 'lavanda_contacts_map',
    content: 6,
    region: 'content_top',
    label: 'Как нас найти',
    labelDisplay: true,
    weight: 0,
    pages: ['/contacts.html'],
  },
  {
    bid: 'lavanda_advantages',
    content: 7,
    region: 'content_bottom',
    label: 'Почему выбирают нас',
    labelDisplay: true,
    weight: 5,
    pages: ['<front>'],
  },
  // The theme's own region for the main content: a service page shows it among its parts (docs/requirements.md §2's advantages).
  {
    bid: 'lavanda_advantages_services',
    content: 7,
    region: 'content',
    label: 'Почему выбирают нас',
    labelDisplay: true,
    weight: 5,
    pages: ['/services/*'],
  },
  {
    bid: 'lavanda_home_intro',
    content: 8,
    region: 'content_top',
    label: 'Клиника работает с 2013 года',
    labelDisplay: false,
    weight: -5,
    pages: ['<front>'],
  },
  {
    bid: 'lavanda_price_note',
    content: 9,
    region: 'content_top',
    label: 'Обратите внимание',
    labelDisplay: true,
    weight: 0,
    pages: ['/price.html'],
  },
  {
    bid: 'lavanda_sidebar_questions',
    content: 10,
    region: 'sidebar',
    label: 'Остались вопросы?',
    labelDisplay: true,
    weight: 2,
    pages: ['/services/*'],
  },
  {
    bid: 'lavanda_next_links',
    plugin: 'next_cycle_links',
    region: 'content_bottom',
    label: 'Смотрите также',
    labelDisplay: true,
    weight: 10,
    pages: ['/vacancia/*', '/video/*', '/oborudovaniye/*'],
  },
];

export function blockContentByUuid(uuid: string): BlockContent | undefined {
  return blockContents.find((b) => b.uuid === uuid);
}
export function blockContentById(id: number): BlockContent | undefined {
  return blockContents.find((b) => b.id === id);
}

/** Drupal's request_path condition: "*" matches anything, "<front>" is the home page. */
export function placementVisible(p: BlockPlacement, path: string): boolean {
  if (!p.pages || p.pages.length === 0) return true;
  const lower = path.toLowerCase();
  const hit = p.pages.some((pattern) => {
    if (pattern === '<front>') return lower === '/';
    const re = new RegExp(
      '^' +
        pattern
          .toLowerCase()
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*') +
        '$',
    );
    return re.test(lower);
  });
  return p.negate ? !hit : hit;
}
