import { isolate } from '../cache/isolate';
import { chooseEncoding, entityTag, matchesTag } from '../cache/page-bytes';
import { renderClaimMs } from '../cache/page-renders';
import type { RenderedPage } from '../cache/rendered-pages';
import type { Bindings } from '../config/bindings';
import { readConfig } from '../config/config';
import { carriesEditorCookie } from '../editors/cookie';
import type { PageEncoding } from '../seams/seams';
import { keptPageKey } from './kept-page-key';
import { requestIdOf, writeLine } from './request-log';

/**
 * A visitor's page kept a moment ago (cache/rendered-pages.ts), answered before the app's middlewares and routes, as
 * a static file is answered before them: the kept page carries every header its first answer had (the security
 * headers among them), so serving it again is a lookup and the bytes (docs/architecture.md, "Kept pages"). Undefined
 * whenever the app has more to do: not a GET, an editor's cookie, settings that do not parse, nothing kept, or a
 * page past its moment that no request is rendering again yet (the app claims its render, rendered-pages.ts; while
 * that render runs, the others get the page as it was, from here).
 */
export function keptAnswer(request: Request, bindings: Bindings): Response | undefined {
  if (request.method !== 'GET' || carriesEditorCookie(request.headers.get('Cookie'))) return undefined;
  const settings = readConfig(bindings);
  if (!settings.ok) return undefined;
  const state = isolate();
  const { config } = settings;
  const key = keptPageKey(request);
  // Past its moment while another request renders it again, the page as it was (as rendered-pages.ts gives it then).
  const page =
    state.renderedPages.page(config, key, state.version) ??
    (state.pageRenders.held(config, key, renderClaimMs(config.origin.timeoutMs))
      ? state.renderedPages.lastPage(config, key, state.version)
      : undefined);
  if (!page) return undefined;
  const arrived = Date.now();
  const id = requestIdOf(request.headers);
  const response = keptResponse(page, request.headers, `req;desc="${id}", drupal;dur=0, render;dur=0`);
  // The request log's line, as the app's outermost middleware writes it (request-log.ts).
  writeLine(
    {
      time: new Date(arrived).toISOString(),
      id,
      target: bindings.PLATFORM === 'node' ? 'node' : 'workers',
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      cache: page.headers['x-cache'] ?? null,
      renderMs: 0,
      drupalMs: 0,
      drupal: [],
    },
    bindings.LOG_LINES,
  );
  return response;
}

/**
 * The kept page in the encoding the visitor takes, or a 304 when they have it; `timing` goes after the page's own
 * Server-Timing. Its headers stay a plain object: a runtime that writes them as they are (Node's adapter) does.
 */
export function keptResponse({ status, headers, bytes }: RenderedPage, request: Headers, timing?: string): Response {
  const encoding = chooseEncoding(request.get('Accept-Encoding') ?? undefined, Object.keys(bytes.encoded) as PageEncoding[]);
  const response: Record<string, string> = { ...headers, etag: entityTag(bytes.tag, encoding) };
  if (timing) response['server-timing'] = `${headers['server-timing']}, ${timing}`;
  if (matchesTag(request.get('If-None-Match') ?? undefined, bytes.tag)) return new Response(null, { status: 304, headers: response });
  if (!encoding) return new Response(bytes.identity, { status, headers: response });
  response['content-encoding'] = encoding;
  // workerd sends these bytes as they are, rather than compressing the body itself; other runtimes ignore the option.
  return new Response(bytes.encoded[encoding]!, { status, headers: response, encodeBody: 'manual' } as ResponseInit);
}
