import { searchKeywords, searchUrl } from '../../common/highlight';
import { defineBehavior } from '../runtime/behavior';

/** Calm words for a failed update: nothing is lost, the visitor may simply try again. */
const FAILED_NOTE = 'Не удалось загрузить результаты. Попробуйте ещё раз чуть позже.';
const FAILED_NOTE_KEPT = 'Не удалось обновить результаты, ниже — прежние. Попробуйте ещё раз чуть позже.';

/**
 * docs/requirements.md §2 "Search": the search page's results follow its field. `debounceMs` after
 * the last key (at once on Enter), the results list of the keywords comes from
 * /search/results (the worker renders it as it renders the page, marks included)
 * and takes the place of the list shown; the address becomes the keywords' page,
 * so a reload or a shared link shows the same. Only the newest request counts:
 * an older one is cancelled, and should its answer still arrive, it is dropped.
 * When a request fails, the results shown stay, with a note. Without JavaScript
 * the form still sends the visitor to the results page.
 */
export default defineBehavior('LiveSearch', (root, { debounceMs, titleSuffix, resultsId }) => {
  const form = root.querySelector('form');
  const input = form?.querySelector<HTMLInputElement>('input[name="keys"]');
  const region = document.getElementById(resultsId)?.querySelector<HTMLElement>('[data-search-results]');
  const note = root.querySelector<HTMLElement>('[data-search-note]');
  if (!form || !input || !region || !note) return;
  // The sentence saying how many were found stays the same element, so that screen readers announce its changes.
  const status = region.querySelector<HTMLElement>('[role="status"]');
  if (!status) return;

  /** The keywords whose results are shown or on their way. */
  let wanted = searchKeywords(input.defaultValue);
  let failed = false;
  let sequence = 0;
  let inFlight: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (keywords: string, fresh: Element | null) => {
    const freshStatus = fresh?.querySelector('[role="status"]');
    status.className = freshStatus?.className ?? 'search-results__count';
    status.textContent = freshStatus?.textContent ?? '';
    freshStatus?.remove();
    region.replaceChildren(status, ...(fresh ? Array.from(fresh.childNodes) : []));
    history.replaceState(history.state, '', searchUrl('/search/node', keywords));
    if (document.title.endsWith(titleSuffix)) document.title = `${keywords ? `Поиск: ${keywords}` : 'Поиск'}${titleSuffix}`;
  };

  const search = async () => {
    clearTimeout(timer);
    const keywords = searchKeywords(input.value);
    if (keywords === wanted && !failed) return;
    wanted = keywords;
    failed = false;
    const mine = ++sequence;
    inFlight?.abort();
    inFlight = undefined;
    if (!keywords) {
      region.removeAttribute('aria-busy');
      note.textContent = '';
      show('', null);
      return;
    }
    const request = (inFlight = new AbortController());
    region.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(searchUrl('/search/results', keywords), { signal: request.signal, headers: { Accept: 'text/html' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const html = await response.text();
      if (mine !== sequence) return;
      const template = document.createElement('template');
      template.innerHTML = html;
      const fresh = template.content.querySelector('[data-search-results]');
      if (!fresh) throw new Error('в ответе нет результатов поиска');
      note.textContent = '';
      show(keywords, fresh);
    } catch (error) {
      if (mine !== sequence) return;
      failed = true;
      note.textContent = region.querySelector('li') ? FAILED_NOTE_KEPT : FAILED_NOTE;
      console.warn('Поиск не обновился', error);
    } finally {
      if (mine === sequence) {
        region.removeAttribute('aria-busy');
        inFlight = undefined;
      }
    }
  };

  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(), debounceMs);
  };

  input.addEventListener('input', later);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void search();
  });
  // The key that woke this behaviour was typed before it listened.
  if (searchKeywords(input.value) !== wanted) later();
});
