import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 * - `unit`: `*.test.ts(x)` beside the code they test; pure functions, no database, no network.
 * - `integration`: `test/integration/**`; the data layer on PGlite and the local PostgreSQL, the HTTP app over the
 *   production build. Its global setup builds the app if stale, prepares a migrated PGlite image and a PostgreSQL
 *   template database once per run, so every test file starts from a fresh copy cheaply.
 * Both make `console.error` fail the test that caused it (test/setup/console.ts).
 *
 * The Remix Vite plugin is deliberately not loaded here: tests import modules directly.
 */
const alias = { '~': new URL('./app', import.meta.url).pathname };
const setupFiles = ['./test/setup/console.ts', './test/setup/event-loop.ts'];

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  resolve: { alias },
  test: {
    // Two cores: one fork per core. Each test file runs in a fresh module graph (isolate).
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{app,server,styles,content,scripts}/**/*.test.{ts,tsx}', 'test/helpers/**/*.test.ts'],
          setupFiles,
          // A hang guard, not a speed assertion: generating the seed catalogue takes 1 s on an idle machine and
          // over 5 s (vitest's default) when the 2 cores are shared with builds and browsers.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          // test/topology: the production topology behind Varnish and TLS (issue 23 §7, decision 083).
          include: ['test/integration/**/*.test.ts', 'test/topology/**/*.test.ts'],
          setupFiles,
          globalSetup: ['./test/setup/integration-global.ts'],
          // Generous: a hang guard, not a speed assertion (a loaded 2-core machine makes PGlite slow).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
