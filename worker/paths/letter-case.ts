/**
 * An old address of one of the site's own pages in another letter case
 * (`/DOCTORS.html`, `/Price.html`): its lower-case form when that is one of
 * `patterns` (Hono's route paths, `:name` a segment of any value), so that it
 * answers 301 there as Drupal's aliases do (canonical-path.ts). Undefined for
 * any other path, which stays Drupal's to resolve.
 */
export function ownRouteInOtherCase(path: string, patterns: readonly string[]): string | undefined {
  const lower = path.toLowerCase();
  if (lower === path) return undefined;
  const segments = lower.split('/');
  const matches = (pattern: string) => {
    const parts = pattern.split('/');
    return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
  };
  return patterns.some(matches) ? lower : undefined;
}
