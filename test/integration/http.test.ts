import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { setCookieHeader } from '../../server/web/cookies.server';
import { startHttpApp, type Reply, type RequestOptions, type RunningApp } from '../helpers/http-app';

/**
 * The HTTP app as `npm start` serves it in production, in-process: the production build (made by the integration
 * global setup when stale) over a seeded in-memory PGlite, on an ephemeral port of 127.0.0.1.
 */
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build/client');
let app: RunningApp;
let origin: string;
const request = (pathname: string, options?: RequestOptions) => app.request(pathname, options);

function cspDirectives(reply: Reply): Map<string, string[]> {
  const header = String(reply.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

beforeAll(async () => {
  // The micro-cache (tested in caching.test.ts) is off: every request here renders.
  app = await startHttpApp({ env: { MICRO_CACHE_TTL_MS: '0' } });
  origin = app.origin;
});

afterAll(async () => {
  await app?.close();
});

afterEach(() => {
  // The app logs unexpected errors (500s, render errors) through its logger: none may happen here.
  const logged = app.takeErrors();
  expect(logged, `the app logged errors:\n${logged.join('\n')}`).toEqual([]);
});

describe('security headers', () => {
  // Personal pages carry a per-response nonce; shareable (anonymous) pages use script hashes (caching.test.ts).
  test('the CSP nonce of a page is the nonce of every script in it, and changes per response', async () => {
    // A shopper with a cart and no `js` cookie gets a personal render (decision 021) when the page opens their cart
    // (without the flag, the shared copy with their header spliced in: decision 107).
    const cart = setCookieHeader('cart', crypto.randomUUID(), app.services.config.cookies).split(';')[0]!;
    const personal = { headers: { Cookie: cart } };
    const first = await request('/?cart=true', personal);
    expect(first.status).toBe(200);
    const scriptSrc = cspDirectives(first).get('script-src') ?? [];
    const nonces = scriptSrc
      .filter((value) => value.startsWith("'nonce-"))
      .map((value) => value.slice(7, -1));
    expect(nonces).toHaveLength(1);
    expect(scriptSrc).not.toContain("'unsafe-inline'");

    const scripts = [...first.text.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    const inline = [...first.text.matchAll(/<script\b([^>]*)>([^<]+)<\/script>/g)].filter(
      (match) => !/\bsrc=/.test(match[1]!),
    );
    expect(inline.length, 'Remix renders inline scripts (context, route modules)').toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonces[0]}"`);

    const second = await request('/?cart=true', personal);
    expect(cspDirectives(second).get('script-src')).not.toContain(`'nonce-${nonces[0]}'`);
  });

  test('pages may not be framed, sniffed or leak their URL to other sites', async () => {
    const reply = await request('/');
    expect(cspDirectives(reply).get('frame-ancestors')).toEqual(["'none'"]);
    expect(cspDirectives(reply).get('object-src')).toEqual(["'none'"]);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toMatch(
      /^(strict-origin-when-cross-origin|strict-origin|same-origin|no-referrer)$/,
    );
  });

  test('static files carry the same headers', async () => {
    const reply = await request('/favicon.svg');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(cspDirectives(reply).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('request tracing', () => {
  test('a page response reports its timings in Server-Timing', async () => {
    const reply = await request('/');
    const metrics = String(reply.headers['server-timing'] ?? '').split(/,\s*/);
    expect(metrics).toEqual(expect.arrayContaining([expect.stringMatching(/^total;dur=\d+(\.\d+)?$/)]));
    expect(metrics).toEqual(expect.arrayContaining([expect.stringMatching(/^render;dur=\d+(\.\d+)?$/)]));
  });

  test('X-Request-Id is echoed when well-formed, and generated otherwise', async () => {
    expect((await request('/', { headers: { 'X-Request-Id': 'lb-7f3a:42' } })).headers['x-request-id']).toBe(
      'lb-7f3a:42',
    );

    const generated = (await request('/')).headers['x-request-id'];
    expect(generated).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const forged = (await request('/', { headers: { 'X-Request-Id': 'x'.repeat(65) } })).headers[
      'x-request-id'
    ];
    expect(forged).not.toBe('x'.repeat(65));
    expect(forged).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('cross-site request forgery', () => {
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

  test.each([
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('a POST with %s is refused with 403', async (_, headers) => {
    const reply = await request('/', { method: 'POST', headers: { ...form, ...headers }, body: 'intent=x' });
    expect(reply.status).toBe(403);
  });

  test('a same-origin POST passes the check and reaches the routes', async () => {
    const reply = await request('/', {
      method: 'POST',
      headers: { ...form, Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
      body: 'intent=x',
    });
    // The home page has no action: Remix answers 405, past the origin check.
    expect(reply.status).toBe(405);
    expect(reply.text).not.toContain('Cross-site');
    // Whether that 405 is logged as an error is the subject of 'logging' below.
    app.takeErrors();
  });

  test('a cross-site GET is served: links from other sites work', async () => {
    const reply = await request('/', {
      headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    });
    expect(reply.status).toBe(200);
  });
});

describe('compression and caching', () => {
  test('HTML is gzipped for clients that accept it, and plain for those that do not', async () => {
    const gzipped = await request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.raw.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(gzipped.text).toMatch(/^<!DOCTYPE html>/i);
    expect(String(gzipped.headers.vary)).toMatch(/accept-encoding/i);

    const plain = await request('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toMatch(/^<!DOCTYPE html>/i);
  });

  test('fingerprinted assets are cached for a year as immutable, and gzipped', async () => {
    const page = await request('/');
    const assets = [...page.text.matchAll(/\/assets\/[\w.-]+-[\w-]{8}\.js/g)].map((match) => match[0]);
    expect(assets.length).toBeGreaterThan(0);
    // Tiny files are sent as they are (below compression's threshold): check the largest the page loads.
    const replies = await Promise.all(
      assets.map((asset) => request(asset, { headers: { 'Accept-Encoding': 'identity' } })),
    );
    const sizes = replies.map((plain) => Buffer.byteLength(plain.text));
    const largest = assets[sizes.indexOf(Math.max(...sizes))]!;
    expect(Math.max(...sizes)).toBeGreaterThan(10_000);
    const reply = await request(largest, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-encoding']).toBe('gzip');
  });

  test('scripts go out as the build compressed them (decision 062): Brotli or Zopfli by Accept-Encoding, each the same file', async () => {
    const page = await request('/');
    const asset = [...page.text.matchAll(/\/assets\/framework-[\w-]{8}\.js/g)][0]?.[0];
    expect(asset, 'the framework chunk is on the home page').toBeDefined();
    const file = fs.readFileSync(path.join(clientDir, asset!));
    const zlibDefault = zlib.gzipSync(file).length;
    const cases: [string | undefined, string | undefined, number][] = [
      ['gzip, deflate', 'gzip', fs.statSync(path.join(clientDir, `${asset}.gz`)).size],
      ['gzip, deflate, br, zstd', 'br', fs.statSync(path.join(clientDir, `${asset}.br`)).size],
      ['br;q=0.5, gzip', 'gzip', fs.statSync(path.join(clientDir, `${asset}.gz`)).size],
      ['x-gzip', 'gzip', fs.statSync(path.join(clientDir, `${asset}.gz`)).size],
      ['*', 'br', fs.statSync(path.join(clientDir, `${asset}.br`)).size],
      ['gzip;q=0, br;q=0', undefined, file.length],
      ['identity', undefined, file.length],
      [undefined, undefined, file.length],
    ];
    for (const [accept, encoding, length] of cases) {
      const reply = await request(
        asset!,
        accept === undefined ? {} : { headers: { 'Accept-Encoding': accept } },
      );
      expect(reply.status, String(accept)).toBe(200);
      expect(reply.headers['content-encoding'], String(accept)).toBe(encoding);
      expect(reply.headers['content-type'], String(accept)).toMatch(
        /^application\/javascript; charset=utf-8$/i,
      );
      expect(String(reply.headers.vary), String(accept)).toMatch(/accept-encoding/i);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.raw.length, String(accept)).toBe(length);
      expect(Number(reply.headers['content-length']), String(accept)).toBe(length);
      expect(reply.text === file.toString('utf8'), `${accept}: decodes to the file`).toBe(true);
    }
    // Smaller than what compression() would make of it (zlib's default level), by at least 2 %.
    expect(fs.statSync(path.join(clientDir, `${asset}.gz`)).size).toBeLessThan(zlibDefault * 0.98);
    // A conditional request for the compressed copy is answered from its own validator.
    const gzipped = await request(asset!, { headers: { 'Accept-Encoding': 'gzip' } });
    const again = await request(asset!, {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': String(gzipped.headers.etag) },
    });
    expect(again.status).toBe(304);
    const head = await request(asset!, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.raw.length).toBe(0);
  });

  test('a missing asset is a 404 that is not cached as immutable', async () => {
    const reply = await request('/assets/no-such-file-0123abcd.js');
    expect(reply.status).toBe(404);
    expect(String(reply.headers['cache-control'] ?? '')).not.toContain('immutable');
  });
});

describe('logging', () => {
  test('requests the client got wrong (404, 405) are not logged as server errors', async () => {
    expect((await request('/no-such-page/')).status).toBe(404);
    expect((await request('/', { method: 'POST', headers: { Origin: origin }, body: '' })).status).toBe(405);
    const logged = app.takeErrors();
    expect(logged, `4xx answers were logged at level error:\n${logged.join('\n')}`).toEqual([]);
  });
});

describe('not found', () => {
  test('an unknown URL is a 404 HTML page', async () => {
    const reply = await request('/no-such-page/at-all/');
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
  });
});
