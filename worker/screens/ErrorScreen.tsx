import { House, Search } from 'lucide-react';
import { ButtonLink, buttonClass } from '../components/ui/Button';
import { Icon } from '../components/ui/Icon';
import { SprigOrnament } from '../components/ui/Ornament';
import { NO_KEY_RECORDING } from '../../common/consent';

export interface ErrorView {
  status: number;
  title: string;
  /** HTML from the error page's Drupal node, when there is one. */
  html?: string;
  text?: string;
}

/** docs/requirements.md §2 "Error page": the status code and the server's message, and ways on: home or a search. */
export function ErrorScreen({ error }: { error: ErrorView }) {
  return (
    <section className="error-page">
      <SprigOrnament className="error-page__ornament" />
      <p className="error-page__code">{error.status}</p>
      <h1>{error.title}</h1>
      {error.html ? <div className="content-body" dangerouslySetInnerHTML={{ __html: error.html }} /> : error.text && <p>{error.text}</p>}
      <form action="/search/node" method="get" role="search" className="error-page__search">
        <label className="search-field">
          <Icon icon={Search} size={20} className="search-field__icon" />
          <input
            className={`search-bar__input ${NO_KEY_RECORDING}`}
            type="search"
            name="keys"
            aria-label="Поиск по сайту"
            placeholder="Поиск по сайту"
          />
        </label>
        <button className={buttonClass({ variant: 'outline' })} type="submit">
          Найти
        </button>
      </form>
      <p>
        <ButtonLink href="/" icon={House}>
          На главную
        </ButtonLink>
      </p>
    </section>
  );
}
