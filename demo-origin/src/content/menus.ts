/** Menus `main` and `footer` (menu_link_content items). The services menu is built from the services tree. */
import { uuidFor } from '../lib/uuid';
import { SITE } from './site';

export interface MenuItem {
  readonly title: string;
  readonly url: string;
  readonly children?: readonly MenuItem[];
}

export const mainMenu: readonly MenuItem[] = [
  {
    title: 'О клинике',
    url: '/o-klinike.html',
    children: [
      {
        title: 'Лицензии и документы',
        url: '/licenzii.html',
        children: [{ title: 'Лицензии и сертификаты', url: '/gallery/licenzii-i-sertifikaty.html' }],
      },
      { title: 'Оборудование', url: '/oborudovaniye.html' },
      { title: 'СМИ о нас', url: '/smi-o-nas.html' },
      { title: 'Новости', url: '/news.html' },
      { title: 'Вакансии', url: '/vacancia.html' },
      { title: 'Подарочные сертификаты', url: '/podarochnye-sertifikaty.html' },
    ],
  },
  { title: 'Услуги', url: '/services.html' },
  { title: 'Врачи', url: '/doctors.html' },
  { title: 'Цены', url: '/price.html' },
  { title: 'Акции', url: '/special.html' },
  {
    title: 'Отзывы',
    url: '/feedback.html',
    children: [
      { title: 'Видеоотзывы', url: '/video.html' },
      { title: 'Фото до и после', url: '/do-i-posle.html' },
      { title: 'Вопрос-ответ', url: '/vopros-otvet.html' },
    ],
  },
  { title: 'Статьи', url: '/article.html' },
  { title: 'Контакты', url: '/contacts.html' },
];

export const footerMenu: readonly MenuItem[] = [
  { title: 'Услуги', url: '/services.html' },
  { title: 'Цены', url: '/price.html' },
  { title: 'Врачи', url: '/doctors.html' },
  { title: 'Акции', url: '/special.html' },
  { title: 'Вакансии', url: '/vacancia.html' },
  { title: 'Контакты', url: '/contacts.html' },
  { title: 'Политика конфиденциальности', url: '/privacy-policy' },
  { title: 'Карта сайта', url: '/sitemap' },
  { title: 'Интернет-магазин косметики', url: SITE.shopUrl },
];

export const menus: Readonly<Record<string, readonly MenuItem[]>> = { main: mainMenu, footer: footerMenu };

/** Render-array key of a menu item, as Drupal's menu tree uses: "menu_link_content:{uuid}". */
export function menuKey(menu: string, path: readonly string[]): string {
  return `menu_link_content:${uuidFor(`menu:${menu}:${path.join('/')}`)}`;
}
