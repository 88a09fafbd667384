import { moduleOf } from '../bundles/registry';
import type { BundleModule } from '../bundles/module';
import type { DrupalClient, EntityLookup } from '../drupal/client';
import type { NodeData } from '../drupal/types';
import { canonicalPathOf } from '../paths/canonical-path';
import type { LayoutData } from '../components/layout/layout-data';
import type { OnlineBookingCalls } from '../bundles/online-booking';
import type { Frame } from '../frame/frame';

/** A node's page, loaded: the node, its bundle's module and view of it, and the lists the module started beside it. */
export interface NodePage {
  node: NodeData;
  module: BundleModule;
  view: unknown;
  extras: unknown;
  /** The bare layout: the node says so, or Drupal placed no block at all on it (docs/requirements.md §2). */
  landing: boolean;
}

/** Every call of one node's page, started at once. */
interface Started {
  lookup: EntityLookup;
  module: BundleModule;
  node: Promise<NodeData | null>;
  /** Whether the node was asked of Drupal (true) or answered from what is kept (false). */
  sent: Promise<boolean>;
  frame: LayoutData;
  extras: Promise<unknown>;
}

const sameEntity = (a: EntityLookup, b: EntityLookup) =>
  a.entityType === b.entityType && a.bundle === b.bundle && a.uuid === b.uuid && a.id === b.id;

/**
 * The loader of the page behind a path that may be a node's. After a purge, and in every editor's
 * view, Drupal is asked the path again (the route does): what it said the last time names the node,
 * so the page's round starts beside that lookup rather than after it (one round instead of two), and
 * is kept if Drupal names the same node; otherwise it costs those calls and the page starts again.
 *
 * `keep` is whether what names the node (metatags, breadcrumb) may be cached: once the page's node is
 * found public. `settle(false)` is for every other answer than the node's page.
 */
export function nodePageLoader(
  drupal: DrupalClient,
  frame: Pick<Frame, 'forPage' | 'preFooter'>,
  path: string,
  canonical: { requested: string; drupalBaseUrl: string },
  online?: OnlineBookingCalls,
) {
  let settle: (keep: boolean) => void = () => {};
  const keep = new Promise<boolean>((resolve) => (settle = resolve));

  const start = (lookup: EntityLookup): Started => {
    const module = moduleOf(lookup.bundle);
    const { node, sent } = drupal.entity(lookup, module.wants);
    // Settled either way: a failure is the page's to report when it awaits the node, and a discarded guess's is nobody's.
    const nodeDone = node.then(
      () => undefined,
      () => undefined,
    );
    const layout = frame.forPage(undefined, keep, node);
    // What the first byte waits for (the node, the head, the placements) goes to Drupal first; the lists follow
    // it in the same round, rather than queueing before it (Drupal answers in turn; a Worker opens six connections).
    const extras = Promise.race([sent, nodeDone]).then(() => {
      // The pre-footer leaves this node out of its kind's carousel (a doctor among «other doctors»); a page that
      // shows its kind's «other» list itself leaves the kind out, as on the listing.
      frame.preFooter(module.otherInContent ? { bundle: lookup.bundle } : { bundle: lookup.bundle, nid: lookup.id });
      return module.load?.({ drupal, nid: lookup.id, path, frameBlocks: layout.blocks, node, online });
    });
    return { lookup, module, node, sent, frame: layout, extras };
  };

  const guessed = drupal
    .pathBefore(path)
    .then((before) =>
      // Not for an address that then answered 301 to the node's own (another letter case, /node/12).
      before?.entityType === 'node' && !canonicalPathOf(before.resolvedPath, canonical.requested, canonical.drupalBaseUrl)
        ? start(before)
        : undefined,
    )
    .catch(() => undefined);

  // The calls of the node Drupal resolved the path to now: the guess's, when it names the same node.
  let chosen: Promise<Started> | undefined;
  const startedFor = (lookup: EntityLookup) =>
    (chosen ??= guessed.then((guess) => (guess && sameEntity(guess.lookup, lookup) ? guess : start(lookup))));

  return {
    settle: (kept: boolean) => settle(kept),
    /** Whether the node of `lookup` goes to Drupal (true), so that the page's status waits on it, or is kept (false). */
    nodeAsked: (lookup: EntityLookup): Promise<boolean> => startedFor(lookup).then((started) => started.sent),
    /** The page of the node Drupal resolved the path to now; null when there is none. */
    async page(lookup: EntityLookup): Promise<NodePage | null> {
      const started = await startedFor(lookup);
      const extras = await started.extras;
      const node = await started.node;
      settle(node !== null);
      if (!node) return null;
      const landing = node.flags.field_landing === true || (await started.frame.landing);
      return { node, module: started.module, view: started.module.view(node), extras, landing };
    },
  };
}
