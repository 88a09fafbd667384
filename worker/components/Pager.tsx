import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Icon } from './ui/Icon';

export interface PagerView {
  /** 1-based. */
  current: number;
  /** Unknown when Drupal does not count; the pager then offers the next page while there is one. */
  last?: number;
  hasNext: boolean;
  href: (page: number) => string;
}

/** docs/requirements.md §2: first, last, current ±2 with ellipses, and previous/next links. */
export function pageWindow(current: number, last: number): (number | 'gap')[] {
  // A fixed list of candidates: nothing here loops on a number from the request.
  const candidates = [1, current - 2, current - 1, current, current + 1, current + 2, last];
  const sorted = [...new Set(candidates.filter((p) => Number.isSafeInteger(p) && p >= 1 && p <= last))].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - (sorted[i - 1] ?? p) > 1 ? ['gap' as const, p] : [p]));
}

export function Pager({ pager }: { pager: PagerView }) {
  const last = pager.last ?? (pager.hasNext ? pager.current + 1 : pager.current);
  if (last <= 1) return null;
  return (
    <nav className="pager-nav" aria-label="Страницы">
      <ul className="pager">
        {pager.current > 1 && (
          <li>
            <a className="pager__step" href={pager.href(pager.current - 1)} rel="prev">
              <Icon icon={ChevronLeft} size={18} />
              {/* Phones show the arrow only; the words stay for screen readers. */}
              <span className="pager__label">Предыдущая страница</span>
            </a>
          </li>
        )}
        {pageWindow(pager.current, last).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap${i}`}>
              <span className="pager__gap">…</span>
            </li>
          ) : (
            <li key={p}>
              <a href={pager.href(p)} aria-current={p === pager.current ? 'page' : undefined}>
                {p}
              </a>
            </li>
          ),
        )}
        {pager.hasNext && (
          <li>
            <a className="pager__step" href={pager.href(pager.current + 1)} rel="next">
              <span className="pager__label">Следующая страница</span>
              <Icon icon={ChevronRight} size={18} />
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
