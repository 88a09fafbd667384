import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Icon } from './Icon';

/** primary: the one action of a place (booking); outline: a second choice; ghost: quiet; light: on the accent or a photo. */
export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches to its container's width (the phone's booking bar). */
  block?: boolean;
}

/** The class list of a button of this look, for any element that should look like one. */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonLook = {}, extra?: string): string {
  return ['button', variant !== 'primary' && `button--${variant}`, size !== 'md' && `button--${size}`, block && 'button--block', extra]
    .filter(Boolean)
    .join(' ');
}

/** The inside of a button: an optional leading icon and the label. */
export function ButtonContent({ icon, children }: { icon?: LucideIcon; children: ReactNode }) {
  return (
    <>
      {icon && <Icon icon={icon} size={18} />}
      <span>{children}</span>
    </>
  );
}

/** A link that looks like a button (navigation is a link, whatever it looks like). */
export function ButtonLink({
  href,
  icon,
  className,
  children,
  ...look
}: ButtonLook & { href: string; icon?: LucideIcon; className?: string; children: ReactNode }) {
  return (
    <a className={buttonClass(look, className)} href={href}>
      <ButtonContent icon={icon}>{children}</ButtonContent>
    </a>
  );
}
