import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CACHE_CATALOGUE, CACHE_CONTENT, CACHE_PRIVATE } from '../../server/web/cache.server';
import { products } from '../../server/db/schema';
import { setCookieHeader } from '../../server/web/cookies.server';
import { createDatabaseSessionStore } from '../../server/identity/index.server';
import { signInCookies } from '../../server/viewer/index.server';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

/**
 * Caching over HTTP (SPEC caching, ARCHITECTURE §Caching): anonymous catalogue pages and their loader data are
 * public with s-maxage and stale-while-revalidate, byte-identical per URL, with a weak ETag answered by 304;
 * personal requests are `private, no-store`; errors are never public; Server-Timing reports db and render.
 */
let app: Awaited<ReturnType<typeof startHttpApp>>;
let proSessionId = '';
/** The same app without the micro-cache: every request renders. */
let uncached: RunningApp;
let categoryPath: string;
let productPath: string;

beforeAll(async () => {
  app = await startHttpApp({ microCache: { ttlMs: 60_000 } });
  // The signed-in customer of these cookies has a session on record (decision 074), as a real sign-in makes.
  const sessions = createDatabaseSessionStore({ db: app.services.db, clock: app.services.clock });
  proSessionId = (await sessions.create({ customerId: 2, ttlMs: 60 * 60_000 })).id;
  uncached = await app.alsoServe({ microCache: false });
  categoryPath = '/mens/';
  const listing = await uncached.request(categoryPath);
  expect(listing.status).toBe(200);
  productPath = listing.text.match(/href="(\/products\/[^"?]+)"/)?.[1] ?? '';
  expect(productPath).toMatch(/^\/products\/[^/]+\/[^/]+$/);
});

afterAll(async () => {
  await app?.close();
});

afterEach(() => {
  const logged = app.takeErrors();
  expect(logged, `the app logged errors:\n${logged.join('\n')}`).toEqual([]);
});

/** Remix single fetch: `/` loads from `/_root.data`, `/mens/` from `/mens.data`. */
function dataUrl(pathname: string): string {
  return pathname === '/' ? '/_root.data' : `${pathname.replace(/\/$/, '')}.data`;
}

function pages(): [string, string, string][] {
  return [
    ['home', '/', CACHE_CONTENT],
    ['category listing', categoryPath, CACHE_CATALOGUE],
    ['product page', productPath, CACHE_CATALOGUE],
  ];
}

function expectShareable(reply: Reply, cacheControl: string) {
  expect(reply.status).toBe(200);
  expect(reply.headers['cache-control']).toBe(cacheControl);
  expect(cacheControl).toMatch(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/);
  expect(reply.headers.etag).toMatch(/^W\/"[\w-]+"$/);
  expect(String(reply.headers.vary)).toMatch(/cookie/i);
}

function scriptSrc(reply: Reply): string[] {
  const policy = String(reply.headers['content-security-policy'] ?? '');
  return (
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
      ?.slice(1) ?? []
  );
}

