import { MAX_LIST_ITEMS, type ListingRule } from '../drupal/endpoints';

/**
 * docs/requirements.md §2: listing routes (reading A): each lists one bundle, newest first, and
 * takes the page number as an optional last segment (/news.html/2).
 */
export interface ListingRoute {
  path: string;
  bundle: string;
  title: string;
  dated: boolean;
  paged: boolean;
  /** docs/requirements.md §4: rule beyond "published, newest first", as a JSON:API condition for today. */
  rule?: (today: string) => ListingRule;
}

export const LISTING_ROUTES: readonly ListingRoute[] = [
  { path: '/news.html', bundle: 'news', title: 'Новости', dated: true, paged: true },
  { path: '/article.html', bundle: 'article', title: 'Статьи', dated: true, paged: true },
  { path: '/feedback.html', bundle: 'reviews', title: 'Отзывы', dated: true, paged: true },
  { path: '/oborudovaniye.html', bundle: 'equipment', title: 'Оборудование', dated: false, paged: true },
  { path: '/smi-o-nas.html', bundle: 'smi_o_nas', title: 'СМИ о нас', dated: true, paged: true },
  {
    path: '/special.html',
    bundle: 'actions',
    title: 'Акции',
    dated: false,
    paged: true,
    rule: (today) => ({ field: 'field_action_date', operator: '>=', value: today }),
  },
  { path: '/vacancia.html', bundle: 'vacancy', title: 'Вакансии', dated: false, paged: true },
  { path: '/video.html', bundle: 'video', title: 'Видео', dated: false, paged: true },
  {
    path: '/vopros-otvet.html',
    bundle: 'qa',
    title: 'Вопрос — ответ',
    dated: false,
    paged: true,
    rule: () => ({ field: 'field_ne_vyvodit_na_stranitce', operator: '<>', value: '1' }),
  },
  { path: '/doctors.html', bundle: 'doctors', title: 'Врачи', dated: false, paged: false },
  { path: '/do-i-posle.html', bundle: 'gallery', title: 'Фото до и после', dated: false, paged: false },
];

/** docs/requirements.md §9: the pager shows 10 items a page, of at most MAX_LIST_ITEMS; a listing without pages shows as many. */
export const PAGE_SIZE = 10;
export const MAX_PAGE = MAX_LIST_ITEMS / PAGE_SIZE;
