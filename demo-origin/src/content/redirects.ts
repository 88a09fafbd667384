/**
 * Redirect module entities. `source` is the path the visitor asked for; `target` is stored the
 * way the redirect module stores it (internal:/… or an absolute URL). Two targets are
 * deliberately malicious so the site can prove it refuses open redirects.
 */
export interface Redirect {
  readonly rid: number;
  readonly source: string;
  readonly target: string;
  readonly status: 301 | 302;
  readonly note: string;
}

export const redirects: readonly Redirect[] = [
  { rid: 1, source: '/old-price.html', target: 'internal:/price.html', status: 301, note: 'simple internal 301 to a site listing route' },
  {
    rid: 2,
    source: '/akciya-mesyaca.html',
    target: 'internal:/special/skidka-20-smas-lifting.html',
    status: 302,
    note: 'temporary 302 to a promotion node',
  },
  { rid: 3, source: '/smas.html', target: 'internal:/uslugi/smas-lifting.html', status: 301, note: 'chain, hop 1' },
  {
    rid: 4,
    source: '/uslugi/smas-lifting.html',
    target: 'internal:/services/apparatnaya-kosmetologiya/smas-lifting.html',
    status: 301,
    note: 'chain, hop 2 (final: service node 24)',
  },
  {
    rid: 5,
    source: '/doctors/ivanova.html',
    target: 'internal:/node/50',
    status: 301,
    note: 'internal 301 to /node/50, output as its alias',
  },
  { rid: 6, source: '/magazin.html', target: 'https://shop.lavanda-clinic.example/', status: 301, note: 'external site' },
  { rid: 7, source: '/go/partner', target: '//evil.example/x', status: 301, note: 'MALICIOUS protocol-relative open redirect' },
  { rid: 8, source: '/go/promo', target: 'javascript:alert(1)', status: 302, note: 'MALICIOUS javascript: URL' },
];

export function redirectFor(path: string): Redirect | undefined {
  const p = path.toLowerCase();
  return redirects.find((r) => r.source.toLowerCase() === p);
}
