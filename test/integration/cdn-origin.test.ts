/**
 * The origin's side of the CDN recipe (issue 23 §5, §6; decisions 010, 081, 082), over the production app:
 *
 * - price-list vouching: a shared copy names the price list it was rendered for (`X-Price-List`) and says
 *   `Vary: Cookie`; a `price_list` cookie the session does not back (copied, forged, doubled, another list) never
 *   yields a shareable response, so no cache can store a page under another list's key; the search JSON likewise;
 * - `/healthz`: 200 while the database answers, 503 once draining or when the database does not answer;
 * - forms behind proxies: with TRUST_PROXY, X-Forwarded-Host/-Proto decide the Origin check; without it a
 *   mismatch is a 403 with a message; a proxy that rewrites Host no longer turns a form into a 500.
 */
import crypto from 'node:crypto';
import { once } from 'node:events';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Config } from '../../server/config.server';
import { createHttpApp } from '../../server/http/app.server';
import { Health } from '../../server/http/health';
import { createDatabaseSessionStore } from '../../server/identity/index.server';
import { signInCookies } from '../../server/viewer/index.server';
import { setCookieHeader, signValue } from '../../server/web/cookies.server';
import { request, startHttpApp, type Reply } from '../helpers/http-app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PRIVATE = 'private, no-store';

let app: Awaited<ReturnType<typeof startHttpApp>>;
let build: ServerBuild;
const servers: http.Server[] = [];
let proSessionId = '';
let consumerSessionId = '';
const categoryPath = '/mens/';

beforeAll(async () => {
  app = await startHttpApp({ microCache: { ttlMs: 60_000 } });
  build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
  const sessions = createDatabaseSessionStore({ db: app.services.db, clock: app.services.clock });
  proSessionId = (await sessions.create({ customerId: 2, ttlMs: 60 * 60_000 })).id;
  consumerSessionId = (await sessions.create({ customerId: 1, ttlMs: 60 * 60_000 })).id;
  const listing = await app.request(categoryPath);
  expect(listing.status).toBe(200);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await app?.close();
});

afterEach(() => {
  const logged = app.takeErrors();
  expect(logged, `the app logged errors:\n${logged.join('\n')}`).toEqual([]);
});

