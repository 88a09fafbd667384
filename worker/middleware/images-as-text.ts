import type { Env, MiddlewareHandler } from 'hono';
import { lowVisionIn } from '../../common/low-vision';

/**
 * «Изображения: скрыть» of the version for the visually impaired: every picture
 * of the page, the frame's and the ones inside Drupal's HTML alike, becomes its
 * alt text, so nothing the picture said is lost and no image is downloaded. Done
 * on the way out, over the streamed HTML, inside the rendered-page cache: a kept
 * page already carries it.
 */
export function imagesAsText<E extends Env>(): MiddlewareHandler<E> {
  return async (c, next) => {
    await next();
    const settings = lowVisionIn(c.req.header('Cookie'));
    if (!settings || settings.images || !c.res.body || !(c.res.headers.get('Content-Type') ?? '').startsWith('text/html')) return;
    c.res = new HTMLRewriter()
      .on('img', {
        element(img) {
          const alt = decodeEntities(img.getAttribute('alt') ?? '').trim();
          if (alt) {
            img.before('<span class="lv-alt">', { html: true });
            img.before(alt, { html: false });
            img.before('</span>', { html: true });
          }
          img.remove();
        },
      })
      // A <picture>'s sources would still be chosen by nothing: they go with their image.
      .on('picture > source', { element: (source) => void source.remove() })
      // React hoists a preload for the first pictures: without it, the browser fetches them all the same.
      .on('link[rel="preload"][as="image"]', { element: (link) => void link.remove() })
      .transform(c.res);
  };
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  laquo: '«',
  raquo: '»',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

/**
 * lol-html hands over an attribute as written, entities and all; the text goes back
 * in escaped (html: false), so it is decoded first, or «&amp;» would show as such.
 */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? entity;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
