/** An unset setting arrives as undefined or, from an empty .dev.vars line or `[vars]` entry, as "": both are unset. */
export const unsetToUndefined = (value: unknown) => (value === '' ? undefined : value);
