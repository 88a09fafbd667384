import type { LucideIcon } from 'lucide-react';

/**
 * A Lucide glyph rendered on the server as inline SVG: no icon costs the browser
 * a script or a request. Decorative by default (the text beside it names the
 * action); give the control its own accessible name when the icon stands alone.
 */
export function Icon({ icon: Glyph, size = 20, className }: { icon: LucideIcon; size?: number; className?: string }) {
  return <Glyph size={size} strokeWidth={1.75} aria-hidden="true" focusable="false" className={className ? `icon ${className}` : 'icon'} />;
}
