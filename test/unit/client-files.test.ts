import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/servers';
import { SECRET_MARKERS } from '../setup/secrets';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Values of a local .dev.vars, if the machine has one: they must not reach the browser either. */
function devVarsSecrets(): string[] {
  try {
    return readFileSync(join(ROOT, '.dev.vars'), 'utf8')
      .split('\n')
      .map((line) =>
        line
          .replace(/^[A-Z_]+=/, '')
          .trim()
          .replace(/^"|"$/g, ''),
      )
      .filter((value) => value.length >= 6);
  } catch {
    return [];
  }
}

describe('client bundle', () => {
  it('holds no secret and no Drupal address', () => {
    const secrets = [...Object.values(SECRET_MARKERS), ...devVarsSecrets(), 'DRUPAL_API_PASSWORD', 'PURGE_SECRET', 'CRM_WEBHOOK_TOKEN'];
    const shipped = files(join(ROOT, 'dist', 'client'));
    expect(shipped.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of shipped) {
      const text = readFileSync(file, 'utf8');
      for (const secret of secrets) expect(text, `${secret} in ${file}`).not.toContain(secret);
      expect(text).not.toContain('127.0.0.1:8788');
    }
  });
});
