import { Search } from 'lucide-react';
import type { SearchResult } from '../drupal/types';
import { Behavior } from '../components/Behavior';
import { Highlighted } from '../components/Highlighted';
import { Icon } from '../components/ui/Icon';
import { NO_KEY_RECORDING } from '../../common/consent';

/** docs/requirements.md §2 "Search": results load as the keywords change (LiveSearch waits this long after the last key). */
const LIVE_SEARCH_DEBOUNCE_MS = 300;
const RESULTS_ID = 'search-results';

/**
 * The search page. The form works without JavaScript (a GET to /search/node);
 * with it, LiveSearch asks /search/results for the same results list as the
 * visitor types and puts it in place of this one.
 */
export function SearchScreen({ keywords, results, titleSuffix }: { keywords: string; results: SearchResult[]; titleSuffix: string }) {
  return (
    <section className="search-page">
      <header className="page-header">
        <h1>Поиск</h1>
      </header>
      <Behavior name="LiveSearch" props={{ debounceMs: LIVE_SEARCH_DEBOUNCE_MS, titleSuffix, resultsId: RESULTS_ID }}>
        <form action="/search/node" method="get" role="search" className="search-page__form">
          <label className="search-field">
            <Icon icon={Search} size={20} className="search-field__icon" />
            <input
              className={`search-bar__input ${NO_KEY_RECORDING}`}
              type="search"
              name="keys"
              defaultValue={keywords}
              aria-label="Что найти"
              placeholder="Процедура или врач"
              autoComplete="off"
              aria-controls={RESULTS_ID}
              enterKeyHint="search"
            />
          </label>
          <button className="button" type="submit">
            Найти
          </button>
        </form>
        {/* Said when a live update fails; the results shown stay. */}
        <p className="search-page__note" aria-live="polite" data-search-note="" />
      </Behavior>
      {/* Outside the behaviour's element: a click on a result is never held while the behaviour's code loads. */}
      <div id={RESULTS_ID}>
        <SearchResults keywords={keywords} results={results} />
      </div>
    </section>
  );
}

/**
 * The results of one search, each title with the keywords marked: the search
 * page's, and alone the /search/results fragment that LiveSearch swaps in. The
 * sentence saying how many were found is a live region, so a screen reader
 * hears the count (not the whole list) when the results change under the field.
 */
export function SearchResults({ keywords, results }: { keywords: string; results: SearchResult[] }) {
  const sentence = !keywords ? '' : results.length > 0 ? `Найдено: ${results.length}` : `По запросу «${keywords}» ничего не найдено.`;
  return (
    <div className="search-results" data-search-results="">
      <p
        className={keywords && results.length === 0 ? 'search-results__count empty-note' : 'search-results__count'}
        role="status"
        aria-live="polite"
      >
        {sentence}
      </p>
      {results.length > 0 && (
        <ul className="cards cards--list search-results__list">
          {results.map((result, i) => (
            <li key={i} className="card search-result">
              <div className="card__body">
                <h2 className="card__title">
                  {result.url ? (
                    <a className="card__link" href={result.url}>
                      <Highlighted text={result.title} keywords={keywords} />
                    </a>
                  ) : (
                    <Highlighted text={result.title} keywords={keywords} />
                  )}
                </h2>
                {result.service && (
                  <p className="card__meta search-result__service">
                    {'Услуга: '}
                    {result.service.url ? (
                      <a href={result.service.url}>
                        <Highlighted text={result.service.title} keywords={keywords} />
                      </a>
                    ) : (
                      <Highlighted text={result.service.title} keywords={keywords} />
                    )}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
