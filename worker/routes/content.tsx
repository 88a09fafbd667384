import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { canonicalPathOf } from '../paths/canonical-path';
import { resolvePath, type Resolution } from '../paths/resolve-path';
import { viewOf } from '../bundles';
import { otherTeaser } from '../bundles/news';
import { ClinicData } from '../components/ClinicData';
import { EditLink, priceEditLinks } from '../components/EditLink';
import type { DrupalClient, EntityLookup } from '../drupal/client';
import type { ViewRow } from '../drupal/types';
import { optional } from '../drupal/optional';
import { loadServicePage, SERVICE_PAGE_REGIONS } from '../loaders/service-page';
import { defer } from '../render/deferred';
import { NodeScreen, type NodeExtras } from '../screens/NodeScreen';
import { OTHER_SHOWN } from '../screens/node/OtherItems';
import { ServiceScreen } from '../screens/service/ServiceScreen';
import { renderError } from './error';
import { termRoute } from './term';

/** docs/requirements.md §2: the contacts page is a Drupal page at this path; search engines read the clinic's card there too. */
const CONTACTS = '/contacts.html';

/**
 * Every path no route claims: redirects first, then the Drupal entity behind the
 * alias. The page's frame starts only once the path is known to be a page (or was
 * one when Drupal was last asked), so an unknown URL costs Drupal just the two lookups.
 */
export async function contentRoute(c: Context<AppEnv>): Promise<Response> {
  const { drupal, config, pagePath: path } = c.var;
  const url = new URL(c.req.url);
  // The page-path middleware already found the path decodable.
  const canonical = { requested: decodeURIComponent(url.pathname), search: url.search, drupalBaseUrl: config.drupalBaseUrl };
  // Whether what names the node (metatags, breadcrumb) may be cached: once the page's node is found public.
  let settleKeep: (keep: boolean) => void = () => {};
  const keep = new Promise<boolean>((resolve) => (settleKeep = resolve));
  // After a purge, and in every editor's view, Drupal is asked the path again. What it said the last time
  // names the node, so the page's round starts beside that lookup rather than after it (one round instead of
  // two), and is kept if Drupal names the same node; otherwise it costs those calls and the page starts again.
  const guessed = drupal
    .pathBefore(path)
    .then((before) =>
      // Not for an address that then answered 301 to the node's own (another letter case, /node/12).
      before?.entityType === 'node' && !canonicalPathOf(before.resolvedPath, canonical.requested, canonical.drupalBaseUrl)
        ? startNodePage(c, before, keep)
        : undefined,
    )
    .catch(() => undefined);
  try {
    return await answer(c, await resolvePath(drupal, path, config.drupalBasePath, canonical), guessed, keep, settleKeep);
  } finally {
    // Any other answer than the node's page: nothing that names a node of this path is cached.
    settleKeep(false);
  }
}

type NodePage = ReturnType<typeof startNodePage>;

async function answer(
  c: Context<AppEnv>,
  resolution: Resolution,
  guessed: Promise<NodePage | undefined>,
  keep: Promise<boolean>,
  settleKeep: (keep: boolean) => void,
): Promise<Response> {
  const { config, pagePath: path } = c.var;
  switch (resolution.kind) {
    case 'redirect': {
      const cacheStatus = await c.var.cacheReport.summary();
      if (cacheStatus) c.header('X-Cache', cacheStatus);
      return c.redirect(resolution.location, resolution.status);
    }
    case 'refused-redirect':
      console.warn(`Перенаправление ${path} → ${resolution.target} отклонено: недопустимый адрес`);
      return renderError(c, 404);
    case 'not-found':
      return renderError(c, 404);
    case 'forbidden':
      return renderError(c, 403);
    case 'entity': {
      if (resolution.entityType === 'taxonomy_term') return termRoute(c, resolution);
      // Other content entities (a user, a media item) have no page on the site.
      if (resolution.entityType !== 'node') return renderError(c, 404);
      const guess = await guessed;
      const started = guess && sameEntity(guess.lookup, resolution) ? guess : startNodePage(c, resolution, keep);
      const { parts, extras } = await started.rest;
      const node = await started.node;
      settleKeep(node !== null);
      if (!node) return renderError(c, 404);
      // A landing page: the node says so, or Drupal placed no block at all on it.
      const landing = node.flags.field_landing === true || (await started.frame.landing);
      const view = viewOf(node);
      const screen =
        view.bundle === 'services' && parts ? (
          <ServiceScreen
            node={node}
            view={view}
            parts={parts}
            siteUrl={config.siteUrl}
            // docs/requirements.md §6: editors only; a visitor's page never has them.
            editLink={c.var.editor ? <EditLink drupalBaseUrl={config.drupalBaseUrl} nid={node.nid} label={node.title} /> : undefined}
            priceEditLink={c.var.editor ? priceEditLinks(config.drupalBaseUrl) : undefined}
          />
        ) : (
          <NodeScreen node={node} view={view} extras={extras} clinic={config.site.name} siteUrl={config.siteUrl} />
        );
      return c.render(
        <>
          {path === CONTACTS && <ClinicData name={config.site.name} phone={config.site.phone} siteUrl={config.siteUrl} />}
          {screen}
        </>,
        {
          title: node.title,
          layout: landing ? 'bare' : 'default',
          ownRegions: view.bundle === 'services' && parts ? SERVICE_PAGE_REGIONS : undefined,
        },
      );
    }
  }
}

