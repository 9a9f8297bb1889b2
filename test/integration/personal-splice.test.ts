import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createTestCart } from '../../server/cart/test-fixtures.server';
import { createDatabaseSessionStore } from '../../server/identity/index.server';
import { setCookieHeader } from '../../server/web/cookies.server';
import { cookiePair, signedInProCustomer } from '../helpers/viewer-cookies';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

/**
 * Splice, don't render (decision 107): a shopper without scripts who has a cart or an account gets the shared
 * copy of their price list with the header's personal regions spliced in, and the page equals what a full
 * personal render (the same app with the splice off) gives them, apart from the nonce (the spliced page keeps the
 * shared copy's script hashes) and the hydration data (the shared copy's: it carries no one's state).
 */
let app: Awaited<ReturnType<typeof startHttpApp>>;
/** The same app with the splice off: today's full personal render. */
let rendered: RunningApp;
let sessionId = '';
let productPath = '';
let cartCookie = '';

beforeAll(async () => {
  app = await startHttpApp({ microCache: { ttlMs: 60_000 } });
  rendered = await app.alsoServe({ microCache: false, splice: false });
  const sessions = createDatabaseSessionStore({ db: app.services.db, clock: app.services.clock });
  sessionId = (await sessions.create({ customerId: 2, ttlMs: 60 * 60_000 })).id;
  const listing = await app.request('/mens/');
  productPath = listing.text.match(/href="(\/products\/[^"?]+)"/)?.[1] ?? '';
  expect(productPath).toMatch(/^\/products\/[^/]+\/[^/]+$/);
  // A cart of three units (two of one variant, one of another), as the end-to-end fixture makes them.
  const cartId = await createTestCart(app.services.db, [2, 1]);
  cartCookie = pair(setCookieHeader('cart', cartId, app.services.config.cookies));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

afterEach(() => {
  const logged = app.takeErrors();
  expect(logged, `the app logged errors:\n${logged.join('\n')}`).toEqual([]);
});

const pair = cookiePair;

/** The seeded pro customer 2 (price list p2) signed in, with a session on record. */
const signedIn = () => signedInProCustomer(app.services.config.cookies, sessionId);

function pages(): [string, string][] {
  return [
    ['home', '/'],
    ['category', '/mens/'],
    ['product', productPath],
    ['search', '/search?q=jacket'],
    ['content page', '/help/shipping'],
    ['legal page', '/legal/privacy'],
  ];
}

/**
 * What legitimately differs: the nonce (hashes instead) and the hydration data (the shared copy's, compared with
 * it in its own test below).
 */
function normalised(html: string): string {
  return html
    .replace(/ nonce="[^"]*"/g, '')
    .replace(/streamController\.enqueue\((?:"(?:[^"\\]|\\.)*")\)/g, 'streamController.enqueue(LOADER_DATA)');
}

const loaderData = (html: string) =>
  [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map((match) => match[1]);

function timing(reply: Reply): string {
  return String(reply.headers['server-timing'] ?? '');
}

const shoppers: [string, () => string, { count: number; signedIn: boolean }][] = [
  ['a shopper with a cart', () => cartCookie, { count: 3, signedIn: false }],
  ['a signed-in customer', () => signedIn(), { count: 0, signedIn: true }],
  ['a signed-in customer with a cart', () => `${signedIn()}; ${cartCookie}`, { count: 3, signedIn: true }],
];

describe.each(shoppers)('%s, without the js cookie', (_, cookie, expected) => {
  test.each([0, 1, 2, 3, 4, 5])('page %# is spliced and equals the personal render', async (index) => {
    const [kind, pathname] = pages()[index]!;
    // Twice: the first may render the shared copy, the second comes from the page cache.
    for (const round of [1, 2]) {
      const spliced = await app.request(pathname, { headers: { Cookie: cookie() } });
      // A crawler's user agent: the personal render is then written whole, as the shared copy always is, rather
      // than streamed (the same markup, without the streaming's placeholders).
      const personal = await rendered.request(pathname, {
        headers: { Cookie: cookie(), 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
      });
      expect(spliced.status, kind).toBe(200);
      expect(personal.status, kind).toBe(200);
      expect(timing(spliced), `${kind}: spliced, not rendered personally`).toMatch(
        /(^|, )splice;dur=[\d.]+;desc="(hit|shared|render)"/,
      );
      if (round === 2) expect(timing(spliced), kind).toMatch(/splice;dur=[\d.]+;desc="hit"/);
      expect(timing(personal)).not.toMatch(/splice;/);
      expect(spliced.headers['cache-control']).toBe('private, no-store');
      expect(String(spliced.headers.vary)).toMatch(/cookie/i);
      expect(spliced.headers['x-price-list']).toBeUndefined();

      // The count and the account link.
      const cartName = expected.count > 0 ? `Cart, ${expected.count} items` : 'Cart';
      expect(spliced.text).toContain(`aria-label="${cartName}"`);
      if (expected.count > 0)
        expect(spliced.text).toMatch(/<span class="[^"]+" aria-hidden="true">3<\/span><\/a>/);
      const accountHref = /<a [^>]*aria-label="Account"[^>]*href="([^"]*)"/
        .exec(spliced.text)?.[1]
        ?.replaceAll('&amp;', '&');
      expect(accountHref).toBe(
        expected.signedIn ? '/account/profile' : `${pathname.split('?')[0]}?${loginQuery(pathname)}`,
      );

      // The whole document equals the personal render's, apart from the nonce and the hydration data.
      expect(normalised(spliced.text)).toBe(normalised(personal.text));

      // Every inline script is allowed by the policy's hashes, and the page carries no nonce.
      const policy = String(spliced.headers['content-security-policy']);
      expect(policy).not.toMatch(/'nonce-/);
      expect(spliced.text).not.toMatch(/\snonce=/);
      for (const [, attributes, content] of spliced.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (/\bsrc=|application\/ld\+json/.test(attributes!)) continue;
        const hash = crypto.createHash('sha256').update(content!, 'utf8').digest('base64');
        expect(policy).toContain(`'sha256-${hash}'`);
      }
    }
  });
});

/** `?login=true` added to the page's own query, as the header's panel opener writes it. */
function loginQuery(pathname: string): string {
  const params = new URLSearchParams(pathname.split('?')[1] ?? '');
  params.set('login', 'true');
  return params.toString();
}

describe('what the spliced page carries', () => {
  test("its hydration data is the shared copy's, with no one's state in it", async () => {
    const cookie = `${signedIn()}; ${cartCookie}`;
    const spliced = await app.request('/mens/', { headers: { Cookie: cookie } });
    const shared = await app.request('/mens/', { headers: { Cookie: `${signedIn()}; js=1` } });
    expect(shared.headers['cache-control']).toMatch(/^public/);
    expect(loaderData(spliced.text)).toEqual(loaderData(shared.text));
    // The header says what it was spliced with, for the browser to read at hydration.
    expect(spliced.text).toMatch(
      /<header class="[^"]+" data-personal="header" data-cart-count="3" data-signed-in="true">/,
    );
    expect(spliced.text).toMatch(/<footer class="[^"]+" data-personal="footer" data-signed-in="">/);
  });

  test('its own ETag, never the shared copy’s, and no 304 for the shared one', async () => {
    const shared = await app.request('/mens/');
    const spliced = await app.request('/mens/', {
      headers: { Cookie: cartCookie, 'If-None-Match': String(shared.headers.etag) },
    });
    expect(spliced.status).toBe(200);
    expect(spliced.headers.etag).toMatch(/^W\/"[\w.-]+"$/);
    expect(spliced.headers.etag).not.toBe(shared.headers.etag);
    const other = await app.request('/mens/', { headers: { Cookie: signedIn() } });
    expect(other.headers.etag, 'another state, another validator').not.toBe(spliced.headers.etag);
  });
});

describe('requests that keep getting a full personal render', () => {
  test.each([
    [
      'a flash message',
      () => `${cartCookie}; ${pair(setCookieHeader('flash', 'notify:ok', app.services.config.cookies))}`,
      '/mens/',
    ],
    ['?cart (the cart panel with their cart)', () => cartCookie, '/mens/?cart=true'],
    ['?login (the sign-in panel)', () => cartCookie, '/mens/?login=true'],
    ['an account page', () => signedIn(), '/account/profile'],
    ['an unknown URL (a 404 is never shared)', () => cartCookie, '/no-such-category/'],
  ])('%s', async (_, cookie, pathname) => {
    for (const round of [1, 2]) {
      const reply = await app.request(pathname, { headers: { Cookie: cookie() } });
      expect(timing(reply), `round ${round}`).not.toMatch(/splice;/);
      expect(reply.headers['cache-control']).toBe('private, no-store');
      expect(String(reply.headers['content-security-policy'])).toMatch(/'nonce-/);
    }
  });

  test('with ?cart the cart count is still in the page', async () => {
    const reply = await app.request('/mens/?cart=true', { headers: { Cookie: cartCookie } });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('aria-label="Cart, 3 items"');
  });
});
