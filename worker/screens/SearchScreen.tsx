import { Search } from 'lucide-react';
import type { SearchResult } from '../drupal/types';
import { Card } from '../components/ui/Card';
import { Icon } from '../components/ui/Icon';

export function SearchScreen({ keywords, results }: { keywords: string; results: SearchResult[] }) {
  return (
    <section className="search-page">
      <header className="page-header">
        <h1>Поиск</h1>
      </header>
      <form action="/search/node" method="get" role="search" className="search-page__form">
        <label className="search-field">
          <Icon icon={Search} size={20} className="search-field__icon" />
          <input className="search-bar__input" type="search" name="keys" defaultValue={keywords} aria-label="Что найти" placeholder="Процедура, врач или статья" />
        </label>
        <button className="button" type="submit">
          Найти
        </button>
      </form>
      {keywords && results.length === 0 && <p className="empty-note">По запросу «{keywords}» ничего не найдено.</p>}
      {results.length > 0 && (
        <ul className="cards cards--list">
          {results.map((result, i) => (
            <Card key={i} title={result.title} href={result.url}>
              {result.service && (
                <p className="card__meta">
                  Услуга: {result.service.url ? <a href={result.service.url}>{result.service.title}</a> : result.service.title}
                </p>
              )}
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}
