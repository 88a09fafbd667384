import type { DrupalContext } from './context';
import { decodeJson } from './decode';
import { COUNT_PAGE, type JsonApi } from './jsonapi';
import { NodePathsSchema } from './schemas/node-paths';
import { listTags } from './tags';
import type { NodePath } from './types';

/** The sitemap protocol's most URLs a file; no bundle is walked further. */
const MAX_PATHS = 50_000;

/**
 * Every published node of `bundle` with an alias (the sitemap): its path, and its
 * `changed` (else `created`) day as YYYY-MM-DD when Drupal sends one. A bundle
 * Drupal does not have gives []; at most MAX_PATHS nodes.
 */
export const nodePaths =
  ({ urls, get }: DrupalContext, api: JsonApi) =>
  async (bundle: string): Promise<NodePath[]> => {
    const first = urls.collection(bundle, {
      fields: ['path', 'changed', 'created', 'drupal_internal__nid', 'status', 'metatag'],
      limit: COUNT_PAGE,
    });
    return get(first, async (response) => {
      // Another clinic's Drupal may not have the bundle: nothing of it to list, asked again after a while.
      if (response.status === 404 || response.status === 403) {
        console.warn(`nodes ${bundle}: Drupal ответил ${response.status}, тип пропущен`);
        return { value: [], negative: true };
      }
      const doc = (await decodeJson(`nodes ${bundle}`, NodePathsSchema)(response)).value;
      // No further than a sitemap file holds.
      const paths = await api.walk(`nodes ${bundle}`, doc, NodePathsSchema, MAX_PATHS);
      return { value: paths.flatMap((node) => (node ? [node] : [])), tags: listTags(bundle) };
    });
  };
