/**
 * URLs of the Drupal calls (spec §7). The cache keys derive from them, so purging
 * a path recomputes exactly the URLs that the loaders requested for it.
 */
export type MenuName = 'main' | 'footer';

/** Spec §7's 'other' lists: the newest items of a kind except the node shown. */
export type OtherList = 'doctors' | 'news' | 'actions';

export interface CollectionQuery {
  offset?: number;
  limit?: number;
  sort?: string;
  include?: readonly string[];
  filters?: Readonly<Record<string, string | number>>;
}

export function endpoints(base: string) {
  const url = (path: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return `${base}${path}${search ? `?${search}` : ''}`;
  };
  return {
    translatePath: (path: string) => url('/router/translate-path', { path }),
    redirect: (path: string) => url('/decoupled_kit/redirect', { path }),
    metatags: (page: string) => url('/blocks_for_page/metatag', { page }),
    blocks: (page: string) => url('/blocks_for_page', { page }),
    breadcrumb: (page: string) => url('/breadcrumb_headless', { page }),
    menu: (name: MenuName) => url(`/blocks_for_page/menu/${name}`),
    servicesMenu: () => url('/blocks_for_page/special_links/services.html'),
    jsonapi: (resourcePath: string, query: Record<string, string> = {}) => url(`/jsonapi/${resourcePath}`, query),
    collection: (bundle: string, q: CollectionQuery) => {
      const query: Record<string, string> = { 'filter[status]': '1' };
      for (const [name, value] of Object.entries(q.filters ?? {})) query[`filter[${name}]`] = String(value);
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
    otherList: (list: OtherList, nid: number) => url(`/rest/${list}/other/${nid}`),
  };
}

export type Endpoints = ReturnType<typeof endpoints>;

/** Every call keyed by a page path, for purging one path. */
export const pathScoped = ['translatePath', 'redirect', 'metatags', 'blocks', 'breadcrumb'] as const;
