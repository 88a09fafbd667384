/**
 * The site's own listing routes (not nodes): used for breadcrumbs and metatags, and as the
 * parent crumb of each bundle's nodes.
 */
import type { Bundle } from './model';

export interface Listing {
  readonly path: string;
  readonly title: string;
  readonly description: string;
}

export const listings: readonly Listing[] = [
  {
    path: '/services.html',
    title: 'Услуги',
    description: 'Услуги клиники эстетической медицины: косметология, аппаратные и инъекционные методики, лазерная медицина.',
  },
  { path: '/doctors.html', title: 'Врачи', description: 'Врачи-косметологи и дерматологи клиники с опытом от 9 лет.' },
  { path: '/price.html', title: 'Цены', description: 'Цены на услуги клиники в рублях. Акции и специальные предложения.' },
  { path: '/news.html', title: 'Новости', description: 'Новости клиники: новое оборудование, события, график работы.' },
  { path: '/article.html', title: 'Статьи', description: 'Статьи врачей клиники о косметологии и уходе за кожей.' },
  { path: '/feedback.html', title: 'Отзывы', description: 'Отзывы пациентов о врачах и процедурах клиники.' },
  { path: '/oborudovaniye.html', title: 'Оборудование', description: 'Сертифицированное оборудование клиники.' },
  { path: '/smi-o-nas.html', title: 'СМИ о нас', description: 'Публикации о клинике в журналах, на радио и телевидении.' },
  { path: '/special.html', title: 'Акции', description: 'Действующие акции и специальные предложения клиники.' },
  { path: '/vacancia.html', title: 'Вакансии', description: 'Работа в клинике эстетической медицины.' },
  { path: '/video.html', title: 'Видео', description: 'Видео о процедурах и видеоотзывы пациентов.' },
  { path: '/vopros-otvet.html', title: 'Вопрос-ответ', description: 'Ответы врачей на вопросы пациентов.' },
  { path: '/do-i-posle.html', title: 'Фото до и после', description: 'Результаты процедур: фотографии до и после.' },
  { path: '/sitemap', title: 'Карта сайта', description: 'Все разделы сайта клиники.' },
  { path: '/search/node', title: 'Поиск', description: 'Поиск по сайту клиники.' },
];

export function listingByPath(path: string): Listing | undefined {
  return listings.find((l) => l.path === path);
}

/** Listing route each bundle's nodes sit under (breadcrumb parent). */
export const BUNDLE_LISTING: Readonly<Partial<Record<Bundle, string>>> = {
  services: '/services.html',
  doctors: '/doctors.html',
  news: '/news.html',
  article: '/article.html',
  reviews: '/feedback.html',
  patients: '/feedback.html',
  equipment: '/oborudovaniye.html',
  smi_o_nas: '/smi-o-nas.html',
  actions: '/special.html',
  vacancy: '/vacancia.html',
  video: '/video.html',
  qa: '/vopros-otvet.html',
  gallery: '/do-i-posle.html',
  problem: '/services.html',
};
