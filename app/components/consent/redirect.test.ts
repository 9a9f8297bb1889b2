import { describe, expect, it } from 'vitest';
import { returnPath } from './redirect';

describe('returnPath', () => {
  const self = '/cookie-settings';
  it.each([
    ['http://shop.test/cookie-settings?redirectTo=%2Fmens%2F', null, '/mens/'],
    ['http://shop.test/cookie-settings?redirectTo=%2F%2Fevil.example', 'http://shop.test/gear/', '/gear/'],
    ['http://shop.test/cookie-settings?redirectTo=%2F.%2F%2Fevil.com', null, '/'],
    ['http://shop.test/cookie-settings?redirectTo=%2Fmens%2F..%2F%2Fevil.com', null, '/'],
    // A value ending in %2F made the old check throw (a 500 on the settings page).
    ['http://shop.test/cookie-settings?redirectTo=%2Fmens%2F..%2F%2Fevil.com%252F', null, '/'],
    ['http://shop.test/cookie-settings?redirectTo=%2F.%2F%2Fevil.com%252F', null, '/'],
    ['http://shop.test/cookie-settings', 'http://shop.test/gear/?sort=new', '/gear/?sort=new'],
    ['http://shop.test/cookie-settings', 'http://shop.test/.//evil.com%2F', '/'],
    ['http://shop.test/cookie-settings', 'http://evil.example/gear/', '/'],
    ['http://shop.test/cookie-settings', 'http://shop.test/cookie-settings', '/'],
    ['http://shop.test/cookie-settings?redirectTo=%2Fcookie-settings%3Fx%3D1', null, '/'],
    ['http://shop.test/cookie-settings', 'not a url', '/'],
    ['http://shop.test/cookie-settings', null, '/'],
  ])('%s with Referer %s → %s', (url, referer, expected) => {
    expect(returnPath({ url, referer }, self)).toBe(expected);
  });
});