const sameEntity = (a: EntityLookup, b: EntityLookup) =>
  a.entityType === b.entityType && a.bundle === b.bundle && a.uuid === b.uuid && a.id === b.id;

/** Every call of a node's page, started at once: the node, the frame (placements, metatags, breadcrumb), the pre-footer and the bundle's own lists. */
function startNodePage(c: Context<AppEnv>, lookup: EntityLookup, keep: Promise<boolean>) {
  const { drupal, pagePath: path } = c.var;
  let asked = () => {};
  const nodeAsked = new Promise<void>((resolve) => (asked = resolve));
  const node = drupal.entity(lookup, asked);
  // Settled either way: a failure is the page's to report when it awaits the node, and a discarded guess's is nobody's.
  const nodeDone = node.then(
    () => undefined,
    () => undefined,
  );
  const frame = c.var.frame.forPage(undefined, keep);
  // What the first byte waits for (the node, the head, the placements) goes to Drupal first; the lists follow
  // it in the same round, rather than queueing before it (Drupal answers in turn; a Worker opens six connections).
  const rest = Promise.race([nodeAsked, nodeDone]).then(() => {
    // The pre-footer leaves this node out of its kind's carousel (a doctor among «other doctors»). A news item
    // shows its «other» list in its own content (docs/requirements.md §2), so the pre-footer leaves its news out, as on the listing.
    c.var.frame.preFooter(lookup.bundle === 'news' ? { bundle: 'news' } : { bundle: lookup.bundle, nid: lookup.id });
    return {
      parts: lookup.bundle === 'services' ? loadServicePage(drupal, lookup.id, path, frame.blocks) : undefined,
      extras: nodeExtras(drupal, lookup.bundle, lookup.id),
    };
  });
  return { lookup, node, frame, rest };
}

/** docs/requirements.md §7: calls a node's page makes beside the node, by bundle; started before the node arrives. */
function nodeExtras(drupal: DrupalClient, bundle: string, nid: number): NodeExtras {
  if (bundle === 'doctors') return { reviews: defer(optional('doctor feedback', drupal.doctorFeedback(nid), [])) };
  if (bundle === 'news') return { other: defer(optional('other news', drupal.otherList('news', nid), [])) };
  if (bundle === 'smi_o_nas') return { other: defer(optional('other press', drupal.otherList('smi-o-nas', nid), [])) };
  if (bundle === 'article') {
    return {
      author: defer(optional('article author', drupal.articleAuthor(nid), []).then((rows) => rows[0])),
      service: defer(optional('article service', drupal.articleService(nid), []).then((rows) => rows[0])),
      // docs/requirements.md §7 names no 'other' view for articles: the newest of Drupal's own list, the same payload for every
      // article (tagged node_list:article, so a new article refreshes it); the screen leaves the page's own out.
      other: defer(
        optional('other articles', drupal.nodes('article', { sort: '-created', limit: OTHER_SHOWN + 1 }), {
          items: [],
          hasNext: false,
        }).then((list) => list.items.map(otherTeaser)),
      ),
    };
  }
  // Which gallery is a licence gallery is Drupal's to say (bundles/gallery.ts); undefined: it could not be asked.
  if (bundle === 'gallery')
    return { licences: defer(optional<ViewRow[] | undefined>('license images', drupal.licenseImages(), undefined)) };
  return {};
}
