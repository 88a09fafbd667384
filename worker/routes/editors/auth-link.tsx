import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { framed } from '../../middleware/page-renderer';
import { AuthLinkScreen } from '../../screens/AuthLinkScreen';
import { editorName } from './editor-name';
import { privatePage } from '../private-page';

/** docs/requirements.md §2, /auth_page_link.html: whether this browser is logged in as an editor. */
export const authLinkRoutes = new Hono<AppEnv>();

authLinkRoutes.get('/auth_page_link.html', framed(), async (c) => {
  const editor = c.var.editor;
  const view = editor ? { uid: editor.uid, name: await editorName(c, editor.uid) } : null;
  return privatePage(await c.render(<AuthLinkScreen editor={view} />, { title: 'Вход для редакторов' }));
});
