/**
 * The clinic's mark beside its name, linking home. The mark is the static file
 * /logo.svg, so a deployment changes it by replacing that file; the name comes
 * from the configuration. The mark is decorative: the link is named by the name.
 */
export const LOGO_SRC = '/logo.svg';

export function Logo({ name, tagline, className }: { name: string; tagline?: string; className?: string }) {
  return (
    <a className={className ? `logo ${className}` : 'logo'} href="/">
      <img className="logo__mark" src={LOGO_SRC} width={48} height={48} alt="" />
      <span className="logo__text">
        <span className="logo__name">{name}</span>
        {tagline && <span className="logo__tagline">{tagline}</span>}
      </span>
    </a>
  );
}
