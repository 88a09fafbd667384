import type { ReactNode } from 'react';
import { highlightRanges } from '../../common/highlight';

/**
 * `text` with each occurrence of the search keywords in a <mark> (docs/requirements.md §2
 * "Search"): React nodes, so React escapes the text as anywhere else.
 */
export function Highlighted({ text, keywords }: { text: string; keywords: string }) {
  const ranges = highlightRanges(text, keywords);
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
