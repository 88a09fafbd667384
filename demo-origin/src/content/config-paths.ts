/**
 * Paths that are config entities rather than nodes, as decoupled_router resolves them: each
 * webform's own page (webform's default `/form/{id}`, underscores as dashes) and the site-wide
 * contact form. Their `entity.id` is the machine name, a string.
 */
import { uuidFor } from '../lib/uuid';
import { webforms } from './webforms';

export interface ConfigEntity {
  readonly type: string;
  readonly bundle: string;
  readonly id: string;
  readonly uuid: string;
  readonly label: string;
  readonly path: string;
}

const configEntity = (type: string, id: string, label: string, path: string): ConfigEntity => ({
  type,
  bundle: type,
  id,
  uuid: uuidFor(`${type}:${id}`),
  label,
  path,
});

const CONFIG_ENTITIES: readonly ConfigEntity[] = [
  ...webforms.map((w) => configEntity('webform', w.id, w.title, `/form/${w.id.replace(/_/g, '-')}`)),
  configEntity('contact_form', 'feedback', 'Обратная связь', '/contact/feedback'),
];

/** The config entity whose page `path` is (case-insensitive, as path aliases are), if any. */
export function configEntityAt(path: string): ConfigEntity | undefined {
  const wanted = path.toLowerCase();
  return CONFIG_ENTITIES.find((e) => e.path === wanted);
}
