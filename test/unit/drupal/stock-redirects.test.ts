import { describe, expect, it } from 'vitest';
import { stockRedirectCalls } from '../../../worker/drupal/stock/redirects';
import { classifyRedirectTarget } from '../../../worker/paths/redirect-target';
import { fakeDrupal, stockFixture } from './stock-harness';

const withExport = () =>
  fakeDrupal((url) => (url.pathname === '/rest/redirects' ? { status: 200, body: stockFixture('redirects') } : { status: 404 }));

describe('the stock redirects from a Views REST export (docs/drupal.md, "The stock model")', () => {
  it('finds a redirect to a path that is no entity, whatever form Views gave source and target', async () => {
    const { context } = withExport();
    const { redirect } = stockRedirectCalls(context);
    expect(await redirect('/old-news.html')).toEqual({ from: '/old-news.html', to: '/news.html', status: 301 });
    // A source with its leading slash and in another letter case, a status as a number.
    expect(await redirect('/akciya.html')).toEqual({ from: '/akciya.html', to: '/special/skidka.html', status: 302 });
    // A source and a target as Views' rendered links, the source percent-encoded.
    expect(await redirect('/акция.html')).toMatchObject({ to: '/special.html' });
    // The field ids Views uses without aliases, and the redirect module's base: URI.
    expect(await redirect('/by-field-id.html')).toEqual({ from: '/by-field-id.html', to: '/contacts.html', status: 302 });
    // An entity's system path, which the site then sends on to its alias; no status is 301.
    expect(await redirect('/doctors/ivanova.html')).toEqual({ from: '/doctors/ivanova.html', to: '/node/50', status: 301 });
    expect(await redirect('/front.html')).toMatchObject({ to: '/' });
    expect(await redirect('/news.html')).toBeNull();
  });

  it('follows a chain to its end in memory, an absolute URL on Drupal read as its path, with the first hop’s status', async () => {
    const { context } = withExport();
    expect(await stockRedirectCalls(context).redirect('/smas.html')).toEqual({
      from: '/smas.html',
      to: '/services/smas.html',
      status: 301,
    });
  });

  it('ends a loop where it began: no redirect for resolve-path', async () => {
    const { context } = withExport();
    expect(await stockRedirectCalls(context).redirect('/loop-a.html')).toMatchObject({ to: '/loop-a.html' });
  });

  it('hands other sites and unsafe targets on as they are, for the caller to allow or refuse as it does for any hop', async () => {
    const { context } = withExport();
    const { redirect } = stockRedirectCalls(context);
    const targets = await Promise.all(['/magazin.html', '/go/partner', '/go/promo'].map(async (path) => (await redirect(path))!.to));
    expect(targets.map((to) => classifyRedirectTarget(to).kind)).toEqual(['external', 'refused', 'refused']);
  });

  it('leaves out rows it cannot use: a source with a query, a target that leads nowhere, no source', async () => {
    const { context } = withExport();
    const { redirect } = stockRedirectCalls(context);
    expect(await redirect('/with-query.html')).toBeNull();
    expect(await redirect('/nolink.html')).toBeNull();
    expect(await redirect('/')).toBeNull();
  });

  it('reads the whole export once for every path', async () => {
    const { context, requests, loaded } = withExport();
    const { redirect } = stockRedirectCalls(context);
    await Promise.all(['/old-news.html', '/smas.html', '/news.html', '/doctors/ivanova.html'].map(redirect));
    expect(requests).toEqual(['/rest/redirects']);
    expect([...loaded.values()][0]?.tags).toEqual(expect.arrayContaining(['redirect']));
  });

  it('has no redirects on a Drupal without the view (404), that refuses it (403), or whose empty export came in the subrequests envelope', async () => {
    for (const reply of [
      { status: 404, body: { message: 'No route found for "GET http://drupal.test/rest/redirects"' } },
      { status: 403, body: { message: "The 'access content' permission is required." } },
      { status: 200, body: { content: '[]', headers: { 'content-type': ['application/json'] } } },
    ]) {
      const { context } = fakeDrupal(() => reply);
      expect(await stockRedirectCalls(context).redirect('/old-news.html')).toBeNull();
    }
  });

  it('reads a target on Drupal under a sub-path as the site’s path', async () => {
    const { context } = fakeDrupal(
      () => ({
        status: 200,
        body: [
          { source: 'old.html', target: 'http://drupal.test/cms/news.html', status: '301' },
          { source: 'elsewhere.html', target: 'http://drupal.test/news.html', status: '301' },
        ],
      }),
      'http://drupal.test/cms',
    );
    const { redirect } = stockRedirectCalls(context);
    expect(await redirect('/old.html')).toMatchObject({ to: '/news.html' });
    // Drupal's host outside its base path is not Drupal's page: an absolute URL, as given.
    expect(await redirect('/elsewhere.html')).toMatchObject({ to: 'http://drupal.test/news.html' });
  });
});
