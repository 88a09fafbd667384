import { Hono } from 'hono';
import type { AppEnv, C } from '../../app-env';
import { currentGeneration } from '../../cache/generation';
import { drupalClientFor } from '../../drupal/from-config';
import { lastPurge, recordPurge } from '../../editors/last-purge';
import { purgePathOf } from '../../editors/purge-path';
import { framed } from '../../middleware/page-renderer';
import { CacheRebuildScreen, type PurgeOutcome } from '../../screens/CacheRebuildScreen';
import { editorName } from './editor-name';
import { field, formOf } from './form';
import { editorsOnly, forbidden, ownPostsOnly, privatePage } from '../private-page';

/** docs/requirements.md §2, /cache-rebuild.html: the editors' purge of the whole cache or of one page. */
export const cacheRebuildRoutes = new Hono<AppEnv>();

const PATH = '/cache-rebuild.html';

async function cachePage(c: C, outcome?: PurgeOutcome, status = 200): Promise<Response> {
  const { kv } = c.var.config;
  const [generation, last] = await Promise.all([currentGeneration(kv), lastPurge(kv)]);
  const who = last ? await editorName(c, last.uid) : undefined;
  const response = await c.render(<CacheRebuildScreen generation={generation} last={last && { ...last, who }} outcome={outcome} />, {
    title: 'Кэш сайта',
    status,
  });
  return privatePage(response, { store: false });
}

cacheRebuildRoutes.get(PATH, editorsOnly(PATH), framed(), (c) => cachePage(c));

cacheRebuildRoutes.post(PATH, framed(), ownPostsOnly, async (c) => {
  const editor = c.var.editor;
  // A POST by a non-editor is the 403 page: there is nothing to come back to.
  if (!editor) return forbidden(c);
  const { config } = c.var;
  // The shared cache itself: an editor's own client (c.var.drupal on their reads) has none to purge.
  const shared = drupalClientFor(config, { waitUntil: (promise) => c.executionCtx.waitUntil(promise), recorder: c.var.drupalCalls });
  const form = await formOf(c);

  if (field(form, 'action') === 'all') {
    const from = await currentGeneration(config.kv);
    const to = await shared.purgeAll();
    await recordPurge(config.kv, editor.uid, 'all');
    console.log(`Кэш очищен целиком редактором №${editor.uid}: поколение ${from} → ${to}`);
    return cachePage(c, { kind: 'all', from, to });
  }

  if (field(form, 'action') === 'path') {
    const typed = field(form, 'path');
    const path = purgePathOf(typed, [new URL(config.siteUrl).origin, new URL(c.req.url).origin]);
    if (!path) {
      return cachePage(
        c,
        { kind: 'error', message: 'Укажите адрес страницы этого сайта, например /price.html.', path: typed.slice(0, 300) },
        400,
      );
    }
    // The node behind the page reaches, through its cache tag, every list and carousel that shows it too.
    const lookup = await shared.translatePath(path).catch(() => null);
    const nid = lookup?.kind === 'entity' && lookup.entityType === 'node' ? lookup.id : undefined;
    await Promise.all([shared.purgePath(path), nid !== undefined ? shared.purgeTags([`node:${nid}`]) : undefined]);
    await recordPurge(config.kv, editor.uid, path);
    console.log(`Кэш страницы ${path} очищен редактором №${editor.uid}`);
    return cachePage(c, { kind: 'path', path, node: nid !== undefined });
  }

  return cachePage(c, { kind: 'error', message: 'Не понятно, что очистить: выберите одно из действий ниже.' }, 400);
});
