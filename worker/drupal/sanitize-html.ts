import { POPUP_ATTRIBUTE, popupPageOf, type PopupForm } from '../../common/popups';
import { WAKES_ATTRIBUTE } from '../../common/island-markers';
import type { IslandName } from '../../client/islands';
import { decodeEntities, escapeAttribute } from './entities';
import { popupOfElement } from './popup-links';
import { safeUrl } from './safe-url';
import { VIDEO_EMBED_ORIGINS } from './video-hosts';

/**
 * Drupal's formatted text (bodies, blocks, other text fields) is rendered with
 * dangerouslySetInnerHTML, so whatever an editor, a paste or a compromised account saved
 * would run in visitors' browsers. Every such value passes through `sanitizeHtml` once, at
 * the Drupal client, before it is cached.
 *
 * An allowlist on workerd's HTMLRewriter (lol-html, a spec-compliant tokenizer): the browser
 * tokenizes our output as HTMLRewriter did, and every element and attribute it sees is one we
 * let through. Tags not listed are unwrapped (their content stays), except DROPPED ones, which
 * go with their content; attributes not listed are removed (so every `on*`, `style`, `id` and
 * `data-*`: no event handlers, no CSS tricks, no clashes with the page's own ids or islands).
 */

const GLOBAL_ATTRIBUTES = ['class', 'title', 'lang', 'dir'];

const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  hr: [],
  div: [],
  span: [],
  pre: [],
  code: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  small: [],
  mark: [],
  del: [],
  ins: [],
  abbr: [],
  blockquote: ['cite'],
  q: ['cite'],
  cite: [],
  ul: [],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  dl: [],
  dt: [],
  dd: [],
  a: ['href', 'target', 'rel', 'hreflang'],
  img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
  picture: [],
  source: ['srcset', 'src', 'sizes', 'media', 'type', 'width', 'height'],
  video: ['src', 'poster', 'controls', 'width', 'height', 'preload', 'muted', 'loop', 'playsinline'],
  figure: [],
  figcaption: [],
  table: [],
  caption: [],
  colgroup: ['span'],
  col: ['span'],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  // Only with a src from a video player (isAllowedEmbed); any other iframe is dropped.
  iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'frameborder', 'loading', 'referrerpolicy'],
};

/**
 * Dropped with their content: active content, forms, document-level tags, and every element
 * whose content the browser reads as raw text (script, style, textarea, title, xmp, noembed,
 * noframes, noscript, plaintext, iframe): unwrapped, that text would become markup.
 */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'optgroup',
  'datalist',
  'output',
  'base',
  'meta',
  'link',
  'title',
  'head',
  'frame',
  'frameset',
  'noframes',
  'noembed',
  'xmp',
  'plaintext',
  'portal',
]);

/**
 * Where each player's embed URLs start: the rest of those sites (all of vk.com, say) is no
 * player. The origins themselves are shared with the Content-Security-Policy (video-hosts.ts).
 */
const EMBED_PATHS: ReadonlyMap<string, string> = new Map([
  ['https://www.youtube.com', '/embed/'],
  ['https://youtube.com', '/embed/'],
  ['https://www.youtube-nocookie.com', '/embed/'],
  ['https://player.vimeo.com', '/video/'],
  ['https://rutube.ru', '/play/embed/'],
  ['https://vk.com', '/video_ext.php'],
  ['https://vkvideo.ru', '/video_ext.php'],
]);
const EMBED_ORIGINS: ReadonlySet<string> = new Set(VIDEO_EMBED_ORIGINS);

const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite']);

// Pasted images arrive as data URLs; raster ones cannot script (SVG can, in some contexts).
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp|avif);base64,[a-z0-9+/=\s]*$/i;

/**
 * Closes whatever a truncated input leaves open (an attribute, a tag, a comment), so that it
 * cannot run on into the page's own markup. In text it is just two comments, which go.
 */
const TERMINATOR = `<!--"'><!---->`;

export function isAllowedEmbed(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src, 'https://relative.invalid/');
  } catch {
    return false;
  }
  // `origin` is scheme, host and any non-default port: http:, other ports and look-alike hosts all miss.
  return EMBED_ORIGINS.has(url.origin) && !url.username && !url.password && url.pathname.startsWith(EMBED_PATHS.get(url.origin) ?? '/');
}

/**
 * An image's src that names a file: a raster data URL, a root-relative path or an absolute
 * http(s) URL. A path-relative one ("x", "images/a.png", "") would resolve against the site's
 * page, where Drupal's relative files never are: a request for nothing, answered by a 404 page.
 */
function checkedImageSrc(value: string): string | undefined {
  const trimmed = value.trim();
  if (DATA_IMAGE.test(trimmed)) return trimmed;
  const safe = safeUrl(value);
  return safe !== undefined && /^(?:\/|https?:\/\/)/i.test(safe.trim()) ? safe : undefined;
}

