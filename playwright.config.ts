import { defineConfig, devices } from '@playwright/test';
import { e2eDataDir } from './test/helpers/e2e-data-dir';

/**
 * End-to-end tests against the production server (`npm start`'s compiled `build/node/main.js` with NODE_ENV=production), on a fresh embedded
 * database seeded at start-up, in Debian's Chromium (no browser download): every test runs twice, in the project
 * `js` and in `no-js` (JavaScript disabled), since every page and form must work without JavaScript.
 *
 * E2E_PORT (default 3100) moves the server; E2E_BASE_URL points the tests at a server that is already running.
 */
const isCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  forbidOnly: isCi,
  retries: isCi ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // `list` prints each test as `[project] › file:line › title`.
  reporter: [['list', { printSteps: false }]],
  use: {
    baseURL,
    // Recording a trace costs the browser a fifth of its work (listing + product specs, both projects, 54 tests:
    // 131 and 125 CPU-seconds recording against 100 and 99 without, on 2026-11-29). Under CI a failed test is
    // retried once, and the retry records the trace; a local run (no retries) keeps the trace of a failure.
    trace: isCi ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'js', use: { ...chromium, javaScriptEnabled: true } },
    { name: 'no-js', use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node scripts/build.mjs --if-needed && node build/node/main.js',
        url: `${baseURL}/`,
        // The first start may build the app and seeds the store.
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: e2eDataDir(),
          // Blank means unset: the embedded database, whatever the developer's shell holds.
          DATABASE_URL: '',
          // Absolute URLs (canonical, sitemap, mailed links) name the address the tests use.
          PUBLIC_URL: baseURL,
          // As behind the CDN: the client address comes from X-Forwarded-For, so a test that counts towards a
          // per-client rate limit sends an address of its own and does not depend on what other tests posted.
          // The tests' requests come from loopback: the one proxy trusted (decision 032 refuses `true`).
          TRUST_PROXY: 'loopback',
          LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
          // POST /__test/cart: carts made by a fixture (test/e2e/shared-pages.spec.ts) until add-to-cart exists;
          // POST /__test/sold-out: a fully sold-out colourway (test/e2e/product.spec.ts).
          TEST_FIXTURES: '1',
          // Staff sign in as the seeded demo staff user (test/helpers/staff.ts, decision 088).
        },
      },
});
