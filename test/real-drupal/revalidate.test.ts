/**
 * Purge on save as a real Drupal's `next` module (1.x) does it: an editor's save calls each
 * site's /api/revalidate with `?slug=<path>&secret=…`, once per path (the node's own page, then
 * its bundle's listing), at the end of Drupal's request. The new state shows at once on both
 * targets, and a node just unpublished or deleted leaves the listing that showed it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS } from '../setup/secrets';
import { TARGETS, drupal, get, h1, publishedNodes, saveNode, type PublishedNode } from './helpers';

const sites = TARGETS.map(([, url]) => url);

/** What the module logged it sent since `since` (its debug log, watchdog type `next`), as the URLs it called. */
async function calledSince(since: number): Promise<{ sent: string[]; succeeded: string[] }> {
  const messages = await drupal.watchdog('next', since);
  const urlOf = (line: string) => /URL: (\S+)/.exec(line)?.[1] ?? '';
  return {
    sent: messages.filter((m) => /Revalidating path/.test(m)).map(urlOf),
    succeeded: messages.filter((m) => /Successfully revalidated/.test(m)).map(urlOf),
  };
}

const revalidateUrl = (site: string, path: string) => `${site}/api/revalidate?slug=${path}&secret=${TEST_SECRETS.PURGE_SECRET}`;

/**
 * Exactly what the module sent for one save of a news item at `alias`, and that each call was answered 200: for each
 * site, GET <revalidate URL>?slug=<path>&secret=<secret> with no body, the node's own path and then its listing.
 */
async function expectCalls(since: number, alias: string) {
  const { sent, succeeded } = await calledSince(since);
  const expected = sites.flatMap((site) => [revalidateUrl(site, alias), revalidateUrl(site, '/news.html')]);
  expect([...sent].sort(), 'what the module sent').toEqual([...expected].sort());
  expect([...succeeded].sort(), 'every call answered 200').toEqual([...expected].sort());
  for (const site of sites) expect(sent.indexOf(revalidateUrl(site, alias))).toBeLessThan(sent.indexOf(revalidateUrl(site, '/news.html')));
}

let news: PublishedNode[] = [];
beforeAll(async () => {
  news = await publishedNodes('news');
  // Every page below seen once on both targets, so that each is cached before Drupal changes.
  for (const site of sites)
    for (const path of ['/news.html', ...news.slice(0, 3).map((n) => n.alias)]) expect((await get(site, encodeURI(path))).status).toBe(200);
});

describe("the next module's calls on a real Drupal", () => {
  it('sends ?slug= per path to each site on update, and the new title shows at once on both', async () => {
    const node = news[0]!;
    const title = `${node.title} (обновлено)`;
    const since = await drupal.watchdogMark();
    await saveNode(node.nid, { title });
    await expectCalls(since, node.alias);
    for (const site of sites) {
      const page = await get(site, encodeURI(node.alias));
      expect(h1(page.html), `${site}${node.alias}`).toBe(title);
      expect((await get(site, '/news.html')).html, `${site}/news.html`).toContain(title);
    }
  });

  it('takes an unpublished node off its listing at once, though its path no longer resolves', async () => {
    const node = news[1]!;
    for (const site of sites) expect((await get(site, '/news.html')).html).toContain(node.title);
    const since = await drupal.watchdogMark();
    await saveNode(node.nid, { status: false });
    await expectCalls(since, node.alias);
    for (const site of sites) {
      expect((await get(site, '/news.html')).html, `${site}/news.html`).not.toContain(node.title);
      const page = await get(site, encodeURI(node.alias));
      expect([403, 404], `${site}${node.alias}`).toContain(page.status);
      expect(page.html).not.toContain(`<h1`.concat('>', node.title));
    }
    await saveNode(node.nid, { status: true });
    for (const site of sites) expect((await get(site, '/news.html')).html, `${site}: published again`).toContain(node.title);
  });

  it('takes a deleted node off its listing, and lists a new one at once', async () => {
    const title = `Новость из теста ${Date.now().toString(36)}`;
    const alias = `/news/test-${Date.now().toString(36)}.html`;
    const since = await drupal.watchdogMark();
    const nid = Number(
      (
        await drupal.php(
          `$n = \\Drupal\\node\\Entity\\Node::create(['type' => 'news', 'title' => ${JSON.stringify(title)}, 'path' => ['alias' => ${JSON.stringify(alias)}], 'status' => 1]); $n->save(); echo $n->id();`,
        )
      ).trim(),
    );
    await expectCalls(since, alias);
    for (const site of sites) {
      expect((await get(site, '/news.html')).html, `${site}: the new item listed`).toContain(title);
      expect(h1((await get(site, encodeURI(alias))).html)).toBe(title);
    }
    const deleted = await drupal.watchdogMark();
    await drupal.php(`\\Drupal\\node\\Entity\\Node::load(${nid})->delete();`);
    await expectCalls(deleted, alias);
    for (const site of sites) {
      expect((await get(site, '/news.html')).html, `${site}: the deleted item gone`).not.toContain(title);
      expect((await get(site, encodeURI(alias))).status).toBe(404);
    }
  });
});
