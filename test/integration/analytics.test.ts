/**
 * Analytics and consent over real databases (PGlite and the local PostgreSQL): the fixed-window rate limiter,
 * the analytics service, the /api/track/event route (SPEC §7, §8 message word for word, 405, 413, 429) and the
 * cookie-settings action; then both routes through the production HTTP app, as a browser without JavaScript
 * (a form POST and its 303) and with it (JSON) would call them.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as trackRoute from '../../app/routes/api.track.event';
import * as settingsRoute from '../../app/routes/cookie-settings';
import { createAnalyticsService } from '../../server/analytics/index.server';
import { fixedClock, systemClock } from '../../server/clock';
import { loadConfig } from '../../server/config.server';
import { createServices } from '../../server/context.server';
import { analyticsEvents, rateLimitCounters } from '../../server/db/schema';
import { createHttpApp } from '../../server/http/app.server';
import { ServerTiming } from '../../server/web/timing';
import { createLogger } from '../../server/logger';
import { createRateLimiter } from '../../server/rate-limit/index.server';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../helpers/database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MISSING = 'Missing required event data';

describeEachEngine('rate limiter', ({ database }) => {
  it('allows `limit` hits per window, refuses the next, and opens a new window after windowMs', async () => {
    const clock = fixedClock('2026-03-01T10:00:00.000Z');
    const limiter = createRateLimiter({ db: database().db, clock });
    const options = { limit: 3, windowMs: 60_000 };
    const counts = [];
    for (let i = 0; i < 4; i += 1) counts.push(await limiter.hit('test:a', options));
    expect(counts.map((hit) => [hit.allowed, hit.count, hit.remaining])).toEqual([
      [true, 1, 2],
      [true, 2, 1],
      [true, 3, 0],
      [false, 4, 0],
    ]);
    expect(counts[3]!.resetAt.toISOString()).toBe('2026-03-01T10:01:00.000Z');

    clock.advance(59_000);
    const late = await limiter.hit('test:a', options);
    expect([late.allowed, late.count, late.retryAfterSeconds]).toEqual([false, 5, 1]);

    clock.advance(1_000);
    const fresh = await limiter.hit('test:a', options);
    expect([fresh.allowed, fresh.count, fresh.resetAt.toISOString()]).toEqual([
      true,
      1,
      '2026-03-01T10:02:00.000Z',
    ]);
  });

  it('counts keys apart, forgets a key on reset, and loses no hit under concurrency', async () => {
    const clock = fixedClock('2026-03-01T11:00:00.000Z');
    const limiter = createRateLimiter({ db: database().db, clock });
    const options = { limit: 100, windowMs: 1_000 };
    await limiter.hit('test:b', options);
    expect((await limiter.hit('test:c', options)).count).toBe(1);

    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit('test:burst', options)));
    expect(results.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );

    await limiter.reset('test:b');
    expect(
      await database().db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'test:b')),
    ).toEqual([]);
    expect((await limiter.hit('test:b', options)).count).toBe(1);
  });

  it('refuses nonsense limits', async () => {
    const limiter = createRateLimiter({ db: database().db, clock: systemClock });
    await expect(limiter.hit('x', { limit: 0, windowMs: 1000 })).rejects.toThrow(RangeError);
    await expect(limiter.hit('x', { limit: 1, windowMs: 0 })).rejects.toThrow(RangeError);
  });
});

type Services = Pick<AppLoadContext['services'], 'analytics' | 'rateLimiter'>;

function routeContext(services: Services, clientIp = '203.0.113.7'): AppLoadContext {
  return { services, clientIp, timing: new ServerTiming() } as unknown as AppLoadContext;
}

function post(body: string, contentType = 'application/json', method = 'POST') {
  return new Request('http://shop.test/api/track/event', {
    method,
    headers: { 'Content-Type': contentType },
    body,
  });
}

async function callTrack(services: Services, request: Request, clientIp?: string) {
  const response = await trackRoute.action({
    request,
    context: routeContext(services, clientIp),
    params: {},
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describeEachEngine('analytics and the track endpoint', ({ database }) => {
  let services: Services;
  const clock = fixedClock('2026-04-02T09:30:00.000Z');

  beforeAll(() => {
    const { db } = database();
    services = {
      analytics: createAnalyticsService({ db, clock }),
      rateLimiter: createRateLimiter({ db, clock }),
    };
  });

  it('stores an event with an e-mail, its other fields as data, at the clock time', async () => {
    const reply = await callTrack(
      services,
      post(JSON.stringify({ email: 'Hunter@Example.com', event: 'view_item_list', item_list_name: 'Mens' })),
    );
    expect(reply.status).toBe(201);
    const { id } = reply.body as { id: number };
    const [row] = await database().db.select().from(analyticsEvents).where(eq(analyticsEvents.id, id));
    expect(row).toMatchObject({
      email: 'hunter@example.com',
      customerId: null,
      event: 'view_item_list',
      data: { item_list_name: 'Mens' },
    });
    expect(row!.createdAt.toISOString()).toBe('2026-04-02T09:30:00.000Z');
  });

  it('stores an event with a customer id sent as a form', async () => {
    const reply = await callTrack(
      services,
      post('customerId=12&event=form_start&form_id=signup', 'application/x-www-form-urlencoded'),
    );
    expect(reply.status).toBe(201);
    const [row] = await database()
      .db.select()
      .from(analyticsEvents)
      .orderBy(desc(analyticsEvents.id))
      .limit(1);
    expect(row).toMatchObject({
      email: null,
      customerId: 12,
      event: 'form_start',
      data: { form_id: 'signup' },
    });
  });

  it.each([
    ['no identifier', JSON.stringify({ event: 'view_item_list' }), 'application/json'],
    ['no event', JSON.stringify({ customerId: 3 }), 'application/json'],
    ['an empty body', '', 'application/json'],
    ['malformed JSON', '{"event":', 'application/json'],
    ['an unsupported body type', '<event/>', 'application/xml'],
  ])('answers 400 "Missing required event data" to %s and stores nothing', async (_name, body, type) => {
    const before = await database().db.$count(analyticsEvents);
    const reply = await callTrack(services, post(body, type));
    expect(reply).toMatchObject({ status: 400, body: { error: MISSING } });
    expect(await database().db.$count(analyticsEvents)).toBe(before);
  });

  it('answers 405 to other methods and 413 to a body over the bound', async () => {
    const get = trackRoute.loader();
    expect([get.status, get.headers.get('Allow')]).toEqual([405, 'POST']);
    expect((await callTrack(services, post('{}', 'application/json', 'PUT'))).status).toBe(405);
    const big = JSON.stringify({
      customerId: 1,
      event: 'x',
      blob: 'a'.repeat(trackRoute.MAX_TRACK_BODY_BYTES),
    });
    expect((await callTrack(services, post(big))).status).toBe(413);
  });

  it('answers 429 with Retry-After beyond the per-address limit, and counts each address apart', async () => {
    const { limit, windowMs } = trackRoute.TRACK_RATE_LIMIT;
    const body = JSON.stringify({ customerId: 9, event: 'ping' });
    for (let i = 0; i < limit; i += 1) {
      expect((await callTrack(services, post(body), '198.51.100.1')).status).toBe(201);
    }
    const refused = await callTrack(services, post(body), '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBe(windowMs / 1000);
    expect((await callTrack(services, post(body), '198.51.100.2')).status).toBe(201);
    clock.advance(windowMs);
    expect((await callTrack(services, post(body), '198.51.100.1')).status).toBe(201);
  });
});

describe('cookie-settings route', () => {
  // Its form (the form kit) is tested over HTTP in forms.test.ts and below.
  const load = (url: string, headers: Record<string, string>) =>
    settingsRoute.loader({
      request: new Request(url, { headers }),
      context: {} as AppLoadContext,
      params: {},
    });

  it('opened from a page (Referer), keeps where to go back in its address', async () => {
    const thrown = await load('http://shop.test/cookie-settings', {
      Referer: 'http://shop.test/mens/?sort=new',
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe(
      '/cookie-settings?redirectTo=%2Fmens%2F%3Fsort%3Dnew',
    );
  });

  it('loads the stored choice, where to go back and this page', async () => {
    const data = await load('http://shop.test/cookie-settings?redirectTo=%2Fmens%2F%3Fsort%3Dnew', {
      Cookie: 'consent=C0001%3A1%2CC0002%3A1',
      Referer: 'http://shop.test/cookie-settings',
    });
    expect(data).toEqual({
      consent: { C0001: true, C0002: true, C0003: false, C0004: false },
      returnTo: '/mens/?sort=new',
      self: '/cookie-settings?redirectTo=%2Fmens%2F%3Fsort%3Dnew',
    });
  });
});

describe('over HTTP (production app)', () => {
  let server: http.Server;
  let origin: string;
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-analytics-'));
    // Listening first: the origin is the store's PUBLIC_URL (required in production).
    server = http.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      PUBLIC_URL: origin,
    });
    const services = await createServices({
      config,
      logger: createLogger({ level: 'error', sink: () => undefined }),
      db: database.db,
      clock: systemClock,
      contentDir: path.join(root, 'content'),
    });
    const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
    server.on(
      'request',
      createHttpApp({ services, build: { server: build, clientDir: path.join(root, 'build/client') } }),
    );
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.dispose();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a JSON event (the client layer), refuses missing data word for word and cross-site posts', async () => {
    const ok = await fetch(`${origin}/api/track/event`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ customerId: 4, event: 'view_item_list', ecommerce: { item_list_name: 'Gear' } }),
    });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('cache-control')).toBe('private, no-store');
    const [row] = await database.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(1);
    expect(row).toMatchObject({
      customerId: 4,
      event: 'view_item_list',
      data: { ecommerce: { item_list_name: 'Gear' } },
    });

    const missing = await fetch(`${origin}/api/track/event`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: 'view_item_list' }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: MISSING });

    const crossSite = await fetch(`${origin}/api/track/event`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ customerId: 4, event: 'x' }),
    });
    expect(crossSite.status).toBe(403);
    expect((await fetch(`${origin}/api/track/event`)).status).toBe(405);
  });

  it('round-trips the consent cookie without JavaScript: page, form POST, 303 back, page shows the choice', async () => {
    const page = await fetch(`${origin}/cookie-settings`, { headers: { Referer: `${origin}/mens/` } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain('<h1');
    expect(page.url).toBe(`${origin}/cookie-settings?redirectTo=%2Fmens%2F`);
    expect(html).toMatch(/name="redirectTo" value="\/cookie-settings\?redirectTo=%2Fmens%2F"/);
    expect(html).toMatch(/<a[^>]*href="\/mens\/"[^>]*>Back to the page you were on/);
    expect(html).toMatch(/<input[^>]*name="C0002"[^>]*>/);
    expect(html).not.toMatch(/<input[^>]*name="C0002"[^>]*checked/);

    const saved = await fetch(`${origin}/cookie-settings`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: 'redirectTo=%2Fcookie-settings&C0002=on&intent=save',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/cookie-settings');
    const setCookie = saved.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/^consent=C0001%3A1%2CC0002%3A1%2CC0003%3A0%2CC0004%3A0;/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const again = await fetch(`${origin}/cookie-settings`, { headers: { Cookie: setCookie.split(';')[0]! } });
    expect(await again.text()).toMatch(/<input[^>]*name="C0002"[^>]*checked/);
  });

  it('round-trips with JavaScript: the fetcher submission (single fetch) sets the cookie and answers in place', async () => {
    const saved = await fetch(`${origin}/cookie-settings.data`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: 'intent=reject-all',
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Your cookie choices are saved.');
    expect(saved.headers.getSetCookie()[0]).toMatch(
      /^consent=C0001%3A1%2CC0002%3A0%2CC0003%3A0%2CC0004%3A0;/,
    );
  });
});
