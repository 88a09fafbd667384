/**
 * URLs of the Drupal calls (docs/requirements.md §7). The cache keys derive from them, so purging
 * a path recomputes exactly the URLs that the loaders requested for it.
 */
export type MenuName = 'main' | 'footer';

/** docs/requirements.md §7: 'other' lists: the newest items of a kind except the node shown (press mentions under their path segment). */
export type OtherList = 'doctors' | 'news' | 'actions' | 'smi-o-nas';

/** docs/requirements.md §7: per-service lists, by the path segment Drupal serves them under. */
export type ServiceList = 'doctors' | 'actions' | 'patients' | 'do-i-posle' | 'feedback' | 'articles' | 'qa';

/**
 * A listing rule of docs/requirements.md §4 as a JSON:API condition: `field op value`, or the
 * field empty (a promotion without a date is shown; so is a question without
 * the «do not show» flag).
 */
export interface ListingRule {
  field: string;
  operator: '>=' | '<>';
  value: string;
}

/** docs/requirements.md §9: the most items a listing ever shows or pages through; a longer collection is walked no further. */
export const MAX_LIST_ITEMS = 1000;

export interface CollectionQuery {
  offset?: number;
  limit?: number;
  sort?: string;
  include?: readonly string[];
  filters?: Readonly<Record<string, string | number>>;
  rule?: ListingRule;
  /** Sparse fieldset: only these fields of the bundle's resources. */
  fields?: readonly string[];
}

export function endpoints(base: string) {
  const url = (path: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return `${base}${path}${search ? `?${search}` : ''}`;
  };
  return {
    translatePath: (path: string) => url('/router/translate-path', { path }),
    /** JSON:API's entry point: the resource types this Drupal serves. */
    entryPoint: () => url('/jsonapi'),
    redirect: (path: string) => url('/decoupled_kit/redirect', { path }),
    /** Not a Drupal call: the key the verdict of the modules' probe is cached under (modules.ts). */
    modulesProbe: () => url('/__site/modules-probe'),
    /** jsonapi_menu_items: one menu, flat, in tree order. */
    menuItems: (menu: string) => url(`/jsonapi/menu_items/${encodeURIComponent(menu)}`),
    metatags: (page: string) => url('/blocks_for_page/metatag', { page }),
    blocks: (page: string) => url('/blocks_for_page', { page }),
    breadcrumb: (page: string) => url('/breadcrumb_headless', { page }),
    menu: (name: MenuName) => url(`/blocks_for_page/menu/${name}`),
    servicesMenu: () => url('/blocks_for_page/special_links/services.html'),
    jsonapi: (resourcePath: string, query: Record<string, string> = {}) => url(`/jsonapi/${resourcePath}`, query),
    collection: (bundle: string, q: CollectionQuery) => {
      const query: Record<string, string> = { 'filter[status]': '1' };
      for (const [name, value] of Object.entries(q.filters ?? {})) query[`filter[${name}]`] = String(value);
      if (q.rule) {
        query['filter[rule][group][conjunction]'] = 'OR';
        query['filter[rule-value][condition][path]'] = q.rule.field;
        query['filter[rule-value][condition][operator]'] = q.rule.operator;
        query['filter[rule-value][condition][value]'] = q.rule.value;
        query['filter[rule-value][condition][memberOf]'] = 'rule';
        query['filter[rule-empty][condition][path]'] = q.rule.field;
        query['filter[rule-empty][condition][operator]'] = 'IS NULL';
        query['filter[rule-empty][condition][memberOf]'] = 'rule';
      }
      if (q.fields) query[`fields[node--${bundle}]`] = q.fields.join(',');
      if (q.sort) query.sort = q.sort;
      if (q.include?.length) query.include = q.include.join(',');
      if (q.limit !== undefined) query['page[limit]'] = String(q.limit);
      if (q.offset) query['page[offset]'] = String(q.offset);
      return url(`/jsonapi/node/${bundle}`, query);
    },
    /** Drupal's absolute individual URL may name its public host; requests go to our base instead. */
    individual: (href: string, include: readonly string[]) => {
      const parsed = new URL(href, base);
      const rebased = new URL(parsed.pathname + parsed.search, new URL(base).origin);
      if (include.length) rebased.searchParams.set('include', include.join(','));
      return rebased.toString();
    },
    search: (keys: string) => url('/rest/search', { keys }),
    webformFields: (id: string) => url(`/webform_rest/${encodeURIComponent(id)}/fields`, { _format: 'json' }),
    webformSubmit: () => url('/webform_rest/submit', { _format: 'json' }),
    webformUpload: (id: string, field: string) =>
      url(`/webform_rest/${encodeURIComponent(id)}/upload/${encodeURIComponent(field)}`, { _format: 'json' }),
    priceList: (page: string) => url('/blocks_for_page/special_links/price.html', { page }),
    otherList: (list: OtherList, nid: number) => url(`/rest/${list}/other/${nid}`),
    // docs/requirements.md §7 writes these two with ?_format=json and the others without; Drupal is asked as the spec says.
    serviceList: (list: ServiceList, nid: number) =>
      url(`/rest/${list}/service/${nid}`, list === 'articles' || list === 'qa' ? { _format: 'json' } : {}),
    doctorFeedback: (nid: number) => url(`/rest/feedback/doctor/${nid}`),
    articleAuthor: (nid: number) => url(`/rest/author/${nid}`, { _format: 'json' }),
    articleService: (nid: number) => url(`/rest/service/article/${nid}`),
    licenseImages: () => url('/rest/license-images', { _format: 'json' }),
    servicesChilds: (page: string) => url('/blocks_for_page/block/services_childs', { page }),
    servicesSubtree: (page: string) => url('/blocks_for_page/block/services_subtree', { page }),
    nextCycleLinks: (page: string) => url('/blocks_for_page/block/next_cycle_links', { page }),
    /** docs/drupal.md, "The stock model": every published price row, with its group and services; `sorted` false drops `sort`. */
    stockPriceList: (include: readonly string[], sorted = true) =>
      url('/jsonapi/node/price', {
        'filter[status]': '1',
        ...(include.length ? { include: include.join(',') } : {}),
        'fields[node--services]': 'title,path,drupal_internal__nid',
        ...(sorted ? { sort: 'field_weight,title' } : {}),
        'page[limit]': '50',
      }),
    /** docs/drupal.md, "The stock model": the Views REST export of the redirect module's redirects. */
    stockRedirects: () => url('/rest/redirects'),
  };
}

export type Endpoints = ReturnType<typeof endpoints>;

/** Every call keyed by a page path, for purging one path. */
export const pathScoped = [
  'translatePath',
  'redirect',
  'metatags',
  'blocks',
  'breadcrumb',
  'servicesChilds',
  'servicesSubtree',
  'nextCycleLinks',
  'priceList',
] as const;
