import { moduleOf } from '../bundles/registry';
import type { DrupalClient } from '../drupal/client';
import type { OtherList } from '../drupal/endpoints';
import { optional } from '../drupal/optional';
import type { NodeData, Teaser } from '../drupal/types';
import { defer } from '../components/deferred';
import type { PreFooterData } from '../components/layout/layout-data';
import { todayInMoscow } from '../components/format';

/** What a page shows, as far as the pre-footer cares: a node (bundle and nid), or a listing of a bundle (no nid). */
export interface PageSubject {
  bundle: string;
  nid?: number;
}

/** Cards per carousel: three screens of the widest (3 a view). */
const SHOWN = 9;
/** Past promotions are dropped after the call (docs/requirements.md §4), so ask for more than are shown. */
const PROMOTIONS_ASKED = 30;

const IMAGE_FIELDS = ['field_photo', 'field_image', 'field_preview_photo'];

function teaserOf(node: NodeData): Teaser {
  const image = IMAGE_FIELDS.map((field) => node.images[field]?.[0]).find(Boolean);
  const note = node.texts.field_post ?? node.texts.field_subtitle;
  return {
    nid: node.nid,
    title: node.title,
    url: node.path,
    image: image && { ...image, alt: image.alt || node.title },
    note: note && !note.includes('<') ? note : undefined,
    date: node.created?.slice(0, 10),
    until: node.texts.field_action_date?.slice(0, 10),
  };
}

/**
 * Starts the pre-footer's calls. On the page of a doctor, a news item or a
 * promotion, that kind's 'other' list for the node (docs/requirements.md §7); on that kind's
 * listing, none; otherwise the newest of the JSON:API list, the same for every
 * page (cached once). Each list is optional: a failing call leaves its carousel
 * out, never the page.
 */
export function loadPreFooter(drupal: DrupalClient, about?: PageSubject): PreFooterData {
  const list = (bundle: string, other: OtherList, asked: number): Promise<Teaser[]> => {
    if (about?.bundle !== bundle)
      return drupal
        .nodes(bundle, { sort: '-created', limit: asked, include: moduleOf(bundle).wants })
        .then((nodes) => nodes.items.map(teaserOf));
    // The listing of this very kind is the page: a carousel of the same items would only repeat it.
    const nid = about.nid;
    if (nid === undefined) return Promise.resolve([]);
    // The view leaves the node out; a view configured otherwise must not show it either.
    return drupal.otherList(other, nid, bundle).then((items) => items.filter((item) => item.nid !== nid));
  };
  const today = todayInMoscow();
  return {
    doctors: defer(optional('other doctors', list('doctors', 'doctors', SHOWN), []).then((items) => items.slice(0, SHOWN))),
    news: defer(optional('other news', list('news', 'news', SHOWN), []).then((items) => items.slice(0, SHOWN))),
    promotions: defer(
      optional('other promotions', list('actions', 'actions', PROMOTIONS_ASKED), []).then((items) =>
        // docs/requirements.md §4: a promotion shows until its day has passed; one without a date is not known to be over.
        items.filter((item) => item.until === undefined || item.until >= today).slice(0, SHOWN),
      ),
    ),
  };
}
