/**
 * A mode a DEMO_* var chooses (DEMO_SCHEMA, DEMO_MODULES): `fallback` when unset or empty; any other value is a
 * configuration mistake, whose message the middleware answers with 500 on every request so that it cannot go unnoticed.
 */
export function varMode<M extends string>(
  name: string,
  value: string | undefined,
  modes: readonly M[],
  fallback: M,
): { mode: M } | { mistake: string } {
  const raw = (value ?? '').trim();
  if (raw === '') return { mode: fallback };
  if ((modes as readonly string[]).includes(raw)) return { mode: raw as M };
  return { mistake: `${name} must be ${modes.map((m) => `"${m}"`).join(' or ')}, not "${raw}".` };
}
