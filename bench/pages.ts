/**
 * The page kinds the bench measures: home, a service, a doctor, a
 * listing and the price list. The service and the doctor are whatever Drupal
 * published last, so the bench runs against any clinic's content.
 */
export interface PageKind {
  name: string;
  path: string;
  /** Another page of the same kind (the next newest), where there is one: the cold page on a worker that ran its kind's code. */
  sibling?: string;
}

/**
 * What a cold page is asked with: a browser's navigation (its `Accept`, which may get the document's start before
 * Drupal's second round), uncompressed so that the time is the site's and not the client's inflate.
 */
export const NAVIGATION_HEADERS = {
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Accept-Encoding': 'identity',
};

/** The newest published node of `bundle`, and the one before it when there is one. */
async function newestTwo(drupalUrl: string, bundle: string): Promise<{ path: string; sibling?: string }> {
  const res = await fetch(`${drupalUrl}/jsonapi/node/${bundle}?filter[status]=1&page[limit]=2&sort=-created`);
  const doc = (await res.json()) as { data: { attributes: { path: { alias: string } } }[] };
  const [path, sibling] = doc.data.map((node) => node.attributes.path.alias);
  if (!path) throw new Error(`Drupal has no published ${bundle}`);
  return { path, sibling };
}

const newestAlias = async (drupalUrl: string, bundle: string) => (await newestTwo(drupalUrl, bundle)).path;

export async function pageKinds(drupalUrl: string): Promise<PageKind[]> {
  const [service, doctor] = await Promise.all([newestTwo(drupalUrl, 'services'), newestTwo(drupalUrl, 'doctors')]);
  return [
    { name: 'home', path: '/' },
    { name: 'service', ...service },
    { name: 'doctor', ...doctor },
    { name: 'listing', path: '/news.html' },
    { name: 'price list', path: '/price.html' },
  ];
}

/**
 * The rounds table's page kinds (bench/rounds.ts): the kinds above, a news item, and a services section's term
 * page (the demo's first term; a section whose service page has its name answers 301 to it, docs/requirements.md §4).
 */
export async function roundsKinds(drupalUrl: string, kinds: readonly PageKind[]): Promise<PageKind[]> {
  return [...kinds, { name: 'article', path: await newestAlias(drupalUrl, 'news') }, { name: 'term', path: '/taxonomy/term/1' }];
}

/** The status a page answers, when it is not 200 (the price list is built in the next issue). */
export async function statusIfNot200(siteUrl: string, path: string): Promise<number | null> {
  const res = await fetch(siteUrl + path);
  await res.arrayBuffer();
  return res.status === 200 ? null : res.status;
}
