/** Every bundle whose page a visitor can reach, one page of each being what the look suites walk. */
export const CONTENT_BUNDLES = [
  'services',
  'doctors',
  'patients',
  'news',
  'article',
  'gallery',
  'video',
  'page',
  'vacancy',
  'actions',
  'qa',
  'reviews',
  'equipment',
  'smi_o_nas',
  'problem',
] as const;

/**
 * The pages the frame suites walk: whatever service and doctor Drupal published
 * last, so the suites run against any clinic's content.
 */
export async function newestAlias(demoUrl: string, bundle: string): Promise<string> {
  const res = await fetch(`${demoUrl}/jsonapi/node/${bundle}?filter[status]=1&page[limit]=1&sort=-created`);
  const doc = (await res.json()) as { data: { attributes: { path: { alias: string } } }[] };
  const alias = doc.data[0]?.attributes.path.alias;
  if (!alias) throw new Error(`the demo origin has no published ${bundle}`);
  return alias;
}

/** The newest published page of each bundle, asked side by side. */
export async function newestAliases<B extends string>(demoUrl: string, bundles: readonly B[]): Promise<Record<B, string>> {
  const aliases = await Promise.all(bundles.map((bundle) => newestAlias(demoUrl, bundle)));
  return Object.fromEntries(bundles.map((bundle, i) => [bundle, aliases[i]!])) as Record<B, string>;
}

/** The first top-level entry of Drupal's services menu (the «Услуги» submenu shows it). */
export async function firstServicesMenuUrl(demoUrl: string): Promise<string> {
  const res = await fetch(`${demoUrl}/blocks_for_page/special_links/services.html`);
  const doc = (await res.json()) as { data: { url: string; depth: number }[] };
  const first = doc.data.find((item) => item.depth === 0);
  if (!first) throw new Error('the demo origin has an empty services menu');
  return first.url;
}
