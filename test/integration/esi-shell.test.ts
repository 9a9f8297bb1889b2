import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createTestCart } from '../../server/cart/test-fixtures.server';
import { createDatabaseSessionStore } from '../../server/identity/index.server';
import { setCookieHeader } from '../../server/web/cookies.server';
import { cookiePair, signedInProCustomer } from '../helpers/viewer-cookies';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

/**
 * Personal pages assembled by the CDN (decision 115), at the origin: a spliceable request from the trusted proxy
 * that asks for ESI gets the shell (the shared copy with an `<esi:include>` per personal region, stored like the
 * shared copy), and the fragments it names, fetched with the shopper's cookies, assemble to exactly the page the
 * origin splices for that shopper. The assembler here is this test's own: every include replaced by its
 * fragment's body, as Varnish does.
 */
let app: Awaited<ReturnType<typeof startHttpApp>>;
/** The same app with ESI off at the origin. */
let withoutEsi: RunningApp;
let sessionId = '';
let cartCookie = '';
let productPath = '';

const ESI = { 'Surrogate-Capability': 'varnish="ESI/1.0"' };
const INCLUDE = /<esi:include src="([^"]+)"\/>/g;

beforeAll(async () => {
  app = await startHttpApp({ microCache: { ttlMs: 60_000 }, env: { TRUST_PROXY: 'loopback' } });
  withoutEsi = await app.alsoServe({ microCache: { ttlMs: 60_000 }, esi: false });
  const sessions = createDatabaseSessionStore({ db: app.services.db, clock: app.services.clock });
  sessionId = (await sessions.create({ customerId: 2, ttlMs: 60 * 60_000 })).id;
  const cartId = await createTestCart(app.services.db, [2, 1]);
  cartCookie = pair(setCookieHeader('cart', cartId, app.services.config.cookies));
  const listing = await app.request('/mens/');
  productPath = listing.text.match(/href="(\/products\/[^"?]+)"/)?.[1] ?? '';
  expect(productPath).toMatch(/^\/products\/[^/]+\/[^/]+$/);
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

/** What Varnish does with a shell: each include replaced by its fragment, fetched with the shopper's cookies. */
async function assemble(shell: string, cookie: string): Promise<{ page: string; fragments: Reply[] }> {
  const fragments: Reply[] = [];
  let page = '';
  let at = 0;
  for (const match of shell.matchAll(INCLUDE)) {
    const fragment = await app.request(match[1]!, { headers: { Cookie: cookie } });
    fragments.push(fragment);
    page += shell.slice(at, match.index) + fragment.text;
    at = match.index! + match[0].length;
  }
  return { page: page + shell.slice(at), fragments };
}

const shoppers: [string, () => string, string][] = [
  ['a shopper with a cart', () => cartCookie, 'Cart, 3 items'],
  ['a signed-in customer', () => signedIn(), 'Cart'],
  ['a signed-in customer with a cart', () => `${signedIn()}; ${cartCookie}`, 'Cart, 3 items'],
];

describe.each(shoppers)(
  '%s, without the js cookie, through a CDN that assembles pages',
  (_, cookie, cartName) => {
    test.each([
      ['home', () => '/'],
      ['category', () => '/mens/'],
      ['product', () => productPath],
      ['search', () => '/search?q=jacket'],
      ['content page', () => '/help/shipping'],
    ])('%s: the shell holds no one’s state, and assembled it is the spliced page', async (kind, pathname) => {
      const shell = await app.request(pathname(), { headers: { Cookie: cookie(), ...ESI } });
      expect(shell.status, kind).toBe(200);
      expect(shell.headers['surrogate-control']).toBe('content="ESI/1.0"');
      expect(shell.headers['cache-control'], 'stored by the CDN like the shared copy').toMatch(
        /^public, .*s-maxage=/,
      );
      expect(shell.headers['x-price-list']).toBe(cookie().includes('price_list') ? 'p2' : 'retail');
      expect(shell.headers.etag).toMatch(/\.esi"$/);
      // One include per region: the header's opening tag, the account and cart links, the footer's opening tag.
      const includes = [...shell.text.matchAll(INCLUDE)].map((match) => match[1]!.split('/')[3]);
      expect(includes).toEqual(['header', 'actions', 'footer']);
      expect(shell.text).not.toContain('data-cart-count');
      expect(shell.text).not.toContain('aria-label="Cart');
      expect(shell.text).not.toContain('data-personal="header"');

      const { page, fragments } = await assemble(shell.text, cookie());
      for (const fragment of fragments) {
        expect(fragment.status).toBe(200);
        expect(fragment.headers['cache-control']).toBe('private, no-store');
      }
      const spliced = await app.request(pathname(), { headers: { Cookie: cookie() } });
      expect(spliced.headers['cache-control']).toBe('private, no-store');
      expect(page).toBe(spliced.text);
      expect(page).toContain(`aria-label="${cartName}"`);
    });
  },
);

describe('the shell and its fragments', () => {
  test('two shoppers of one price list get the same shell; each assembles their own page', async () => {
    const other = await createTestCart(app.services.db, [1]);
    const otherCookie = pair(setCookieHeader('cart', other, app.services.config.cookies));
    const mine = await app.request('/mens/', { headers: { Cookie: cartCookie, ...ESI } });
    const theirs = await app.request('/mens/', { headers: { Cookie: otherCookie, ...ESI } });
    expect(theirs.text).toBe(mine.text);
    expect((await assemble(mine.text, cartCookie)).page).toContain('aria-label="Cart, 3 items"');
    expect((await assemble(mine.text, otherCookie)).page).toContain('aria-label="Cart, 1 item"');
  });

  test('a fragment URL whose bytes or signature were changed, or of another region, is a 404', async () => {
    const shell = await app.request('/mens/', { headers: { Cookie: cartCookie, ...ESI } });
    const header = [...shell.text.matchAll(INCLUDE)][0]![1]!;
    const [, , , region, tail] = header.split('/');
    expect(region).toBe('header');
    const [payload, signature] = tail!.split('.');
    const forged = Buffer.from('<script>alert(1)</script>').toString('base64url');
    for (const url of [
      `/_esi/personal/header/${forged}.${signature}`,
      `/_esi/personal/header/${payload}.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `/_esi/personal/footer/${payload}.${signature}`,
      `/_esi/personal/nothing/${payload}.${signature}`,
      `/_esi/personal/header/${payload}`,
      `/_esi/personal/header/${'A'.repeat(20_000)}.${signature}`,
    ]) {
      const reply = await app.request(url, { headers: { Cookie: cartCookie } });
      expect(reply.status, url.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(reply.status, url.slice(0, 60)).toBeLessThan(500);
      expect(reply.text).not.toContain('<script>');
    }
    expect((await app.request(header, { headers: { Cookie: cartCookie } })).status).toBe(200);
  });

  test.each([
    ['a shopper whose browser runs scripts (the shared copy)', () => `${cartCookie}; js=1`, /^public/],
    ['a flash message (a personal render)', () => `${cartCookie}; ${flash()}`, /^private, no-store$/],
  ])('%s gets no shell', async (_, cookie, cacheControl) => {
    const reply = await app.request('/mens/', { headers: { Cookie: cookie(), ...ESI } });
    expect(reply.status).toBe(200);
    expect(reply.headers['surrogate-control']).toBeUndefined();
    expect(reply.text).not.toContain('<esi:');
    expect(String(reply.headers['cache-control'])).toMatch(cacheControl);
  });

  test('with ESI off at the origin the request is spliced as before, and no fragment is answered', async () => {
    const reply = await withoutEsi.request('/mens/', { headers: { Cookie: cartCookie, ...ESI } });
    expect(reply.headers['surrogate-control']).toBeUndefined();
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.text).toContain('aria-label="Cart, 3 items"');
    const shell = await app.request('/mens/', { headers: { Cookie: cartCookie, ...ESI } });
    const header = [...shell.text.matchAll(INCLUDE)][0]![1]!;
    expect((await withoutEsi.request(header, { headers: { Cookie: cartCookie } })).status).toBe(404);
  });
});

function flash(): string {
  return pair(setCookieHeader('flash', 'notify:ok', app.services.config.cookies));
}
