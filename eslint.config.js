// typescript-eslint's recommended rules, and the type-aware ones that catch real bugs in this code:
// a promise nobody awaits or catches, a promise where a plain value is expected, awaiting what is not one.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // What the tests and servers write while the linters run beside them (npm test) is ignored as .gitignore ignores it.
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'demo-origin/public/**',
      'test/fixtures/**',
      '**/.wrangler/**',
      '.tmp/**',
      '.bench/**',
      '.bench-scratch/**',
      '.node-state/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.worker.json', './tsconfig.client.json', './tsconfig.node.json', './demo-origin/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-undef': 'off',
      // The site strips control characters from what Drupal and visitors send, on purpose.
      'no-control-regex': 'off',
    },
  },
);
