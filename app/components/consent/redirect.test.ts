import { describe, expect, it } from 'vitest';
import { returnPath, safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/mens/', '/mens/'],
    ['/search?q=jacket#top', '/search?q=jacket#top'],
    ['  /gear/ ', '/gear/'],
    ['/a/../b', '/b'],
    ['//evil.example/', '/'],
    ['/\\evil.example/', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['mens/', '/'],
    ['', '/'],
    ['/line\nbreak', '/'],
    [undefined, '/'],
    [42, '/'],
  ])('%j → %j', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });
});

describe('returnPath', () => {
  const self = '/cookie-settings';
  it.each([
    ['http://shop.test/cookie-settings?redirectTo=%2Fmens%2F', null, '/mens/'],
    ['http://shop.test/cookie-settings?redirectTo=%2F%2Fevil.example', 'http://shop.test/gear/', '/'],
    ['http://shop.test/cookie-settings', 'http://shop.test/gear/?sort=new', '/gear/?sort=new'],
    ['http://shop.test/cookie-settings', 'http://evil.example/gear/', '/'],
    ['http://shop.test/cookie-settings', 'http://shop.test/cookie-settings', '/'],
    ['http://shop.test/cookie-settings', 'not a url', '/'],
    ['http://shop.test/cookie-settings', null, '/'],
  ])('%s with Referer %s → %s', (url, referer, expected) => {
    expect(returnPath({ url, referer }, self)).toBe(expected);
  });
});
