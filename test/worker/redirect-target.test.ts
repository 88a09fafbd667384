import { describe, expect, it } from 'vitest';
import { classifyRedirectTarget, redirectStatus } from '../../worker/paths/redirect-target';

describe('redirect targets (docs/requirements.md §5)', () => {
  it.each(['/price.html', '/services/kosmetologiya.html?utm=1#top', '/новости/акция', '/a/b%20c/@x~y_z-1'])(
    'accepts internal %s',
    (target) => {
      expect(classifyRedirectTarget(target)).toEqual({ kind: 'internal', location: target });
    },
  );

  it.each(['https://instagram.com/clinic', 'http://example.org/a?b=1'])('accepts external %s as a full URL', (target) => {
    expect(classifyRedirectTarget(target)).toMatchObject({ kind: 'external' });
  });

  it.each(['//evil.example/x', 'javascript:alert(1)', '/\\evil.example', 'evil.example/x', '/a b', 'data:text/html,hi', '/<script>'])(
    'refuses %s',
    (target) => {
      expect(classifyRedirectTarget(target)).toEqual({ kind: 'refused' });
    },
  );

  it('keeps Drupal status codes that are redirects and defaults the rest to 301', () => {
    expect(redirectStatus(302)).toBe(302);
    expect(redirectStatus(307)).toBe(307);
    expect(redirectStatus(200)).toBe(301);
    expect(redirectStatus(undefined)).toBe(301);
  });
});
