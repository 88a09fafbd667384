/**
 * A large, quiet lavender sprig drawn in the current colour: decoration for the
 * banner and the error page, never content.
 */
export function SprigOrnament({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 120 200" width="120" height="200" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
        <path d="M58 198c2-40 0-90 10-160" />
        <path d="M58 168c-16-4-30-16-34-32 16 2 30 12 34 32zM60 154c14-9 30-11 45-5-11 12-29 15-45 5z" />
      </g>
      <g fill="currentColor">
        <ellipse cx="52" cy="126" rx="8" ry="13" transform="rotate(-28 52 126)" />
        <ellipse cx="73" cy="116" rx="8" ry="13" transform="rotate(26 73 116)" />
        <ellipse cx="54" cy="100" rx="7.5" ry="12" transform="rotate(-26 54 100)" />
        <ellipse cx="75" cy="90" rx="7" ry="11.5" transform="rotate(26 75 90)" />
        <ellipse cx="58" cy="76" rx="6.5" ry="10.5" transform="rotate(-22 58 76)" />
        <ellipse cx="76" cy="66" rx="6" ry="9.5" transform="rotate(24 76 66)" />
        <ellipse cx="63" cy="53" rx="5" ry="8.5" transform="rotate(-16 63 53)" />
        <ellipse cx="73" cy="42" rx="4.5" ry="7.5" transform="rotate(20 73 42)" />
        <ellipse cx="69" cy="29" rx="4" ry="6.5" transform="rotate(4 69 29)" />
      </g>
    </svg>
  );
}
