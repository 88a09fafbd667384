import type { DrupalContext } from '../context';
import { decodeJson } from '../decode';
import { RedirectLookupSchema } from '../schemas/redirect';
import type { RedirectHop } from '../types';

/** The clinic's redirect lookup (docs/drupal.md §7a): decoupled_kit's `/decoupled_kit/redirect`. */
export interface ClinicRedirectCalls {
  /** The redirect from `path` (its last hop, the first's status), or none; none too on a Drupal without the module. */
  redirect(path: string): Promise<RedirectHop | null>;
}

export function clinicRedirectCalls({ urls, get }: DrupalContext): ClinicRedirectCalls {
  return {
    redirect: (path) => get(urls.redirect(path), decodeJson('redirect', RedirectLookupSchema, { notFound: null })),
  };
}
