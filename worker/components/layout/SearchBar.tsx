import { Search, X } from 'lucide-react';
import { Icon } from '../ui/Icon';
import { NO_KEY_RECORDING } from '../../../common/consent';

export const SEARCH_BAR_ID = 'search-bar';

/**
 * The search bar that drops down under the header (the SearchToggle behaviour
 * shows it). A plain GET form: the worker turns /search/node?keys=… into
 * /search/node/…, so it works without JavaScript too.
 */
export function SearchBar({ keywords }: { keywords: string }) {
  return (
    <div id={SEARCH_BAR_ID} className="search-bar" hidden>
      <form className="search-bar__form container" action="/search/node" method="get" role="search">
        <label className="search-field">
          <Icon icon={Search} size={20} className="search-field__icon" />
          <input
            className={`search-bar__input ${NO_KEY_RECORDING}`}
            type="search"
            name="keys"
            defaultValue={keywords}
            placeholder="Процедура, врач или статья"
            aria-label="Поиск по сайту"
          />
        </label>
        <button className="button" type="submit">
          Найти
        </button>
        <button className="search-bar__close" type="button" aria-label="Закрыть поиск" data-search-close="">
          <Icon icon={X} size={22} />
        </button>
      </form>
    </div>
  );
}
