// @ts-check
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    'build/',
    'data/',
    'node_modules/',
    'public/',
    'test-results/',
    'playwright-report/',
    '.cache/',
  ]),
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Logs go through server/logger.ts (one structured logger with the request id); scripts may print.
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // The boundary of the domain layer (what app/ may import from server/, and contexts from each other) is
    // dependency-cruiser's: .dependency-cruiser.cjs, run by `npm run lint` after eslint (decision 064).
    files: ['app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['scripts/**'],
    rules: { 'no-console': 'off' },
  },
]);
