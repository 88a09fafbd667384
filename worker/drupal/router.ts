import type { KvCache } from '../cache/kv-cache';
import type { DrupalContext } from './context';
import { parse, type Decoder } from './decode';
import { OriginError } from '../cache/origin-error';
import { TranslatePathSchema } from './schemas/translate-path';
import { tagged } from './tags';
import type { PathLookup } from './types';

/** A path's lookup that found an entity. */
export type EntityLookup = Extract<PathLookup, { kind: 'entity' }>;

/** What a path is on Drupal: decoupled_router's translate-path (a redirect is looked up by module-sources.ts). */
export interface RouterCalls {
  translatePath(path: string): Promise<PathLookup>;
  /**
   * The entity `path` resolved to when Drupal was last asked, from the cache however old or
   * purged, without a call: a guess a page may start its round on while the path's lookups are
   * asked again (after a purge, in an editor's view), kept only if they name the same entity.
   * None for a path that redirected then.
   */
  pathBefore(path: string): Promise<EntityLookup | undefined>;
}

/** `guesses`: where `pathBefore` looks (an editor's uncached client looks in the shared cache). */
export function routerCalls({ urls, cache, fetch, onePathOnly }: DrupalContext, guesses: Pick<KvCache, 'lastKnown'>): RouterCalls {
  return {
    translatePath: (path) => {
      const url = urls.translatePath(path);
      const decode = tagged(decodeTranslatePath, (lookup) => (lookup.kind === 'entity' ? [`${lookup.entityType}:${lookup.id}`] : []));
      return cache.get(url, () => onePathOnly('translate-path', url, async () => decode(await fetch(url)), { kind: 'not-found' }));
    },

    pathBefore: async (path) => {
      const before = await guesses.lastKnown<PathLookup>(urls.translatePath(path)).catch(() => undefined);
      return before?.kind === 'entity' && typeof before.uuid === 'string' && before.redirects.length === 0 ? before : undefined;
    },
  };
}

const decodeTranslatePath: Decoder<PathLookup> = ({ status, body }) => {
  if (status === 404) return { value: { kind: 'not-found' }, negative: true };
  if (status === 403) return { value: { kind: 'forbidden' }, negative: true };
  if (status !== 200) throw new OriginError(`translate-path: Drupal ответил ${status}`, status);
  const doc = parse('translate-path', TranslatePathSchema, body);
  const redirects = doc.redirect ?? [];
  if (!doc.entity) {
    if (redirects.length > 0) return { value: { kind: 'external', redirects } };
    throw new OriginError('translate-path: ни сущности, ни перенаправления', 200, { unhealthy: false });
  }
  const { id } = doc.entity;
  // A webform may be one of the popups (resolve-path.ts), whatever its machine name: `[a-z0-9_]`, so digits alone too,
  // which the schema reads as a number. Any other config entity (a machine name, not a number) is no page of ours.
  if (doc.entity.type === 'webform') return { value: { kind: 'webform', id: String(id) } };
  if (typeof id === 'string') return { value: { kind: 'not-found' } };
  return {
    value: {
      kind: 'entity',
      entityType: doc.entity.type,
      bundle: doc.entity.bundle,
      id,
      uuid: doc.entity.uuid,
      // A node's label is not kept: for an API account that sees drafts it may be a draft's title, and a node's page reads its own.
      label: doc.entity.type === 'node' ? undefined : doc.label,
      isHome: doc.isHomePath ?? false,
      individual: doc.jsonapi?.individual,
      // As Drupal gave it: its origin tells a URL of Drupal's own from one elsewhere (paths/canonical-path.ts).
      resolvedPath: doc.resolved ?? doc.entity.path,
      redirects,
    },
  };
};
