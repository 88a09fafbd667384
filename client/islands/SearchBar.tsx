import { useEffect, useRef } from 'react';
import { defineIsland } from '../../common/islands';
import { searchBarOpen } from '../state/site-state';
import { useSignalValue } from '../state/use-signal';

/**
 * The search bar that drops down under the header. Without JavaScript the form
 * still works: the worker turns /search/node?keys=… into /search/node/….
 */
function SearchBar({ keywords }: { keywords: string }) {
  const open = useSignalValue(searchBarOpen);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  return (
    <div id="search-bar" className={open ? 'search-bar search-bar--open' : 'search-bar'} hidden={!open}>
      <form
        className="search-bar__form"
        action="/search/node"
        method="get"
        role="search"
        onSubmit={(event) => {
          const keys = input.current?.value.trim() ?? '';
          event.preventDefault();
          if (keys) window.location.assign(`/search/node/${encodeURIComponent(keys)}`);
        }}
      >
        <input ref={input} className="search-bar__input" type="search" name="keys" defaultValue={keywords} placeholder="Поиск по сайту" aria-label="Поиск по сайту" />
        <button className="button" type="submit">Найти</button>
        <button className="search-bar__close" type="button" aria-label="Закрыть поиск" onClick={() => (searchBarOpen.value = false)}>
          ×
        </button>
      </form>
    </div>
  );
}

export default defineIsland('SearchBar', 'idle', SearchBar);
