import { classifyRedirectTarget } from '../paths/redirect-target';

/** docs/requirements.md §5: only an internal path (not `//host`, not `/\host`, no scheme) may be a destination; else home. */
export function safeDestination(raw: string | undefined | null): string {
  if (!raw) return '/';
  const target = classifyRedirectTarget(raw);
  return target.kind === 'internal' ? target.location : '/';
}
