import { z } from 'zod';
import type { DrupalContext } from '../context';
import { decodeJson, type Decoder } from '../decode';
import type { Endpoints, OtherList, ServiceList } from '../endpoints';
import { OtherListSchema } from '../schemas/other-list';
import { rowsOf, sectionOf } from '../schemas/view-rows';
import { listTags, nodeTags, tagged } from '../tags';
import type { NodeLink, Teaser, ViewRow } from '../types';

/** docs/requirements.md §7's Views lists of rows, by name. */
export type RowView = 'doctor-feedback' | 'article-author' | 'article-service' | 'license-images' | `service-${ServiceList}`;

const SERVICE_LISTS: readonly ServiceList[] = ['doctors', 'actions', 'patients', 'do-i-posle', 'feedback', 'articles', 'qa'];

/** Each list's address; `nid`, the node it is about (none for the licence images). */
const ROW_VIEWS: Readonly<Record<RowView, (urls: Endpoints, nid: number) => string>> = {
  'doctor-feedback': (urls, nid) => urls.doctorFeedback(nid),
  'article-author': (urls, nid) => urls.articleAuthor(nid),
  'article-service': (urls, nid) => urls.articleService(nid),
  'license-images': (urls) => urls.licenseImages(),
  ...(Object.fromEntries(
    SERVICE_LISTS.map((list) => [`service-${list}`, (urls: Endpoints, nid: number) => urls.serviceList(list, nid)]),
  ) as Record<`service-${ServiceList}`, (urls: Endpoints, nid: number) => string>),
};

/** Drupal's Views REST exports and the module's blocks-for-page lists. */
export interface ViewCalls {
  /**
   * One of docs/requirements.md §7's lists of rows (a doctor's reviews, a service's doctors…). `nid`: the node
   * it is about; `shows`: the bundle it lists, whose new or removed node refreshes it (its module says which).
   */
  viewRows(name: RowView, about?: { nid?: number; shows?: string }): Promise<ViewRow[]>;
  /** docs/requirements.md §7: the newest doctors, news, promotions or press mentions other than node `nid`; `bundle`: the one the list shows. */
  otherList(list: OtherList, nid: number, bundle: string): Promise<Teaser[]>;
  /** A service's child services (services_childs). */
  serviceChildren(page: string): Promise<ViewRow[]>;
  /** The module's next items after a page (next_cycle_links), for a block Drupal placed; links without an address are left out. */
  nextLinks(page: string): Promise<NodeLink[]>;
  /** The other services of a service's section, and the section (services_subtree). */
  serviceSection(page: string): Promise<{ items: ViewRow[]; title?: string; url?: string }>;
}

export function viewCalls({ urls, get }: DrupalContext): ViewCalls {
  return {
    viewRows: (name, { nid, shows } = {}) =>
      get(
        ROW_VIEWS[name](urls, nid ?? 0),
        tagged(decodeRows(name.replaceAll('-', ' ')), (rows) => [
          ...(nid !== undefined ? [`node:${nid}`] : []),
          ...(shows ? listTags(shows) : []),
          ...nodeTags(rows),
        ]),
      ),

    otherList: (list, nid, bundle) =>
      get(
        urls.otherList(list, nid),
        tagged(decodeJson(`other ${list}`, OtherListSchema, { notFound: [] }), (teasers) => [...listTags(bundle), ...nodeTags(teasers)]),
      ),

    serviceChildren: (page) =>
      get(urls.servicesChilds(page), async (response) => {
        const { value, negative } = await decodeRaw('services childs')(response);
        const items = (await sectionOf(value)).items;
        return { value: items, negative, tags: [...listTags('services'), ...nodeTags(items)] };
      }),

    nextLinks: (page) =>
      get(urls.nextCycleLinks(page), async (response) => {
        const { value, negative } = await decodeRaw('next cycle links')(response);
        const items = (await sectionOf(value)).items.flatMap((row): NodeLink[] =>
          row.url ? [{ title: row.title, url: row.url, nid: row.nid }] : [],
        );
        return { value: items, negative, tags: ['node_list', ...nodeTags(items)] };
      }),

    serviceSection: (page) =>
      get(urls.servicesSubtree(page), async (response) => {
        const { value, negative } = await decodeRaw('services subtree')(response);
        const section = await sectionOf(value);
        return { value: section, negative, tags: [...listTags('services'), ...nodeTags(section.items)] };
      }),
  };
}

/** A Views list's body as it came, `[]` for Drupal's 404 (a view with no rows for that argument). */
const decodeRaw = (what: string) => decodeJson(what, z.unknown(), { notFound: [] });

/** Rows of a Views list, sanitised before they are cached. */
const decodeRows =
  (what: string): Decoder<ViewRow[]> =>
  async (response) => {
    const { value, negative } = await decodeRaw(what)(response);
    return { value: await rowsOf(value), negative };
  };
