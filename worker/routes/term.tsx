import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { moduleOf } from '../bundles/registry';
import { optional } from '../drupal/optional';
import type { MenuItem, PathLookup } from '../drupal/types';
import { TermScreen } from '../screens/TermScreen';
import { renderError } from './error';

/**
 * A term's page reads nothing it relates to: asking a node bundle's relationships of a vocabulary that shares its
 * name (`services`) costs JSON:API's 400 and a narrowed retry, a round after the term's own.
 */
const TERM_INCLUDES: readonly string[] = [];

/** More services than a section ever holds; JSON:API's own cap on a page. */
const SECTION_SERVICES = 50;

/**
 * A taxonomy term (a services section, as search results link them). docs/requirements.md §4:
 * when the services menu has a service page of the same name, the visitor is
 * sent there; otherwise the term shows its description and its services.
 */
export async function termRoute(c: Context<AppEnv>, lookup: Extract<PathLookup, { kind: 'entity' }>): Promise<Response> {
  const { drupal, pagePath: path } = c.var;
  const [term, menu] = await Promise.all([drupal.entity(lookup, TERM_INCLUDES).node, optional('services menu', drupal.servicesMenu(), [])]);
  if (!term) return renderError(c, 404);
  const name = sameName(term.title || lookup.label || '');
  const page = name
    ? flatten(menu).find((item) => sameName(item.title) === name && item.url.startsWith('/') && item.url !== path)
    : undefined;
  if (page) return c.redirect(page.url, 301);

  const frame = c.var.frame.forPage();
  const services = await optional(
    `services of term ${lookup.id}`,
    drupal.nodesOfTerm('services', { vocabulary: lookup.bundle, uuid: lookup.uuid }, SECTION_SERVICES, moduleOf('services').wants),
    null,
  );
  const landing = await frame.landing;
  return c.render(<TermScreen term={term} services={services?.items ?? []} />, { title: term.title, layout: landing ? 'bare' : 'default' });
}

const sameName = (title: string) => title.trim().toLocaleLowerCase('ru').replaceAll('ё', 'е').replace(/\s+/g, ' ');

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);
