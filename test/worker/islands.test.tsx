import { beforeEach, describe, expect, it } from 'vitest';
import { freshStart, page } from './helpers';

beforeEach(freshStart);

function markers(html: string) {
  return [...html.matchAll(/<div data-island="([^"]+)" data-hydrate="([^"]+)" data-src="[^"]+" data-props="([^"]*)"/g)].map((m) => ({
    name: m[1],
    when: m[2],
    props: JSON.parse((m[3] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as unknown,
  }));
}

describe('islands', () => {
  it('marks each island with its name, when to hydrate and its JSON props', async () => {
    const { html } = await page('/search/node/пилинг');
    const found = markers(html);
    expect(found).toContainEqual({ name: 'SearchToggle', when: 'interaction', props: { barId: 'search-bar' } });
    expect(found).toContainEqual({ name: 'BackToTop', when: 'idle', props: { threshold: 250 } });
    expect(found).toContainEqual({ name: 'Popup', when: 'demand', props: { phone: '+7 (495) 000-20-13', initial: null } });
    expect(html).toContain('value="пилинг"');
  });

  it('server-renders the island inside its marker', async () => {
    const { html } = await page('/');
    expect(html).toMatch(/data-island="BackToTop"[^>]*><button[^>]*class="back-to-top"/);
    expect(html).toMatch(/data-island="SearchToggle"[^>]*><button[^>]*aria-expanded="false"/);
    expect(html).toMatch(/data-island="Popup"[^>]*><dialog[^>]*class="popup"/);
  });

  it('loads only the island loader and the stylesheet: no island code, no React up front', async () => {
    const { html } = await page('/');
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/entry-[\w-]+\.js$/);
    expect(html).not.toMatch(/modulepreload|hydrate-/);
    // An island's chunk is only named in its marker, for the loader to fetch when the island wakes.
    expect(html).toMatch(/data-island="BackToTop"[^>]*data-src="\/assets\/behaviors\/BackToTop-[\w-]+\.js"/);
    expect(html).toMatch(/data-island="Popup"[^>]*data-src="\/assets\/islands\/Popup-[\w-]+\.js"/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/entry-[\w-]+\.css"/);
  });

  it('names every island after its file, which is how the loader finds its code: the table has every file, each once', async () => {
    const { ISLANDS } = await import('../../client/islands');
    const files = Object.keys(import.meta.glob('../../client/islands/*.tsx')).map((file) => file.replace(/^.*\/(\w+)\.tsx$/, '$1'));
    expect(files.length).toBeGreaterThan(0);
    expect(Object.keys(ISLANDS).sort()).toEqual(files.sort());
    for (const [name, island] of Object.entries(ISLANDS)) expect(island.islandName).toBe(name);
  });

  it('knows every behaviour by its file: the table the worker renders from and the modules agree', async () => {
    const { BEHAVIOR_TRIGGERS } = await import('../../common/behaviors');
    const files = Object.keys(import.meta.glob('../../client/behaviors/*.ts')).map((file) => file.replace(/^.*\/(\w+)\.ts$/, '$1'));
    expect(files.sort()).toEqual(Object.keys(BEHAVIOR_TRIGGERS).sort());
  });
});

describe('the Island component', () => {
  it('takes the trigger from where it is used and hands server-rendered children to the island', async () => {
    const { renderToReadableStream } = await import('react-dom/server.edge');
    const { Island } = await import('../../worker/components/Island');
    const { defineIsland, islandsByFile } = await import('../../common/islands');
    // A stand-in component under a real island's name, which is what the manifest knows.
    const { Popup: Probe } = islandsByFile({
      Popup: defineIsland<{ label: string }>('idle', ({ label, children }) => <section aria-label={label}>{children}</section>),
    });
    const stream = await renderToReadableStream(
      <Island component={Probe} props={{ label: 'проба' }} when="visible">
        <p>Сделано на сервере</p>
      </Island>,
    );
    const html = await new Response(stream).text();
    expect(html).toContain('data-hydrate="visible"');
    expect(html).toMatch(
      /<section aria-label="проба"><div data-island-slot="" class="island-slot"><p>Сделано на сервере<\/p><\/div><\/section>/,
    );
  });
});
