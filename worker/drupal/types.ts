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