function checkedUrl(tag: string, name: string, value: string): string | undefined {
  if (tag === 'img' && name === 'src') return checkedImageSrc(value);
  if (tag === 'iframe') return isAllowedEmbed(value) ? value : undefined;
  return safeUrl(value);
}

/** `srcset` is a comma-separated list of "URL descriptor"; one bad URL drops the attribute. */
function checkedSrcset(value: string): string | undefined {
  const candidates = value
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const ok = candidates.every((candidate) => safeUrl(candidate.split(/\s+/)[0]) !== undefined);
  return ok && candidates.length > 0 ? candidates.join(', ') : undefined;
}

function sanitizeElement(element: Element): void {
  // Read before the allowlist strips the class's companions (data-form…): see popup-links.ts.
  const popup = popupOfElement(element.tagName, (name) => {
    const value = element.getAttribute(name);
    return value === null ? null : decodeEntities(value);
  });
  // A button or span that opens a popup becomes a link to the popup's page: it works without
  // JavaScript, and a keyboard reaches it. lol-html renames the end tag with it.
  if (popup && element.tagName !== 'a') element.tagName = 'a';
  const tag = element.tagName;
  const allowed = ALLOWED[tag];
  if (DROPPED.has(tag) || (tag === 'iframe' && !isAllowedEmbed(decodeEntities(element.getAttribute('src') ?? '')))) {
    element.remove();
    return;
  }
  if (!allowed) {
    element.removeAndKeepContent();
    return;
  }

  const names = [...element.attributes].map(([name = '']) => name);
  for (const name of names) {
    if (!allowed.includes(name) && !GLOBAL_ATTRIBUTES.includes(name)) element.removeAttribute(name);
  }
  for (const name of ['srcset', ...URL_ATTRIBUTES]) {
    const raw = element.getAttribute(name);
    if (raw === null || !allowed.includes(name)) continue;
    // The browser decodes references in attributes (`&#106;avascript:`): check what it will read,
    // and write back exactly that, so nothing is left for it to decode differently.
    const value = decodeEntities(raw);
    const checked = name === 'srcset' ? checkedSrcset(value) : checkedUrl(tag, name, value);
    const unchanged = checked !== undefined && escapeAttribute(checked) === raw && names.filter((n) => n === name).length === 1;
    if (unchanged) continue;
    element.removeAttribute(name);
    if (checked !== undefined) element.setAttribute(name, escapeAttribute(checked));
  }

  // An image with nothing to show is left out rather than shown broken (and fetched for nothing).
  if (tag === 'img' && element.getAttribute('src') === null) {
    element.remove();
    return;
  }
  if (tag === 'a' && popup) markPopupLink(element, popup);
  else if (tag === 'a') {
    const target = element.getAttribute('target');
    if (target !== null && target !== '_blank') element.removeAttribute('target');
    // A page opened with _blank must not get a handle on ours (window.opener) nor our URL.
    if (target === '_blank') {
      const rel = new Set([
        ...decodeEntities(element.getAttribute('rel') ?? '')
          .split(/\s+/)
          .filter(Boolean),
        'noopener',
        'noreferrer',
      ]);
      element.setAttribute('rel', escapeAttribute([...rel].join(' ')));
    }
  }
  // An iframe's content is never shown; it is raw text that we need not pass on.
  if (tag === 'iframe') element.setInnerContent('');
}

/** The island an editor's popup link wakes, named as the islands' table names it (the type checks it). */
const POPUP_ISLAND: IslandName = 'Popup';

/**
 * docs/requirements.md §2: buttons: an editor's link to a popup opens that popup, as the site's own buttons
 * do; without JavaScript it goes to the popup's page, which opens it over the home page.
 */
function markPopupLink(element: Element, popup: PopupForm): void {
  element.setAttribute('href', popupPageOf(popup));
  // The popup opens over this page: nothing is left to open in another tab.
  element.removeAttribute('target');
  element.setAttribute(POPUP_ATTRIBUTE, popup);
  element.setAttribute(WAKES_ATTRIBUTE, POPUP_ISLAND);
}

/** Drupal HTML made safe to render as is (see above). */
export async function sanitizeHtml(html: string): Promise<string> {
  if (html === '') return '';
  const rewriter = new HTMLRewriter().on('*', { element: sanitizeElement }).onDocument({
    comments: (comment) => {
      comment.remove();
    },
    // A `<` in text is text only because of what followed it; once a neighbour is removed
    // ("<<script></script>img onerror=…>") it could start a tag. Escaped, it cannot.
    text: (text) => {
      if (text.text.includes('<')) text.replace(text.text.replaceAll('<', '&lt;'), { html: true });
    },
  });
  return rewriter.transform(new Response(html + TERMINATOR)).text();
}
