/**
 * Image relationships to include per bundle. JSON:API answers 400 for a relationship
 * a bundle does not have, so the lists follow the bundles' fields (spec §3).
 */
export const IMAGE_INCLUDES: Readonly<Record<string, readonly string[]>> = {};

export const includesFor = (bundle: string): readonly string[] => IMAGE_INCLUDES[bundle] ?? [];
