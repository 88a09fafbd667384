export const SEARCH_BAR_ID = 'search-bar';

/**
 * The search bar that drops down under the header (the SearchToggle behaviour
 * shows it). A plain GET form: the worker turns /search/node?keys=… into
 * /search/node/…, so it works without JavaScript too.
 */
export function SearchBar({ keywords }: { keywords: string }) {
  return (
    <div id={SEARCH_BAR_ID} className="search-bar" hidden>
      <form className="search-bar__form" action="/search/node" method="get" role="search">
        <input className="search-bar__input" type="search" name="keys" defaultValue={keywords} placeholder="Поиск по сайту" aria-label="Поиск по сайту" />
        <button className="button" type="submit">
          Найти
        </button>
        <button className="search-bar__close" type="button" aria-label="Закрыть поиск" data-search-close="">
          ×
        </button>
      </form>
    </div>
  );
}