describe.each([
  ['HTML', (pathname: string) => pathname],
  ['loader data (.data)', dataUrl],
])('anonymous %s', (_kind, url) => {
  test.each([0, 1, 2])('page %# is public with an ETag that answers 304', async (index) => {
    const [, pathname, cacheControl] = pages()[index]!;
    for (const target of [uncached, app]) {
      const first = await target.request(url(pathname));
      expectShareable(first, cacheControl);
      expect(first.text.length).toBeGreaterThan(0);

      const again = await target.request(url(pathname));
      expect(again.headers.etag, 'the same URL renders the same bytes').toBe(first.headers.etag);
      expect(again.text).toBe(first.text);

      const revalidated = await target.request(url(pathname), {
        headers: { 'If-None-Match': String(first.headers.etag) },
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.raw.length).toBe(0);
      expect(revalidated.headers.etag).toBe(first.headers.etag);
      expect(revalidated.headers['cache-control']).toBe(cacheControl);

      const strongForm = String(first.headers.etag).replace(/^W\//, '');
      const listed = await target.request(url(pathname), {
        headers: { 'If-None-Match': `"something-else", ${strongForm}` },
      });
      expect(listed.status, 'If-None-Match compares weakly, in a list').toBe(304);

      const stale = await target.request(url(pathname), { headers: { 'If-None-Match': 'W/"stale"' } });
      expect(stale.status).toBe(200);
      expect(stale.text).toBe(first.text);
    }
  });
});

describe('shareable HTML and the Content-Security-Policy', () => {
  test('scripts are allowed by hash, not by a nonce, and every inline script of the page is listed', async () => {
    const reply = await uncached.request(productPath);
    const allowed = scriptSrc(reply);
    expect(allowed).toContain("'self'");
    expect(allowed.some((value) => value.startsWith("'nonce-"))).toBe(false);
    expect(reply.text).not.toMatch(/\snonce=/);
    const inline = [...reply.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\bsrc=/.test(attributes!) && !/application\/ld\+json/.test(attributes!),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , content] of inline) {
      const hash = crypto.createHash('sha256').update(content!, 'utf8').digest('base64');
      expect(allowed).toContain(`'sha256-${hash}'`);
    }
  });

  test('a 304 carries the same policy as the page, so a browser that updates its stored headers keeps working', async () => {
    const page = await uncached.request(categoryPath);
    const revalidated = await uncached.request(categoryPath, {
      headers: { 'If-None-Match': String(page.headers.etag) },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });

  test('gzip changes the bytes, not the validator', async () => {
    const plain = await uncached.request(categoryPath);
    const gzipped = await uncached.request(categoryPath, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.text).toBe(plain.text);
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    const revalidated = await uncached.request(categoryPath, {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': String(plain.headers.etag) },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.raw.length).toBe(0);
  });
});

/** Signed cookies as the store writes them (server/viewer, server/web/cookies.server.ts). */
function cookies() {
  const options = app.services.config.cookies;
  const pair = (header: string) => header.split(';')[0]!;
  const cart = pair(setCookieHeader('cart', crypto.randomUUID(), options));
  const pro = signInCookies(
    {
      token: 'abc.def.ghi',
      customer: {
        id: 2,
        groupId: 2,
        groupName: 'Pro Program',
        isGovX: false,
        flags: { promoOrder: false, proUser: true, shedUser: false, dnsFlag: false },
        sessionId: proSessionId,
      },
      priceList: 'p2',
      now: new Date(),
    },
    options,
  )
    .map(pair)
    .join('; ');
  const flash = pair(setCookieHeader('flash', 'notify:ok', options));
  return { cart, pro, flash };
}

describe('personal renders (decision 021)', () => {
  test.each([
    ['a signed cart cookie', () => cookies().cart],
    ['a signed-in customer', () => cookies().pro],
    ['a cart among other cookies', () => `consent=C0002; ${cookies().cart}`],
    ['a flash message, even from a browser that runs scripts', () => `js=1; ${cookies().flash}`],
  ])(
    'with %s and no `js` cookie, every page is private, no-store, never the shared ETag, and never a 304',
    async (_, cookie) => {
      for (const [, pathname] of pages()) {
        const anonymous = await app.request(pathname);
        for (const target of [pathname, dataUrl(pathname)]) {
          const reply = await app.request(target, {
            headers: { Cookie: cookie(), 'If-None-Match': String(anonymous.headers.etag) },
          });
          expect(reply.status).toBe(200);
          expect(reply.headers['cache-control']).toBe(CACHE_PRIVATE);
          // Loader data is rendered personally (no ETag); a document may be the shared copy spliced for this
          // shopper (decision 107), with a validator of its own.
          expect(reply.headers.etag).not.toBe(anonymous.headers.etag);
          const timing = String(reply.headers['server-timing']);
          expect(timing, 'a personal request is rendered, never served from the micro-cache').not.toMatch(
            /cache;/,
          );
        }
      }
    },
  );

  test('personal HTML keeps a fresh nonce per response', async () => {
    // The cart panel open: a full personal render (a page without it is spliced: decision 107).
    const { cart } = cookies();
    const first = await app.request(`${productPath}?cart=true`, { headers: { Cookie: cart } });
    const second = await app.request(`${productPath}?cart=true`, { headers: { Cookie: cart } });
    const nonce = scriptSrc(first).find((value) => value.startsWith("'nonce-"));
    expect(nonce).toBeDefined();
    expect(first.text).toContain(`nonce="${nonce!.slice(7, -1)}"`);
    expect(scriptSrc(second)).not.toContain(nonce);
  });

  test('a cookie that is not personal leaves the page shareable', async () => {
    const reply = await app.request(categoryPath, { headers: { Cookie: 'consent=C0002' } });
    expectShareable(reply, CACHE_CATALOGUE);
  });

  test('a cart cookie that is not signed by the store reads as no cart: the shared copy', async () => {
    const reply = await app.request(categoryPath, { headers: { Cookie: 'cart=c0ffee' } });
    expectShareable(reply, CACHE_CATALOGUE);
  });
});

describe('shared copies per price list (decision 021)', () => {
  test('a shopper with a cart whose browser runs scripts gets the anonymous copy, from the page cache', async () => {
    for (const [, pathname, cacheControl] of pages()) {
      const anonymous = await app.request(pathname);
      const reply = await app.request(pathname, { headers: { Cookie: `${cookies().cart}; js=1` } });
      expectShareable(reply, cacheControl);
      expect(reply.headers.etag).toBe(anonymous.headers.etag);
      expect(String(reply.headers['server-timing'])).toMatch(/cache;dur=[\d.]+;desc="hit"/);
    }
  });

  test('a signed-in pro customer whose browser runs scripts gets the pro copy, cached apart from retail', async () => {
    const cookie = `${cookies().pro}; js=1`;
    const retail = await app.request(categoryPath);
    const pro = await app.request(categoryPath, { headers: { Cookie: cookie } });
    expectShareable(pro, CACHE_CATALOGUE);
    expect(pro.headers.etag, 'pro prices make another page').not.toBe(retail.headers.etag);
    const again = await app.request(categoryPath, { headers: { Cookie: `${cookies().pro}; js=1` } });
    expect(again.headers.etag).toBe(pro.headers.etag);
    expect(String(again.headers['server-timing'])).toMatch(/cache;dur=[\d.]+;desc="hit"/);
    const retailAgain = await app.request(categoryPath, { headers: { Cookie: `${cookies().cart}; js=1` } });
    expect(retailAgain.headers.etag).toBe(retail.headers.etag);
  });

  test('/api/personal-state answers the cart count and account state, privately', async () => {
    const anonymous = await app.request('/api/personal-state');
    expect(anonymous.headers['cache-control']).toBe(CACHE_PRIVATE);
    expect(JSON.parse(anonymous.text)).toEqual({ cartCount: 0, signedIn: false });
    const signedIn = await app.request('/api/personal-state', {
      headers: { Cookie: `${cookies().pro}; js=1` },
    });
    expect(JSON.parse(signedIn.text)).toEqual({ cartCount: 0, signedIn: true });
  });
});

describe('errors are never cached publicly', () => {
  test.each([
    ['an unknown URL', '/no-such-category/'],
    ['an unknown product', '/products/no-such-product/black'],
    ['loader data of an unknown URL', '/no-such-category.data'],
  ])('%s', async (_, pathname) => {
    const reply = await app.request(pathname);
    expect(reply.status).toBe(404);
    expect(String(reply.headers['cache-control'] ?? '')).not.toMatch(/public/);
    expect(reply.headers.etag).toBeUndefined();
    const again = await app.request(pathname);
    expect(String(again.headers['server-timing']), 'a 404 is not micro-cached').not.toMatch(/cache;/);
  });
});

describe('Server-Timing', () => {
  test.each([
    ['category listing', () => categoryPath],
    ['product page', () => productPath],
  ])('a rendered %s reports its database and render time, and the total', async (_, pathname) => {
    const reply = await uncached.request(pathname());
    const metrics = String(reply.headers['server-timing']).split(/,\s*/);
    for (const name of ['db', 'render', 'total']) {
      expect(metrics).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`^${name};dur=\\d+\\.\\d$`))]),
      );
    }
  });

  test('loader data reports its database time', async () => {
    const reply = await uncached.request(dataUrl(productPath));
    expect(String(reply.headers['server-timing'])).toMatch(/(^|, )db;dur=\d+\.\d/);
  });
});

