import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDay } from '../components/format';
import { ContentImage } from '../components/ui/ContentImage';
import { Icon } from '../components/ui/Icon';
import type { Image, NodeData } from '../drupal/types';

/*
 * The parts every bundle's page is built of: the article with its heading, the
 * lead picture, a date line and the body. A bundle's Page puts them in its order.
 */

/** A node's page: its heading (with what a bundle shows under the title) and its parts. */
export function NodeArticle({
  node,
  top,
  header,
  children,
}: {
  node: NodeData;
  /** What comes before the heading (structured data for search engines). */
  top?: ReactNode;
  header?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article className={`node node--${node.bundle}`}>
      {top}
      <header className="page-header node__header">
        <h1>{node.title}</h1>
        {header}
      </header>
      {children}
    </article>
  );
}

export const Subtitle = ({ text }: { text?: string }) => (text ? <p className="node__subtitle">{text}</p> : null);

export function Lead({ image, title, portrait = false }: { image?: Image; title: string; portrait?: boolean }) {
  if (!image) return null;
  const upright = portrait || (image.width !== undefined && image.height !== undefined && image.height > image.width);
  return (
    <figure className={upright ? 'node__lead node__lead--portrait' : 'node__lead'}>
      <ContentImage image={image} alt={title} className="lead-image" priority />
    </figure>
  );
}

export function DateLine({ day, label, icon = CalendarDays }: { day?: string; label?: string; icon?: typeof CalendarDays }) {
  const shown = formatDay(day);
  if (!shown) return null;
  return (
    <p className="meta-line">
      <Icon icon={icon} size={16} />
      {label && <span>{label}</span>}
      <time dateTime={day}>{shown}</time>
    </p>
  );
}

export const Body = ({ node }: { node: NodeData }) =>
  node.body ? <div className="content-body" dangerouslySetInnerHTML={{ __html: node.body.html }} /> : null;
