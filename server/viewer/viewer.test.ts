import { describe, expect, test } from 'vitest';
import { setCookieHeader, setJsonCookieHeader, signValue } from '../web/cookies.server';
import {
  getsSharedPages,
  isProCustomer,
  readViewer,
  signInCookies,
  signOutCookies,
  type Viewer,
} from './index.server';

const keys = ['x'.repeat(40)] as const;
const options = { secure: false, keys, now: new Date('2026-11-23T12:00:00Z') };
const nowSeconds = Date.parse('2026-11-23T12:00:00Z') / 1000;
const cartId = '0b6f3c2e-8d1a-4c55-9a43-2f1e7d9c0a11';

const customer = {
  id: 42,
  groupId: 2,
  groupName: 'Pro Program',
  isGovX: false,
  flags: { promoOrder: false, proUser: true, shedUser: false, dnsFlag: false },
};

/** The cookie pair `name=value` of a Set-Cookie header. */
const pair = (setCookie: string) => setCookie.split(';')[0]!;
const session = (overrides: Record<string, unknown> = {}) =>
  pair(
    setJsonCookieHeader(
      'customerSession',
      { ...customer, priceList: 'g2', exp: nowSeconds + 60, ...overrides },
      options,
    ),
  );
const token = 'customer_token=eyJhbGciOiJFUzI1NiJ9.e30.sig';
const priceList = (value: string) => pair(setCookieHeader('priceList', value, options));
const cart = pair(setCookieHeader('cart', cartId, options));

