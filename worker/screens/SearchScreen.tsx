import type { SearchResult } from '../drupal/types';

export function SearchScreen({ keywords, results }: { keywords: string; results: SearchResult[] }) {
  return (
    <section>
      <h1>Поиск</h1>
      <form action="/search/node" method="get" role="search" className="search-bar__form">
        <input className="search-bar__input" type="search" name="keys" defaultValue={keywords} aria-label="Что найти" />
        <button className="button" type="submit">
          Найти
        </button>
      </form>
      {keywords && results.length === 0 && <p>По запросу «{keywords}» ничего не найдено.</p>}
      <ul className="cards">
        {results.map((result, i) => (
          <li key={i} className="card">
            <h2>{result.url ? <a href={result.url}>{result.title}</a> : result.title}</h2>
            {result.service && <p>Услуга: {result.service.url ? <a href={result.service.url}>{result.service.title}</a> : result.service.title}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
