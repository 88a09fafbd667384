import type { ReactNode } from 'react';
import type { DrupalClient } from '../drupal/client';
import type { OnlineBookingCalls } from './online-booking';
import type { Block, NodeData } from '../drupal/types';
import type { Deferred } from '../components/deferred';
import type { ListingCard, ListingRules } from './listing';

/** What a bundle's own calls (docs/requirements.md §7) are started with, beside the node and before it arrives. */
export interface PageCalls {
  drupal: DrupalClient;
  nid: number;
  /** The page's path, as the visitor asked it. */
  path: string;
  /** The blocks Drupal placed on the page (a service page shows some among its own parts). */
  frameBlocks: Deferred<Block[]>;
  /** The node itself, as it arrives (null: Drupal no longer has it). */
  node: Promise<NodeData | null>;
  /** Online booking (docs/booking.md), when the clinic has a schedule system. */
  online?: OnlineBookingCalls;
}

/** What the site tells every bundle's page. */
export interface SiteFacts {
  /** The clinic's name. */
  name: string;
  siteUrl: string;
  drupalBaseUrl: string;
  /** docs/requirements.md §6: an editor's view, with the editors' links. */
  editor: boolean;
}

/** A bundle's page component's props: the node, its bundle's view of it, the lists it loaded beside it. */
export interface PageProps<V, E = undefined> {
  node: NodeData;
  view: V;
  extras: E;
  site: SiteFacts;
}

/**
 * Everything the site knows of one Drupal bundle: the relationship fields its page
 * reads, how a node becomes its view, the lists its page loads beside the node, the
 * page itself and its listing. Methods, so that the registry holds every bundle's
 * module as one type; each module is typed by its own view and lists.
 */
export interface BundleModule<V = unknown, E = unknown> {
  /** Drupal's machine name of the bundle. */
  bundle: string;
  /** The relationship fields its page reads (asked for only when Drupal's bundle has them). */
  wants: readonly string[];
  view(node: NodeData): V;
  /**
   * The page's own calls, started at once beside the node (docs/requirements.md §7). A promise of them when the page
   * waits a moment for one before its first bytes (a doctor's «Записаться онлайн», which no script must be needed to see).
   */
  load?(calls: PageCalls): E | Promise<E>;
  Page(props: PageProps<V, E>): ReactNode;
  card(node: NodeData, view: V): ListingCard;
  listing?: ListingRules;
  /** Regions whose blocks the page shows among its own parts; the layout leaves them out. */
  ownRegions?: readonly string[];
  /**
   * The page shows its kind's «other» list in its own content (docs/requirements.md §2), so the
   * pre-footer leaves that kind's carousel out, as on the listing.
   */
  otherInContent?: boolean;
  /** docs/requirements.md §3: false for a bundle whose nodes are no pages of their own (the home slider's slides). */
  inSitemap?: boolean;
}

/** A bundle's module, its view and lists checked against each other. */
export const bundleModule = <V, E = undefined>(module: BundleModule<V, E>): BundleModule<V, E> => module;
