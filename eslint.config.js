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
    files: ['app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // The boundary of the domain layer (ARCHITECTURE, CONVENTIONS 27): `app/` reaches `server/` only through a
      // context's browser-safe `public.ts`, or through `*.server.ts` modules, which Remix keeps out of the client
      // bundle (a build that would ship one fails). Types may come from anywhere.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server/(?![a-z-]+/public$)(?!.*\\.server$)',
              allowTypeImports: true,
              message:
                "app/ imports a context's browser-safe `server/<context>/public` module, or a `*.server` module from loaders and actions.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests beside client modules may use server-side helpers (a fixed clock, fixtures).
    files: ['app/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**'],
    rules: { 'no-console': 'off' },
  },
]);
