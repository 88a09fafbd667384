/** Our own shapes of Drupal's content; nothing past the Drupal client sees Drupal's. */

export interface Image {
  url: string;
  alt: string;
  width?: number;
  height?: number;
  /** Files (a page's documents): what the editor wrote about it, and its file name. */
  description?: string;
  name?: string;
}

export interface NodeData {
  uuid: string;
  nid: number;
  bundle: string;
  title: string;
  path?: string;
  /** ISO 8601, as Drupal sends `created`. */
  created?: string;
  published: boolean;
  /** `html` is sanitised (sanitize-html.ts); `summary` is plain text. */
  body?: { html: string; summary?: string };
  /** Other text-like attributes by field name, as plain text (formatted text with its tags dropped). */
  texts: Record<string, string>;
  /** The same attributes as HTML to show: formatted text sanitised, plain text escaped. */
  html: Record<string, string>;
  /** Boolean attributes by field name (Drupal's true/false, or 1/0 as numbers or strings). */
  flags: Record<string, boolean>;
  /** Image and file relationships, resolved through `included`. */
  images: Record<string, Image[]>;
  /** References to other content, resolved through `included` (published targets only). */
  links: Record<string, NodeLink[]>;
  /**
   * metatag's computed `metatag` field (docs/drupal.md §5b), filtered as every head is: the page's head where
   * Drupal has no per-page metatag endpoint. Undefined when Drupal sends none.
   */
  head?: HeadData;
}

export interface NodeLink {
  title: string;
  url?: string;
  nid?: number;
}

export interface NodeList {
  items: NodeData[];
  hasNext: boolean;
  /** Known only when Drupal counts (jsonapi_extras include_count). */
  total?: number;
  /** Drupal has no such bundle (JSON:API's 404 for the resource type). */
  absent?: boolean;
}

export interface RedirectHop {
  from: string;
  to: string;
  status?: number;
}

export type PathLookup =
  | {
      kind: 'entity';
      entityType: string;
      bundle: string;
      id: number;
      uuid: string;
      label?: string;
      isHome: boolean;
      /** JSON:API individual document URL, as Drupal gives it. */
      individual?: string;
      /** Drupal's URL of the entity (`resolved`: its alias, also for /node/12), absolute or root-relative as Drupal gave it. */
      resolvedPath?: string;
      redirects: RedirectHop[];
    }
  | { kind: 'external'; redirects: RedirectHop[] }
  /** A webform's own page (`/form/consultation`): a config entity, named by its machine id. */
  | { kind: 'webform'; id: string }
  | { kind: 'not-found' }
  | { kind: 'forbidden' };

export interface MenuItem {
  title: string;
  url: string;
  children: MenuItem[];
}

export interface HeadTag {
  tag: 'meta' | 'link';
  attributes: Record<string, string>;
}

export interface HeadData {
  title?: string;
  tags: HeadTag[];
}

export interface Crumb {
  title: string;
  link?: string;
}

export interface Block {
  id: string;
  region: string;
  label?: string;
  labelVisible: boolean;
  weight: number;
  /** Sanitised (sanitize-html.ts); empty for a block that is a list of links. */
  html: string;
  /** A block the module fills with links for the page (next_cycle_links), shown as a list. */
  links?: NodeLink[];
}

/** A node's page, for the sitemap. */
export interface NodePath {
  path: string;
  /** YYYY-MM-DD: the node's last change, else its creation. */
  lastmod?: string;
  nid?: number;
}

export interface SearchResult {
  title: string;
  url?: string;
  service?: { title: string; url?: string };
}

/** One card of a carousel of other content (a doctor, a news item, a promotion). */
export interface Teaser {
  nid?: number;
  title: string;
  url?: string;
  image?: Image;
  /** A short line under the title: a doctor's post, a promotion's subtitle. */
  note?: string;
  /** YYYY-MM-DD: a news item's date. */
  date?: string;
  /** YYYY-MM-DD: a promotion's last day (field_action_date). */
  until?: string;
}

/** A slide of the home page's main slider (docs/requirements.md §2). */
export interface HomeSlide {
  uuid: string;
  title: string;
  /** Sanitised (sanitize-html.ts). */
  bodyHtml?: string;
  image: Image;
  /** For phones; the desktop image when Drupal has none. */
  mobileImage?: Image;
  /** Where the slide's link field points; none when it has no usable link. */
  link?: { url: string; title?: string };
}

/**
 * A row of one of the clinic's Views lists (docs/requirements.md §3 "Services response"): a
 * doctor, a review, a promotion, a before/after pair, a question, an article.
 */
export interface ViewRow {
  nid?: number;
  title: string;
  url?: string;
  /** The row's pictures as Views sends them (thumbnails where it sends both). */
  images: Image[];
  /** Full-size pictures: a doctor's big photo, licence scans. */
  fullImages: Image[];
  /** A short line: a doctor's post, a promotion's subtitle. */
  note?: string;
  /** A service's price line ("от 15 000 руб."). */
  price?: string;
  /** Sanitised (sanitize-html.ts): the body or the feedback text. */
  html?: string;
  /** A Q&A item's question. */
  question?: string;
  /** The doctor a review names. */
  author?: string;
  /** YYYY-MM-DD. */
  date?: string;
  /** YYYY-MM-DD: a promotion's last day. */
  until?: string;
  /** Q&A marked «do not show on the page». */
  hidden: boolean;
  /** A doctor's reviews, where the list nests them. */
  feedbacks: ViewRow[];
}
