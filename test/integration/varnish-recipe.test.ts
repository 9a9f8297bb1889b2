/**
 * The shipped CDN recipe, run (decision 010): Debian's Varnish 7.1 with `deploy/varnish/storefront.vcl`, its three
 * backends pointed at three small origins of this test that echo what they receive and vouch for a price list the
 * way the store does (`X-Price-List`, `Vary: Accept-Encoding, Cookie`). What the VCL must do, request by request:
 * the bypass list (every personal cookie in both spellings, the query flags), keying on the vouched price list only,
 * the origin's Vary given back, Accept-Encoding and the scheme normalised, GETs retried on another server, POSTs
 * passed and never retried. Skipped without `varnishd` except under CI (`.ci/run` installs Debian's varnish).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isCi } from '../helpers/postgres-admin';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const hasVarnish = spawnSync('varnishd', ['-V']).status === 0;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Debian's varnishd with the shipped VCL, `edit`ed, its three backends pointed at `ports`; resolves once it answers.
 */
async function startVarnish(
  ports: number[],
  edit: (vcl: string) => string,
): Promise<{ varnish: ChildProcess; workDir: string; base: string }> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'varnish-recipe-'));
  const vcl = edit(
    fs
      .readFileSync(path.join(root, 'deploy/varnish/storefront.vcl'), 'utf8')
      .replace('.port = "3001"', `.port = "${ports[0]}"`)
      .replace('.port = "3002"', `.port = "${ports[1]}"`)
      .replace('.port = "3003"', `.port = "${ports[2]}"`),
  );
  expect(vcl.match(/\.port = "(\d+)"/g)).toHaveLength(3);
  // varnishd (run as root) reads the file and works in `-n` as its own unprivileged users.
  fs.chmodSync(workDir, 0o755);
  fs.writeFileSync(path.join(workDir, 'test.vcl'), vcl, { mode: 0o644 });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const varnish = spawn(
    'varnishd',
    [
      '-F',
      '-a',
      `127.0.0.1:${port}`,
      '-T',
      '127.0.0.1:0',
      '-n',
      path.join(workDir, 'n'),
      '-s',
      'malloc,32m',
    ].concat(['-f', path.join(workDir, 'test.vcl')]),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  varnish.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  varnish.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (varnish.exitCode !== null) throw new Error(`varnishd exited: ${output}`);
    const up = await fetch(`${base}/ready-check`).then(
      (reply) => reply.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`Varnish did not answer within 30 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { varnish, workDir, base };
}

type Seen = { server: number; method: string; url: string; headers: http.IncomingHttpHeaders };

describe.skipIf(!hasVarnish && !isCi)('deploy/varnish/storefront.vcl under Varnish', () => {
  const seen: Seen[] = [];
  const origins: http.Server[] = [];
  let varnish: ChildProcess | undefined;
  let workDir = '';
  let base = '';

  beforeAll(async () => {
    const ports: number[] = [];
    for (const index of [0, 1, 2]) {
      const server = http.createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://origin.invalid');
        if (url.pathname === '/healthz') return void res.writeHead(200).end('ok');
        seen.push({ server: index, method: req.method ?? '', url: req.url ?? '', headers: req.headers });
        // Servers 0 and 1 drop the connection of /drop: only server 2 answers it. Every server drops /drop-all.
        if ((url.pathname === '/drop' && index < 2) || url.pathname === '/drop-all')
          return void req.socket.destroy();
        // The store's rule, in short: the session backs the claim only with `session=ok`; otherwise retail.
        const cookie = req.headers.cookie ?? '';
        const claim = /(?:^|;\s*)(?:__Host-)?price_list=([a-z0-9]+)\./.exec(cookie)?.[1];
        const vouched = claim && cookie.includes('session=ok') ? claim : 'retail';
        res.writeHead(200, {
          'Content-Type': 'text/plain',
          'Cache-Control': 'public, max-age=0, s-maxage=300, stale-while-revalidate=60',
          Vary: 'Accept-Encoding, Cookie',
          'X-Price-List': vouched,
        });
        res.end(`${vouched} from ${index}`);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origins.push(server);
      ports.push((server.address() as net.AddressInfo).port);
    }
    ({ varnish, workDir, base } = await startVarnish(ports, (vcl) => vcl));
  }, 60_000);

  afterAll(async () => {
    varnish?.kill('SIGTERM');
    await Promise.all(origins.map((server) => new Promise((resolve) => server.close(resolve))));
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  let unique = 0;
  /** A fresh URL, so each case starts from an empty cache entry. */
  const fresh = (query = '') => `/page-${++unique}${query}`;
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${base}${url}`, { method, headers, redirect: 'manual' }).then(async (reply) => ({
      status: reply.status,
      cache: reply.headers.get('x-cache'),
      vary: reply.headers.get('vary'),
      priceList: reply.headers.get('x-price-list'),
      text: await reply.text(),
    }));
  const originSaw = (url: string) => seen.filter((request) => request.url === url);

  test('an anonymous page is stored once and shared, whatever analytics cookies come with it', async () => {
    const url = fresh();
    expect((await get(url)).cache).toBe('miss');
    const again = await get(url, { Cookie: '_ga=GA1.2.3; consent=C0002' });
    expect(again.cache).toBe('hit');
    expect(again.vary, 'the origin’s Vary, given back').toBe('Accept-Encoding, Cookie');
    expect(again.priceList, 'the vouched list stays between the origin and the cache').toBeNull();
    expect(originSaw(url)).toHaveLength(1);
  });

  const personal = ['flash', 'signin_flow', 'repair_user_info', 'cart', 'customer_token', 'customer_session'];
  test.each(personal.flatMap((name) => [name, `__Host-${name}`]))(
    'a request with %s is passed to the origin and never stored',
    async (name) => {
      const url = fresh();
      await get(url);
      const reply = await get(url, { Cookie: `${name}=abc` });
      expect(reply.cache).toBe('pass');
      expect(originSaw(url)).toHaveLength(2);
      expect(originSaw(url)[1]!.headers.cookie).toBe(`${name}=abc`);
      // The switch is off in the shipped file: no shell is asked for (decision 115).
      expect(originSaw(url)[1]!.headers['surrogate-capability']).toBeUndefined();
    },
  );

  test('a Surrogate-Capability sent by a client never reaches the origin', async () => {
    const url = fresh();
    await get(url, { 'Surrogate-Capability': 'x="ESI/1.0"', Cookie: 'cart=abc' });
    await get(url, { 'Surrogate-Capability': 'x="ESI/1.0"' });
    expect(originSaw(url).map((request) => request.headers['surrogate-capability'])).toEqual([
      undefined,
      undefined,
    ]);
  });

  test.each(['cart', 'customer_token', 'customer_session'])(
    'with js=1, %s gets the shared copy of its price list',
    async (name) => {
      const url = fresh();
      await get(url);
      expect((await get(url, { Cookie: `${name}=abc; js=1` })).cache).toBe('hit');
    },
  );

  test.each(['flash', 'signin_flow', 'repair_user_info'])('even with js=1, %s is passed', async (name) => {
    const url = fresh();
    await get(url);
    expect((await get(url, { Cookie: `js=1; ${name}=abc` })).cache).toBe('pass');
  });

  test.each([
    '?cart',
    '?cart=false',
    '?logout=1',
    '?login',
    '?create-an-account',
    '?reset-password=1',
    '?%63art=1',
  ])('the query flag %s is passed', async (query) => {
    const url = fresh(query);
    await get(url);
    expect((await get(url)).cache).toBe('pass');
    expect(originSaw(url)).toHaveLength(2);
  });

  test('a copied price-list claim the origin does not vouch for is never stored; a vouched one is, under its list', async () => {
    const url = fresh();
    const forged = await get(url, { Cookie: 'price_list=p2.copied; js=1' });
    expect(forged.text).toMatch(/^retail /);
    expect(forged.cache).toBe('pass');
    const real = await get(url, { Cookie: 'price_list=p2.signed; session=ok; customer_token=t; js=1' });
    expect([real.cache, real.text.split(' ')[0]]).toEqual(['miss', 'p2']);
    // Another pro customer gets the pro copy; an anonymous shopper never does.
    const otherPro = await get(url, { Cookie: 'price_list=p2.signed; session=ok; customer_token=u; js=1' });
    expect([otherPro.cache, otherPro.text]).toEqual(['hit', real.text]);
    const anonymous = await get(url);
    expect(anonymous.text).toMatch(/^retail /);
  });

  test.each([
    ['a price list that is not <list>.<signature>', 'price_list=zz9.abc'],
    ['two price-list cookies', 'price_list=p2.abc; __Host-price_list=p3.abc'],
  ])('%s is passed', async (_label, cookie) => {
    const url = fresh();
    expect((await get(url, { Cookie: cookie })).cache).toBe('pass');
  });

  test('Accept-Encoding reaches the origin as gzip; X-Forwarded-Proto is https only from the TLS hop, else http', async () => {
    const url = fresh();
    await get(url, { 'Accept-Encoding': 'br, gzip, deflate', 'X-Forwarded-Proto': 'https' });
    expect(originSaw(url)[0]!.headers['accept-encoding']).toBe('gzip');
    expect(originSaw(url)[0]!.headers['x-forwarded-proto']).toBe('https');
    const other = fresh();
    await get(other, { 'X-Forwarded-Proto': 'javascript' });
    expect(originSaw(other)[0]!.headers['x-forwarded-proto']).toBe('http');
  });

  test('a GET is retried on another app server when one drops the connection; a POST is passed and never retried', async () => {
    // Round robin: of three GETs, at least two start on a server that drops them.
    for (const n of [1, 2, 3]) {
      const got = await get(`/drop?get=${n}`);
      expect([got.status, got.text.split(' ')[2]]).toEqual([200, '2']);
    }
    const attempts = [1, 2, 3].map((n) => originSaw(`/drop?get=${n}`).length);
    expect(attempts.reduce((sum, count) => sum + count)).toBeGreaterThanOrEqual(5);
    const posted = await get('/drop-all?post=1', {}, 'POST');
    expect(posted.status).toBe(503);
    expect(originSaw('/drop-all?post=1').map((request) => request.method)).toEqual(['POST']);
  });
});

