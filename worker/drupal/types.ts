/** Our own shapes of Drupal's content; nothing past the Drupal client sees Drupal's. */

export interface Image {
  url: string;
  alt: string;
  width?: number;
  height?: number;
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
  /**
   * Other text-like attributes by field name: plain values (dates, video ids, link URIs), to be
   * rendered as text, and formatted text, as sanitised HTML.
   */
  texts: Record<string, string>;
  /** Boolean attributes by field name. */
  flags: Record<string, boolean>;
  /** Image and file relationships, resolved through `included`. */
  images: Record<string, Image[]>;
}

export interface NodeList {
  items: NodeData[];
  hasNext: boolean;
  /** Known only when Drupal counts (jsonapi_extras include_count). */
  total?: number;
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
      redirects: RedirectHop[];
    }
  | { kind: 'external'; redirects: RedirectHop[] }
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
  /** Sanitised (sanitize-html.ts). */
  html: string;
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

/** A slide of the home page's main slider (spec §2). */
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
