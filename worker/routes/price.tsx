import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { priceEditLinks } from '../components/EditLink';
import { optional } from '../drupal/optional';
import { PriceScreen } from '../screens/PriceScreen';

/**
 * /price.html (docs/requirements.md §2): every group of the price list. Should Drupal fail to give it,
 * the page still stands and asks the visitor to call.
 */
export async function priceRoute(c: Context<AppEnv>): Promise<Response> {
  const groups = await optional('price list', c.var.drupal.priceList('/price.html'), []);
  // docs/requirements.md §6: an edit link beside each item with a node id, for editors only.
  const editLink = c.var.editor ? priceEditLinks(c.var.config.drupalBaseUrl) : undefined;
  return c.render(<PriceScreen groups={groups} phone={c.var.config.site.phone} editLink={editLink} />, { title: 'Цены' });
}