/** Another app over the same services, with configuration overrides and its own health state. */
async function serveWith(overrides: Partial<Config>, health?: Health): Promise<string> {
  const services = { ...app.services, config: { ...app.services.config, ...overrides } };
  const handler = createHttpApp({
    services,
    build: { server: build, clientDir: path.join(root, 'build/client') },
    microCache: false,
    ...(health ? { health } : {}),
  });
  const server = handler.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const pair = (header: string) => header.split(';')[0]!;

function customerCookies(kind: 'pro' | 'consumer'): string {
  const pro = kind === 'pro';
  return signInCookies(
    {
      token: 'abc.def.ghi',
      customer: {
        id: pro ? 2 : 1,
        groupId: pro ? 2 : 1,
        groupName: pro ? 'Pro Program' : 'Consumer',
        isGovX: false,
        flags: { promoOrder: false, proUser: pro, shedUser: false, dnsFlag: false },
        sessionId: pro ? proSessionId : consumerSessionId,
      },
      priceList: pro ? 'p2' : 'retail',
      now: new Date(),
    },
    app.services.config.cookies,
  )
    .map(pair)
    .filter((cookie) => !cookie.endsWith('='))
    .join('; ');
}

/** The `price_list` cookie every pro customer of group 2 holds, as a copy of it would be. */
function copiedProPriceList(): string {
  return pair(setCookieHeader('priceList', 'p2', app.services.config.cookies));
}

function varyNames(reply: Reply): string[] {
  return String(reply.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

describe('the origin vouches for the price list of every shared copy', () => {
  test('an anonymous page, its loader data and the search JSON are shared as retail, varying on Cookie', async () => {
    for (const target of [categoryPath, '/mens.data', '/api/search/suggestions?q=jacket']) {
      const reply = await app.request(target, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(reply.status, target).toBe(200);
      expect(reply.headers['cache-control'], target).toMatch(/^public, /);
      expect(reply.headers['x-price-list'], target).toBe('retail');
      expect(varyNames(reply), target).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    }
  });

  test('a signed-in pro customer whose session backs the cookie gets the pro copy, named p2', async () => {
    for (const target of [categoryPath, '/mens.data', '/api/search/suggestions?q=jacket']) {
      const reply = await app.request(target, { headers: { Cookie: `${customerCookies('pro')}; js=1` } });
      expect(reply.headers['cache-control'], target).toMatch(/^public, /);
      expect(reply.headers['x-price-list'], target).toBe('p2');
      expect(varyNames(reply), target).toContain('cookie');
    }
  });

  const forged: [string, () => string][] = [
    ['a copied pro cookie without a session', () => `${copiedProPriceList()}; js=1`],
    [
      'a copied pro cookie with a consumer session',
      () => `${customerCookies('consumer')}; ${copiedProPriceList()}; js=1`,
    ],
    ['a pro list with a forged signature', () => `price_list=p2.${'A'.repeat(43)}; js=1`],
    ['an unsigned pro list', () => 'price_list=p2; js=1'],
    [
      'the pro list signed for another cookie',
      () => `price_list=${signValue(app.services.config.cookies.keys, 'cart', 'p2')}; js=1`,
    ],
    [
      'two price-list cookies, the session backing the first',
      () =>
        `${customerCookies('pro')}; price_list=${signValue(app.services.config.cookies.keys, 'price_list', 'p9')}; js=1`,
    ],
    ['the secure spelling of a copied cookie', () => `__Host-${copiedProPriceList()}; js=1`],
  ];

  test.each(forged)('%s: never a shareable response, never another list named', async (_label, cookie) => {
    for (const target of [categoryPath, '/mens.data', '/api/search/suggestions?q=jacket']) {
      const reply = await app.request(target, { headers: { Cookie: cookie() } });
      expect(reply.status, target).toBe(200);
      expect(reply.headers['cache-control'], target).toBe(PRIVATE);
      expect(reply.headers['x-price-list'], target).toBeUndefined();
      // (Express gives any JSON a validator of its own; a page's shared-copy ETag is never on a personal render.)
      if (!target.startsWith('/api/')) expect(reply.headers.etag, target).toBeUndefined();
    }
  });

  test('the micro-cache never answers a forged claim with the pro copy either', async () => {
    const pro = await app.request(categoryPath, { headers: { Cookie: `${customerCookies('pro')}; js=1` } });
    const retail = await app.request(categoryPath);
    expect(pro.headers.etag).not.toBe(retail.headers.etag);
    const forgedReply = await app.request(categoryPath, {
      headers: { Cookie: `${copiedProPriceList()}; js=1` },
    });
    expect(forgedReply.headers['cache-control']).toBe(PRIVATE);
    expect(String(forgedReply.headers['server-timing']), 'rendered, not the cached pro copy').not.toMatch(
      /cache;/,
    );
  });
});

describe('/healthz', () => {
  test('200 while the database answers, 503 from the first moment of a drain, never stored', async () => {
    const health = new Health(() => app.services.db.execute(sql`select 1`));
    const origin = await serveWith({}, health);
    const ready = await request(origin, '/healthz');
    expect([ready.status, ready.text, ready.headers['cache-control']]).toEqual([200, 'ok', 'no-store']);
    health.startDraining();
    const draining = await request(origin, '/healthz');
    expect([draining.status, draining.text, draining.headers['cache-control']]).toEqual([
      503,
      'draining',
      'no-store',
    ]);
    // Draining is not stopping: pages are still served.
    expect((await request(origin, categoryPath)).status).toBe(200);
  });

  test('503 when the database does not answer, or not within a second', async () => {
    const failing = await serveWith({}, new Health(() => Promise.reject(new Error('connection refused'))));
    const down = await request(failing, '/healthz');
    expect([down.status, down.text]).toEqual([503, 'database unavailable']);
    const hanging = await serveWith({}, new Health(() => new Promise(() => undefined)));
    const started = Date.now();
    const slow = await request(hanging, '/healthz');
    expect([slow.status, slow.text]).toEqual([503, 'database unavailable']);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('forms behind proxies (decision 082)', () => {
  const form = { email: 'proxied@example.com', redirectTo: '/cookie-settings' };
  const post = (origin: string, headers: Record<string, string>) =>
    request(origin, '/api/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ ...form, email: `${crypto.randomUUID()}@example.com` }).toString(),
    });

  test('PUBLIC_URL behind a proxy that rewrites Host: the shop origin posts (303), another is a 403 with a message', async () => {
    const origin = await serveWith({ publicUrl: 'https://shop.example.com' });
    const ok = await post(origin, { Origin: 'https://shop.example.com', 'Sec-Fetch-Site': 'same-origin' });
    expect(ok.status).toBe(303);
    const evil = await post(origin, { Origin: 'https://evil.example' });
    expect([evil.status, evil.text]).toEqual([403, 'Cross-site form submissions are not accepted.']);
  });

  test('TRUST_PROXY: X-Forwarded-Host and -Proto decide the expected origin', async () => {
    const origin = await serveWith({ publicUrl: undefined, trustProxy: ['loopback'] });
    const forwarded = { 'X-Forwarded-Host': 'shop.example.com', 'X-Forwarded-Proto': 'https' };
    expect((await post(origin, { ...forwarded, Origin: 'https://shop.example.com' })).status).toBe(303);
    const wrongScheme = await post(origin, { ...forwarded, Origin: 'http://shop.example.com' });
    expect([wrongScheme.status, wrongScheme.text]).toEqual([
      403,
      'Cross-site form submissions are not accepted.',
    ]);
    const own = await post(origin, { ...forwarded, Origin: origin });
    expect(own.status).toBe(403);
    const badHost = await post(origin, { 'X-Forwarded-Host': 'shop.example.com/evil', Origin: origin });
    expect([badHost.status, badHost.text]).toEqual([
      400,
      'The X-Forwarded-Host header of this request is not a valid host name.\n',
    ]);
  });

  test('without TRUST_PROXY, forwarded headers are ignored and a Host mismatch is a 403 with a message', async () => {
    const origin = await serveWith({ publicUrl: undefined, trustProxy: false });
    const forwarded = { 'X-Forwarded-Host': 'shop.example.com', 'X-Forwarded-Proto': 'https' };
    const mismatch = await post(origin, { ...forwarded, Origin: 'https://shop.example.com' });
    expect([mismatch.status, mismatch.text]).toEqual([403, 'Cross-site form submissions are not accepted.']);
    // A client's X-Forwarded-Host cannot satisfy Remix's own check either: the request's own origin posts.
    expect((await post(origin, { ...forwarded, Origin: origin })).status).toBe(303);
  });
});
