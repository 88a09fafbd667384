import { Hono } from 'hono';
import type { AppEnv, C } from '../../app-env';
import { GONE, RECORD_ID, undeliveredLead, undeliveredList, type UndeliveredShown } from '../../editors/undelivered-views';
import { redeliver, UndeliveredUnavailable, UndeliveredUnreadable } from '../../leads/undelivered';
import { framed } from '../../middleware/page-renderer';
import { UNDELIVERED_PATH, UndeliveredScreen } from '../../screens/UndeliveredScreen';
import { field, formOf } from './form';
import { editorsOnly, forbidden, ownPostsOnly, privatePage } from '../private-page';

/** /undelivered.html: the leads that could not be delivered, for an editor to send again or delete. */
export const undeliveredRoutes = new Hono<AppEnv>();

/** Holds personal data when a lead is open: never stored by any cache, never indexed. */
async function show(c: C, shown: Promise<UndeliveredShown>): Promise<Response> {
  const { view, status } = await shown;
  return privatePage(await c.render(<UndeliveredScreen {...view} />, { title: 'Недоставленные заявки', status }), { store: false });
}

undeliveredRoutes.get(UNDELIVERED_PATH, editorsOnly(UNDELIVERED_PATH), framed(), (c) => {
  const id = c.req.query('id');
  const { config } = c.var;
  return show(c, id ? undeliveredLead(config, id, c.var.editor?.uid) : undeliveredList(config));
});

undeliveredRoutes.post(UNDELIVERED_PATH, framed(), ownPostsOnly, async (c) => {
  const editor = c.var.editor;
  // A POST by a non-editor is the 403 page: there is nothing to come back to.
  if (!editor) return forbidden(c);
  const { config } = c.var;
  const form = await formOf(c);
  const id = field(form, 'id');
  const action = field(form, 'action');
  if (!RECORD_ID.test(id) || !config.undelivered.store)
    return show(c, undeliveredList(config, { kind: 'error', message: 'Этой заявки в списке уже нет.' }, 404));

  if (action === 'redeliver') {
    try {
      const done = await redeliver(config, id);
      if (done === 'missing') return show(c, undeliveredList(config, { kind: 'error', message: GONE }, 404));
      return show(c, undeliveredList(config, { kind: 'queued' }));
    } catch (error) {
      const why =
        error instanceof UndeliveredUnavailable || error instanceof UndeliveredUnreadable ? error.message : 'очередь заявок не ответила';
      console.error(`Недоставленная заявка ${id}: снова поставить в очередь не удалось: ${why}`);
      const outcome = { kind: 'error', message: `Не удалось поставить заявку в очередь: ${why}. Она осталась в списке.` } as const;
      return show(c, undeliveredLead(config, id, editor.uid, { outcome }, 503));
    }
  }

  if (action === 'delete') {
    if (field(form, 'confirm') !== 'yes') return show(c, undeliveredLead(config, id, editor.uid, { confirmDelete: true }));
    await config.undelivered.store.remove(id);
    console.log(`Недоставленная заявка ${id} удалена редактором №${editor.uid}`);
    return show(c, undeliveredList(config, { kind: 'deleted' }));
  }

  const outcome = { kind: 'error', message: 'Не понятно, что сделать: выберите одно из действий ниже.' } as const;
  return show(c, undeliveredLead(config, id, editor.uid, { outcome }, 400));
});
