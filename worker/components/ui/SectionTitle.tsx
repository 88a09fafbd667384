import { ChevronRight } from 'lucide-react';
import { Icon } from './Icon';

/**
 * A section's heading: an optional small overline, the title, and an optional
 * link to everything of its kind («Все новости»). Headings are never links.
 */
export function SectionTitle({
  title,
  eyebrow,
  level = 2,
  id,
  action,
}: {
  title: string;
  eyebrow?: string;
  level?: 2 | 3;
  id?: string;
  action?: { href: string; label: string };
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="section-title">
      <div className="section-title__text">
        {eyebrow && <p className="section-title__eyebrow">{eyebrow}</p>}
        <Heading className="section-title__heading" id={id}>
          {title}
        </Heading>
      </div>
      {action && (
        <a className="section-title__action" href={action.href}>
          {action.label}
          <Icon icon={ChevronRight} size={18} />
        </a>
      )}
    </div>
  );
}
