import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startHttpApp, type RunningApp } from '../helpers/http-app';
import { sendRaw } from '../hostile/raw-http';
import { HOSTILE_CASES, judge, type Site } from '../hostile/requests';

/**
 * Issue 8's hostile requests (test/hostile/requests.ts, the table `npm run security` sends to a running store)
 * against the production app in-process: each gets its 4xx (or 2xx/3xx) with a message, never a 5xx, never a
 * stack trace, and the app logs no error for any of them.
 */
let app: RunningApp;
let site: Site;

beforeAll(async () => {
  // The micro-cache stays on, as in production: a poisoned copy would be served from it.
  app = await startHttpApp();
  const sitemap = await sendRaw(app.origin, { method: 'GET', target: '/sitemap.xml' });
  const paths = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  site = {
    category: paths.find((p) => /^\/[a-z0-9-]+\/$/.test(p))!,
    product: paths.find((p) => p.startsWith('/products/'))!,
  };
  expect(site.category).toBeDefined();
  expect(site.product).toBeDefined();
});

afterAll(async () => {
  await app?.close();
});

afterEach(() => {
  const logged = app.takeErrors();
  expect(logged, `the app logged errors:\n${logged.join('\n')}`).toEqual([]);
});

describe('hostile requests', () => {
  test.each(HOSTILE_CASES.map((hostile) => [hostile.name, hostile] as const))('%s', async (_, hostile) => {
    const reply = await sendRaw(app.origin, hostile.request(site));
    expect(judge(hostile, reply), `${reply.status} ${reply.body.slice(0, 300)}`).toEqual([]);
  });

  test('a poisoned request leaves nothing in the page cache for the next visitor', async () => {
    await sendRaw(app.origin, {
      method: 'GET',
      target: site.product,
      headers: { 'X-Forwarded-Host': 'evil.example' },
    });
    await sendRaw(app.origin, { method: 'GET', target: site.product, headers: { Host: 'evil.example' } });
    const next = await sendRaw(app.origin, { method: 'GET', target: site.product });
    expect(next.status).toBe(200);
    expect(next.body).not.toContain('evil.example');
    expect(next.body).toContain(`<link rel="canonical" href="${app.origin}/products/`);
  });
});
