import { describe, expect, test } from 'vitest';
import {
  CACHE_CATALOGUE,
  CACHE_NONE,
  CACHE_PRIVATE,
  effectiveCacheControl,
  carriesPagePersonalCookie,
  isShareableResponse,
} from './cache.server';

describe('carriesPagePersonalCookie', () => {
  test.each([
    [undefined, false],
    ['', false],
    ['consent=C0002', false],
    ['flash_hint=1; xflash=2', false],
    ['flash=abc', true],
    ['consent=1; __Host-flash=t', true],
    [' flash = abc', true],
    // The cart and sign-in cookies are the viewer's to judge (getsSharedCopy), not this check's.
    ['cart=abc; customer_token=t', false],
  ])('%s → %s', (header, expected) => {
    expect(carriesPagePersonalCookie(header)).toBe(expected);
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
