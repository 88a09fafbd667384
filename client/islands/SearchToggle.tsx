import { defineIsland } from '../../common/islands';
import { searchBarOpen } from '../state/site-state';
import { useSignalValue } from '../state/use-signal';

function SearchToggle() {
  const open = useSignalValue(searchBarOpen);
  return (
    <button
      type="button"
      className="search-toggle"
      aria-label={open ? 'Закрыть поиск' : 'Открыть поиск'}
      aria-expanded={open}
      aria-controls="search-bar"
      onClick={() => (searchBarOpen.value = !searchBarOpen.value)}
    >
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
        <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

export default defineIsland('SearchToggle', 'interaction', SearchToggle);
