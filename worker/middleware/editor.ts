import type { MiddlewareHandler } from 'hono';
import { wantedRelationships } from '../bundles/registry';
import { noCache } from '../cache/no-cache';
import type { Bindings } from '../config/bindings';
import { createDrupalClient } from '../drupal/client';
import { sharedGuesses } from '../drupal/from-config';
import { clearedCookie, sessionCookieName, sessionIdOf } from '../editors/cookie';
import type { Editor } from '../cache/checked-sessions';
import { drupalAt } from '../editors/drupal-session';
import { deleteSession } from '../editors/session-store';
import { verifySession, type Verdict } from '../editors/verify-session';
import { editHeaders } from './edit-headers';
import type { ConfigVariables } from './config';
import type { RequestLogVariables } from './request-log';

/** What this middleware puts on the context: the editor, or null for a visitor. */
export interface EditorVariables {
  editor: Editor | null;
}

const READS = new Set(['GET', 'HEAD']);

/**
 * Knows the request's editor, if any (`c.var.editor`; worker/editors/ holds the
 * session itself). For an editor's reads the request's Drupal client becomes an
 * uncached one that speaks with the editor's session (drafts visible, the shared
 * cache neither read nor written); writes (the popup forms' submissions) keep the
 * site's client, since Drupal refuses a cookie-authenticated POST without its CSRF
 * token. Every response to a request that carried a session cookie is `private,
 * no-store`: no shared cache and no browser cache may keep what an editor saw. A
 * session that is forged, expired or ended in Drupal is forgotten and its cookie cleared.
 */
export function editorSession(): MiddlewareHandler<{
  Bindings: Bindings;
  Variables: ConfigVariables & EditorVariables & Partial<RequestLogVariables>;
}> {
  return async (c, next) => {
    const { config } = c.var;
    const id = sessionIdOf(c);
    const verdict: Verdict | undefined = id ? await verifySession(config.kv, drupalAt(config, c.var.drupalCalls), id) : undefined;
    const editor = verdict?.kind === 'editor' ? verdict.editor : null;
    c.set('editor', editor);
    if (verdict?.kind === 'invalid' && verdict.hash) {
      c.executionCtx.waitUntil(deleteSession(config.kv, verdict.hash).catch(() => undefined));
    }
    if (editor && READS.has(c.req.method)) {
      c.set(
        'drupal',
        createDrupalClient({
          baseUrl: config.drupalBaseUrl,
          cache: noCache,
          guesses: sharedGuesses(config),
          timeoutMs: config.origin.timeoutMs,
          cookie: editor.drupalCookie,
          drafts: true,
          recorder: c.var.drupalCalls,
          wants: wantedRelationships,
          modules: config.frame.modules,
          menus: config.frame.menus,
          placedBlocks: config.frame.blocks,
        }),
      );
    }

    await next();

    const html = (c.res.headers.get('Content-Type') ?? '').startsWith('text/html');
    if (id === undefined) {
      // The same URL answers an editor differently: a page the browser kept before login must not be shown after it.
      if (html) editHeaders(c, (headers) => headers.append('Vary', 'Cookie'));
      return;
    }
    editHeaders(c, (headers) => {
      headers.set('Cache-Control', 'private, no-store');
      if (html) headers.append('Vary', 'Cookie');
      // Unless the handler has just set a new session (a login over a dead one).
      const renewed = headers.getSetCookie().some((line) => line.startsWith(`${sessionCookieName(c)}=`));
      if (verdict?.kind === 'invalid' && !renewed) headers.append('Set-Cookie', clearedCookie(c));
      if (editor && READS.has(c.req.method) && !headers.has('X-Cache')) headers.set('X-Cache', 'BYPASS');
    });
  };
}
