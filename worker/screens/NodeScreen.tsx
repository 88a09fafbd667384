import { CalendarDays } from 'lucide-react';
import type { NodeData } from '../drupal/types';
import { formatDate } from '../components/format';
import { ContentImage } from '../components/ui/ContentImage';
import { Icon } from '../components/ui/Icon';

const LEAD_IMAGE_FIELDS = ['field_image', 'field_photo_big', 'field_photo', 'field_preview_photo', 'field_gallery_image'];

/** Any Drupal node by path, until its bundle gets a screen of its own. */
export function NodeScreen({ node }: { node: NodeData }) {
  const lead = LEAD_IMAGE_FIELDS.map((field) => node.images[field]?.[0]).find(Boolean);
  const date = node.bundle === 'news' || node.bundle === 'article' ? formatDate(node.created) : undefined;
  // A portrait (a doctor's photo) sits beside the text on wide screens rather than filling the column.
  const portrait = lead?.width !== undefined && lead.height !== undefined && lead.height > lead.width;
  return (
    <article className={`node node--${node.bundle}`}>
      <header className="page-header node__header">
        <h1>{node.title}</h1>
        {date && (
          <p className="meta-line">
            <Icon icon={CalendarDays} size={16} />
            <time dateTime={node.created}>{date}</time>
          </p>
        )}
      </header>
      {lead && (
        <figure className={portrait ? 'node__lead node__lead--portrait' : 'node__lead'}>
          <ContentImage image={lead} alt={node.title} className="lead-image" priority />
        </figure>
      )}
      {node.body && <div className="content-body" dangerouslySetInnerHTML={{ __html: node.body.html }} />}
    </article>
  );
}
