import type { NodeData } from '../drupal/types';
import { formatDate } from '../components/format';

const LEAD_IMAGE_FIELDS = ['field_image', 'field_photo_big', 'field_photo', 'field_preview_photo', 'field_gallery_image'];

/** Any Drupal node by path, until its bundle gets a screen of its own. */
export function NodeScreen({ node }: { node: NodeData }) {
  const lead = LEAD_IMAGE_FIELDS.map((field) => node.images[field]?.[0]).find(Boolean);
  const date = node.bundle === 'news' || node.bundle === 'article' ? formatDate(node.created) : undefined;
  return (
    <article className={`node node--${node.bundle}`}>
      <h1>{node.title}</h1>
      {date && <p className="meta-line">{date}</p>}
      {lead && <img className="lead-image" src={lead.url} alt={lead.alt} width={lead.width} height={lead.height} />}
      {node.body && <div className="content-body" dangerouslySetInnerHTML={{ __html: node.body.html }} />}
    </article>
  );
}
