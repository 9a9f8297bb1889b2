import { describe, expect, test } from 'vitest';
import {
  CACHE_CATALOGUE,
  CACHE_NONE,
  CACHE_PRIVATE,
  effectiveCacheControl,
  hasPersonalCookie,
  getsSharedCopy,
  isShareableResponse,
} from './cache.server';
import { ANONYMOUS, type Viewer } from '../viewer/viewer';

describe('hasPersonalCookie', () => {
  test.each([
    [undefined, false],
    ['', false],
    ['consent=C0002', false],
    ['cart_hint=1; xcart=2', false],
    ['cart=abc', true],
    ['consent=1; customer_token=t', true],
    [' cart = abc', true],
  ])('%s → %s', (header, expected) => {
    expect(hasPersonalCookie(header)).toBe(expected);
  });
});

describe('isShareableResponse and effectiveCacheControl', () => {
  const base = {
    method: 'GET',
    status: 200,
    cacheControl: CACHE_CATALOGUE,
    sharedCopy: true,
    setsCookie: false,
  };
  test.each([
    // change from the base case, shareable?, Cache-Control sent
    [{}, true, CACHE_CATALOGUE],
    [{ method: 'HEAD' }, true, CACHE_CATALOGUE],
    [{ sharedCopy: false }, false, CACHE_PRIVATE],
    [{ sharedCopy: false, cacheControl: null }, false, CACHE_PRIVATE],
    [{ sharedCopy: false, cacheControl: 'max-age=60' }, false, CACHE_PRIVATE],
    [{ setsCookie: true }, false, CACHE_PRIVATE],
    [{ status: 404 }, false, CACHE_NONE],
    [{ status: 500 }, false, CACHE_NONE],
    [{ status: 302 }, false, CACHE_NONE],
    [{ method: 'POST' }, false, CACHE_NONE],
    [{ cacheControl: null }, false, null],
    [{ cacheControl: 'max-age=60' }, false, 'max-age=60'],
    [{ cacheControl: 'no-store', status: 404 }, false, 'no-store'],
  ] as const)('%j → shareable %s, sends %s', (change, shareable, sent) => {
    const input = { ...base, ...change };
    expect(isShareableResponse(input)).toBe(shareable);
    expect(effectiveCacheControl(input)).toBe(sent);
  });
});

describe('getsSharedCopy', () => {
  const cartId = '0b6f3c2e-8d1a-4c55-9a43-2f1e7d9c0a11';
  const customer = {
    id: 7,
    groupId: 2,
    groupName: 'Pro',
    isGovX: false,
    flags: { promoOrder: false, proUser: true, shedUser: false, dnsFlag: false },
  };
  test.each<[string, string | undefined, Partial<Viewer>, boolean]>([
    ['anonymous, no cookies', undefined, {}, true],
    ['anonymous with consent and analytics cookies', 'consent=C0002; _ga=1', {}, true],
    ['a cart without scripts', 'cart=x', { cartId }, false],
    ['a cart, scripts run', 'cart=x; js=1', { cartId, runsScripts: true }, true],
    ['signed in without scripts', 'customer_token=t', { customer }, false],
    [
      'signed in, scripts run, a pro price list',
      'customer_token=t; js=1',
      { customer, priceList: 'p2', runsScripts: true },
      true,
    ],
    ['a forged cart cookie reads as no cart', 'cart=forged', {}, true],
    ['a flash message', 'flash=x; js=1', { runsScripts: true }, false],
    ['a flash message behind HTTPS', '__Host-flash=x', {}, false],
  ])('%s', (_label, header, viewer, expected) => {
    expect(getsSharedCopy(header, { ...ANONYMOUS, ...viewer })).toBe(expected);
  });
});