describe('micro-cache', () => {
  test('a repeated anonymous request is served from memory, byte for byte, and says so', async () => {
    const url = `${categoryPath}?sort=newest`;
    const first = await app.request(url);
    expect(String(first.headers['server-timing'])).toMatch(/render;dur=/);
    const second = await app.request(url);
    expect(String(second.headers['server-timing'])).toMatch(/cache;dur=0\.0;desc="hit"/);
    expect(String(second.headers['server-timing'])).not.toMatch(/render;dur=/);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });
});

describe('micro-cache under a burst', () => {
  test('concurrent anonymous requests for one URL cost one render; the others share it', async () => {
    const url = `${categoryPath}?sort=price-asc`;
    const replies = await Promise.all(Array.from({ length: 5 }, () => app.request(url)));
    const rendered = replies.filter((reply) => /render;dur=/.test(String(reply.headers['server-timing'])));
    expect(rendered).toHaveLength(1);
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.text).toBe(rendered[0]!.text);
      expect(reply.headers.etag).toBe(rendered[0]!.headers.etag);
    }
  });
});

describe('the catalogue data cache (issue 7 §4)', () => {
  // The cache asks the change feed at most every CATALOGUE_CHECK_MS (200 ms by default, decision 051): a change
  // shows on the first render after that.
  test('keeps a product page until the catalogue changes, then a render within the check interval shows the change', async () => {
    const [, , url] = productPath.split('/');
    const first = await uncached.request(productPath);
    expect(first.status).toBe(200);
    const { db } = app.services;
    const [product] = await db.select().from(products).where(eq(products.url, url!));
    const renamed = `${product!.name} Renamed ${crypto.randomUUID().slice(0, 8)}`;
    await db.update(products).set({ name: renamed }).where(eq(products.id, product!.id));
    try {
      await expect
        .poll(async () => (await uncached.request(productPath)).text, { timeout: 5_000, interval: 100 })
        .toContain(renamed);
      const listing = await uncached.request(categoryPath);
      expect(listing.status).toBe(200);
    } finally {
      await db.update(products).set({ name: product!.name }).where(eq(products.id, product!.id));
    }
    await expect
      .poll(async () => (await uncached.request(productPath)).text, { timeout: 5_000, interval: 100 })
      .not.toContain(renamed);
  });
});
