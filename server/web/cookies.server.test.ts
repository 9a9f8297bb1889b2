import { describe, expect, test } from 'vitest';
import { COOKIES, personalCookieNames } from './cookie-registry';
import { parseCookieHeader, readCookie, setCookieHeader, signValue, unsignValue } from './cookies.server';

const keys = ['s'.repeat(40)] as const;
const options = { secure: false, keys };

describe('signed values', () => {
  test('round-trip under the same cookie name', () => {
    expect(unsignValue(keys, 'cart', signValue(keys, 'cart', 'abc'))).toBe('abc');
  });
  test.each([
    ['another cookie name', () => unsignValue(keys, 'flash', signValue(keys, 'cart', 'abc'))],
    ['another key', () => unsignValue(['t'.repeat(40)], 'cart', signValue(keys, 'cart', 'abc'))],
    [
      'an altered value',
      () => unsignValue(keys, 'cart', signValue(keys, 'cart', 'abc').replace('abc', 'abd')),
    ],
    ['no signature', () => unsignValue(keys, 'cart', 'abc')],
    ['an empty value', () => unsignValue(keys, 'cart', '.')],
  ])('are refused with %s', (_label, read) => {
    expect(read()).toBeNull();
  });
});

describe('parseCookieHeader', () => {
  test.each([
    ['a=1; b=2', { a: '1', b: '2' }],
    ['a=1; a=2', { a: '1' }],
    ['', {}],
    ['x'.repeat(20_000), {}],
  ])('%s', (header, expected) => {
    expect(parseCookieHeader(header)).toEqual(expected);
  });
});

describe('setCookieHeader', () => {
  test('writes the attributes of the definition', () => {
    expect(setCookieHeader('cart', 'v', options)).toMatch(
      /^cart=v\.[\w-]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });
  test('reads back through readCookie', () => {
    const [pair] = setCookieHeader('flash', 'saved', options).split(';');
    expect(readCookie(parseCookieHeader(pair), 'flash', options)).toBe('saved');
  });
  test('refuses a cookie the browser writes', () => {
    expect(() => setCookieHeader('recentlyViewed', '1', options)).toThrow(/written by the browser/);
  });
});

test('personal cookies are those that identify a shopper or their cart', () => {
  expect(personalCookieNames().filter((name) => !name.startsWith('__Host-'))).toEqual([
    'customer_token',
    'customer_session',
    'signin_flow',
    'repair_user_info',
    'staff_session',
    'cart',
    'flash',
  ]);
});

test('functional cookies need consent group C0003', () => {
  expect([COOKIES.recentlyViewed.consent, COOKIES.recentlyViewedColors.consent]).toEqual(['C0003', 'C0003']);
});

describe('cookie prefixes (issue 27 §5, decision 087)', () => {
  const secure = { secure: true, keys };
  const pairOf = (header: string) => header.split(';', 1)[0]!;

  test('behind HTTPS every cookie the server writes but the consent choice is __Host- and Secure', () => {
    expect(setCookieHeader('customerToken', 'a.b.c', secure)).toMatch(
      /^__Host-customer_token=a\.b\.c; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(setCookieHeader('cart', 'v', secure)).toMatch(
      /^__Host-cart=v\.[\w-]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    for (const key of ['customerSession', 'priceList', 'signInFlow', 'repairUserInfo', 'flash'] as const)
      expect(setCookieHeader(key, 'v', secure)).toMatch(/^__Host-/);
    expect(setCookieHeader('consent', 'v', secure)).toMatch(/^consent=v; /);
  });

  test.each(['customerToken', 'customerSession', 'priceList', 'repairUserInfo', 'cart', 'flash'] as const)(
    'behind HTTPS %s under its plain name is ignored, under __Host- read',
    (key) => {
      const plain = pairOf(setCookieHeader(key, 'planted', options));
      expect(plain).not.toMatch(/^__Host-/);
      expect(readCookie(parseCookieHeader(plain), key, secure)).toBeUndefined();
      const prefixed = pairOf(setCookieHeader(key, 'kept', secure));
      expect(readCookie(parseCookieHeader(prefixed), key, secure)).toBe('kept');
      // Both present: the prefixed one, whatever the order.
      expect(readCookie(parseCookieHeader(`${plain}; ${prefixed}`), key, secure)).toBe('kept');
    },
  );

  test.each(['customerToken', 'cart', 'customerSession'] as const)(
    'over HTTP (local development) %s is read under its plain name',
    (key) => {
      const plain = pairOf(setCookieHeader(key, 'local', options));
      expect(plain).toMatch(new RegExp(`^${COOKIES[key].name}=`));
      expect(readCookie(parseCookieHeader(plain), key, options)).toBe('local');
    },
  );
});