/**
 * The switch on (decision 115): pages of shoppers without scripts who hold a cart or an account are assembled by
 * Varnish from a shell it stores (once per price list and URL) and a fragment per shopper. The origins here answer
 * as the store does: the shell (gzipped when asked, as `compression()` sends it) with `Surrogate-Control` when the
 * request carries the ESI capability, else a page that says what it is; `/_esi/…` answers the request's cart.
 */
describe.skipIf(!hasVarnish && !isCi)('the VCL with its ESI switch on', () => {
  const seen: Seen[] = [];
  const origins: http.Server[] = [];
  let varnish: ChildProcess | undefined;
  let workDir = '';
  let base = '';

  beforeAll(async () => {
    const ports: number[] = [];
    for (const index of [0, 1, 2]) {
      const server = http.createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://origin.invalid');
        if (url.pathname === '/healthz') return void res.writeHead(200).end('ok');
        seen.push({ server: index, method: req.method ?? '', url: req.url ?? '', headers: req.headers });
        const cookie = req.headers.cookie ?? '';
        if (url.pathname.startsWith('/_esi/')) {
          const cart = /(?:^|;\s*)(?:__Host-)?cart=([^;]*)/.exec(cookie)?.[1] ?? 'none';
          res.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'private, no-store' });
          return void res.end(`<b>cart ${cart}</b>`);
        }
        const shell = /ESI\/1\.0/.test(String(req.headers['surrogate-capability'] ?? ''));
        const body = shell
          ? `<!doctype html><p>page ${url.pathname} from ${index}</p><esi:include src="/_esi/personal/x/${url.pathname.slice(1)}"/><p>end</p>`
          : `<!doctype html><p>${cookie.includes('js=1') || !cookie ? 'shared' : 'personal'} ${url.pathname}</p>`;
        const gzip = shell && /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control':
            shell || !cookie || cookie.includes('js=1')
              ? 'public, max-age=0, s-maxage=300, stale-while-revalidate=60'
              : 'private, no-store',
          Vary: 'Accept-Encoding, Cookie',
          'X-Price-List': 'retail',
          ETag: 'W/"shell-etag"',
          ...(shell ? { 'Surrogate-Control': 'content="ESI/1.0"' } : {}),
          ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
        });
        res.end(gzip ? zlib.gzipSync(body) : body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origins.push(server);
      ports.push((server.address() as net.AddressInfo).port);
    }
    ({ varnish, workDir, base } = await startVarnish(ports, (vcl) => {
      const on = vcl.replace('set req.http.X-Esi-Personal = "off";', 'set req.http.X-Esi-Personal = "on";');
      expect(on).not.toBe(vcl);
      return on;
    }));
  }, 60_000);

  afterAll(async () => {
    varnish?.kill('SIGTERM');
    await Promise.all(origins.map((server) => new Promise((resolve) => server.close(resolve))));
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  let unique = 0;
  const fresh = () => `/esi-page-${++unique}`;
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${base}${url}`, { method, headers, redirect: 'manual' }).then(async (reply) => ({
      status: reply.status,
      headers: reply.headers,
      text: await reply.text(),
    }));
  const originSaw = (url: string) => seen.filter((request) => request.url === url);

  test('the shell is stored once and every shopper gets it assembled with their own fragment', async () => {
    const url = fresh();
    const first = await get(url, { Cookie: 'cart=one', 'Accept-Encoding': 'gzip' });
    const second = await get(url, { Cookie: 'cart=two; consent=C0002' });
    const third = await get(url, { Cookie: '__Host-cart=three', 'Accept-Encoding': 'gzip' });
    expect(first.text).toMatch(
      new RegExp(`^<!doctype html><p>page ${url} from \\d</p><b>cart one</b><p>end</p>$`),
    );
    expect(second.text).toBe(first.text.replace('cart one', 'cart two'));
    expect(third.text).toBe(first.text.replace('cart one', 'cart three'));
    expect([first, second, third].map((reply) => reply.headers.get('x-cache'))).toEqual([
      'miss',
      'hit',
      'hit',
    ]);
    // The page once (asking for the shell), a fragment per shopper with their cookies.
    expect(originSaw(url).map((request) => request.headers['surrogate-capability'])).toEqual([
      'varnish="ESI/1.0"',
    ]);
    const fragments = seen.filter((request) => request.url === `/_esi/personal/x${url}`);
    expect(fragments.map((request) => request.headers.cookie)).toEqual([
      'cart=one',
      'cart=two; consent=C0002',
      '__Host-cart=three',
    ]);
    for (const fragment of fragments) expect(fragment.headers['surrogate-capability']).toBeUndefined();
  });

  test('an assembled page is private, carries no validator and the origin’s Vary, and is never a 304', async () => {
    const url = fresh();
    await get(url, { Cookie: 'cart=one' });
    const reply = await get(url, { Cookie: 'cart=one', 'If-None-Match': 'W/"shell-etag"' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    expect(reply.headers.get('etag')).toBeNull();
    expect(reply.headers.get('age')).toBeNull();
    expect(reply.headers.get('surrogate-control')).toBeNull();
    expect(reply.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(reply.text).not.toContain('<esi:');
  });

  test('shoppers whose browser runs scripts, and anonymous ones, still share the plain copy; a flash is passed', async () => {
    const url = fresh();
    const shopper = await get(url, { Cookie: 'cart=one' });
    const scripts = await get(url, { Cookie: 'cart=one; js=1' });
    const anonymous = await get(url);
    expect(shopper.text).toContain('<b>cart one</b>');
    expect([scripts.text, anonymous.text]).toEqual([`<!doctype html><p>shared ${url}</p>`, scripts.text]);
    expect([scripts.headers.get('x-cache'), anonymous.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    const flash = await get(url, { Cookie: 'cart=one; flash=saved' });
    expect([flash.headers.get('x-cache'), flash.text]).toEqual([
      'pass',
      `<!doctype html><p>personal ${url}</p>`,
    ]);
  });

  test('a POST, the loader data and a query flag are passed without the capability', async () => {
    const url = fresh();
    for (const [path, method] of [
      [url, 'POST'],
      [`${url}.data`, 'GET'],
      [`${url}?cart=true`, 'GET'],
    ] as const) {
      const reply = await get(path, { Cookie: 'cart=one' }, method);
      expect(reply.headers.get('x-cache'), path).toBe('pass');
      expect(originSaw(path)[0]!.headers['surrogate-capability'], path).toBeUndefined();
    }
  });

  test('a fragment URL asked for directly is passed to the origin, never stored', async () => {
    const path = '/_esi/personal/x/direct';
    const one = await get(path, { Cookie: 'cart=one' });
    const two = await get(path, { Cookie: 'cart=two' });
    expect([one.text, two.text]).toEqual(['<b>cart one</b>', '<b>cart two</b>']);
    expect([one.headers.get('x-cache'), two.headers.get('x-cache')]).toEqual(['pass', 'pass']);
  });
});