describe('readViewer', () => {
  test.each<[string, string, Partial<Viewer>]>([
    ['no cookies', '', { customer: null, priceList: 'retail', cartId: null, runsScripts: false }],
    ['a signed cart id', cart, { cartId, customer: null }],
    ['an unsigned cart id', `cart=${cartId}`, { cartId: null }],
    ['a cart id signed for another cookie', `cart=${signValue(keys, 'flash', cartId)}`, { cartId: null }],
    [
      'a signed cart id that is not a UUID',
      pair(setCookieHeader('cart', "1' or '1'='1", options)),
      { cartId: null },
    ],
    ['the scripts flag', 'js=1', { runsScripts: true }],
    ['a scripts flag of another value', 'js=yes', { runsScripts: false }],
    ['token, session and price list', `${token}; ${session()}; ${priceList('g2')}`, { priceList: 'g2' }],
    [
      'session without the token',
      `${session()}; ${priceList('g2')}`,
      { customer: null, priceList: 'retail' },
    ],
    [
      'token with an expired session',
      `${token}; ${session({ exp: nowSeconds - 1 })}; ${priceList('g2')}`,
      { customer: null, priceList: 'retail' },
    ],
    [
      'a price list that is not the session’s',
      `${token}; ${session()}; ${priceList('g9')}`,
      { priceList: 'retail' },
    ],
    ['a price list without a session', priceList('g2'), { priceList: 'retail', customer: null }],
    [
      'a session with a malformed price list',
      `${token}; ${session({ priceList: 'vip' })}`,
      { customer: null },
    ],
    [
      'a session with a missing flag',
      `${token}; ${session({ flags: { proUser: true } })}`,
      { customer: null },
    ],
    [
      'a tampered session',
      `${token}; ${session().replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
      { customer: null },
    ],
    ['garbage', 'cart=%E0%A4%A; js', { cartId: null, runsScripts: false }],
  ])('%s', (_label, header, expected) => {
    expect(readViewer(header, options)).toMatchObject(expected);
  });

  test('a signed-in customer carries their group and flags', () => {
    const viewer = readViewer(`${token}; ${session()}; ${priceList('g2')}`, options);
    // A session made before viewer versions (decision 055) is version 0.
    expect(viewer.customer).toEqual({ ...customer, sessionVersion: 0 });
  });

  test('a session carries the viewer version it was made at (decision 055)', () => {
    const viewer = readViewer(`${token}; ${session({ sessionVersion: 3 })}; ${priceList('g2')}`, options);
    expect(viewer.customer?.sessionVersion).toBe(3);
    const made = signInCookies(
      { token: 't', customer: { ...customer, sessionVersion: 4 }, priceList: 'g2', now: options.now },
      options,
    );
    const cookies = made.map(pair).join('; ');
    expect(readViewer(cookies, options).customer?.sessionVersion).toBe(4);
  });

  test.each([-1, 1.5, '2'])('a session with version %j is no session', (sessionVersion) => {
    expect(readViewer(`${token}; ${session({ sessionVersion })}`, options).customer).toBeNull();
  });
});

describe('getsSharedPages', () => {
  test.each<[string, Partial<Viewer>, boolean]>([
    ['anonymous without a cart', {}, true],
    ['a cart, no scripts', { cartId }, false],
    ['a cart, scripts run', { cartId, runsScripts: true }, true],
    ['signed in, no scripts', { customer }, false],
    ['signed in, scripts run', { customer, runsScripts: true }, true],
  ])('%s', (_label, partial, expected) => {
    const viewer: Viewer = {
      customer: null,
      priceList: 'retail',
      cartId: null,
      runsScripts: false,
      ...partial,
    };
    expect(getsSharedPages(viewer)).toBe(expected);
  });
});

describe('sign-in and sign-out cookies', () => {
  test('signing in sets the token, the session and the price list; they read back as the customer', () => {
    const headers = signInCookies(
      { token: 'abc.def.ghi', customer, priceList: 'g2', now: options.now },
      options,
    );
    expect(headers).toHaveLength(3);
    expect(headers.every((header) => /HttpOnly/.test(header) && /SameSite=Lax/.test(header))).toBe(true);
    expect(headers[0]).toMatch(
      /^customer_token=abc\.def\.ghi; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const viewer = readViewer(headers.map(pair).join('; '), options);
    expect(viewer).toMatchObject({ priceList: 'g2', customer: { id: 42 } });
  });

  test('a retail customer gets no price-list cookie (an old one is removed)', () => {
    const headers = signInCookies(
      { token: 't', customer: { ...customer, groupId: 1 }, priceList: 'retail', now: options.now },
      options,
    );
    expect(headers.find((header) => header.startsWith('price_list='))).toMatch(/Max-Age=0/);
  });

  test('behind HTTPS, store cookies are Secure and take the __Host- prefix, customer_token too (issue 27 §5)', () => {
    const headers = signInCookies(
      { token: 't', customer, priceList: 'g2', now: options.now },
      { ...options, secure: true },
    );
    expect(headers.map((header) => header.split('=')[0])).toEqual([
      '__Host-customer_token',
      '__Host-customer_session',
      '__Host-price_list',
    ]);
    expect(headers.every((header) => header.includes('; Secure'))).toBe(true);
  });

  test('behind HTTPS, signing out expires both spellings of the prefixed cookies', () => {
    const names = signOutCookies({ secure: true }).map((header) => header.split('=')[0]);
    expect(names).toEqual([
      '__Host-customer_token',
      'customer_token',
      '__Host-customer_session',
      'customer_session',
      '__Host-price_list',
      'price_list',
      '__Host-cart',
      'cart',
      'newsletter-modal-close',
      'SHOP_TOKEN',
      'ssCartProducts',
    ]);
  });

  test('signing out expires the SPEC §7 cookies and the store’s own', () => {
    const names = signOutCookies({ secure: false }).map((header) => header.split('=')[0]);
    expect(names).toEqual([
      'customer_token',
      'customer_session',
      'price_list',
      'cart',
      'newsletter-modal-close',
      'SHOP_TOKEN',
      'ssCartProducts',
    ]);
    expect(signOutCookies({ secure: false }).every((header) => /Max-Age=0/.test(header))).toBe(true);
  });
});

describe('who counts as pro (SPEC §9: pro-app and shed-app users)', () => {
  test.each([
    [false, false, false],
    [true, false, true],
    [false, true, true],
    [true, true, true],
  ])('proUser %s, shedUser %s → %s', (proUser, shedUser, pro) => {
    expect(isProCustomer({ proUser, shedUser })).toBe(pro);
  });
});
