import { describe, expect, test } from 'vitest';
import { bodyLimitFor, checkHost, checkMediaType, checkMethod, checkTarget, decodeComponent } from './edge';

describe('checkTarget', () => {
  test.each([
    '/',
    '/mens/',
    '/mens/?size=M&color=Black&sort=price-asc&page=2',
    '/search?q=rain+jacket',
    '/search?q=%C3%A9t%C3%A9',
    '/search?q=%F0%9F%A6%8C', // a well-formed surrogate pair (U+1F98C)
    '/search?q=100%25',
    '/search?q=',
    '/search?&&q=a&',
    '/products/some-jacket/black?utm_source=newsletter&gclid=abc',
    '/cookie-settings?redirectTo=%2Fmens%2F',
    '/mens/?size=%27%20OR%201%3D1--', // SQL is only text here; parameters keep it text below
  ])('%s passes', (target) => {
    expect(checkTarget(target)).toBeNull();
  });

  test.each([
    ['/products/%00/%00', 'NUL in the path'],
    ['/mens%00/', 'NUL in a path segment'],
    ['/products/%ED%A0%80/black', 'a lone surrogate (CESU-8) in the path'],
    ['/mens/%E0%A4%A/', 'a truncated escape in the path'],
    ['/products/%/black', 'a bare % in the path'],
    ['/%zz', 'a non-hex escape in the path'],
    ['/%C3%28', 'invalid UTF-8 in the path'],
    ['/%0A', 'a newline in the path'],
    ['/mens/?size=%00', 'NUL in a value'],
    ['/mens/?utm_source=%00', 'NUL in a tracking parameter'],
    ['/mens/?%00=1', 'NUL in a name'],
    ['/mens/?color=%ED%A0%80', 'a lone surrogate in a value'],
    ['/mens/?color=%ED%B0%80', 'a lone low surrogate in a value'],
    ['/search?q=%C3%28', 'invalid UTF-8 in a value'],
    ['/search?q=%E0%A4%A', 'a truncated escape in a value'],
    ['/search?q=%1F', 'a control character in a value'],
    ['/?_data=routes%2Fnope', 'a ?_data request'],
    ['*', 'an asterisk target'],
    ['http://evil.example/', 'an absolute-form target'],
  ])('%s is a 400 (%s)', (target) => {
    expect(checkTarget(target)?.status).toBe(400);
  });
});

describe('decodeComponent', () => {
  test.each<[string, boolean, string | undefined]>([
    ['a+b', true, 'a b'],
    ['a+b', false, 'a+b'],
    ['%2B', true, '+'],
    ['%E2%82%AC', false, '€'],
    ['%FF', false, undefined],
    ['%', false, undefined],
    ['%4', false, undefined],
  ])('%j (plus is space: %j) → %j', (raw, plusIsSpace, decoded) => {
    expect(decodeComponent(raw, { plusIsSpace })).toBe(decoded);
  });
});

describe('checkHost', () => {
  test.each([
    'localhost',
    'localhost:3000',
    'shop.example.com',
    'shop.example.com.',
    '127.0.0.1:3115',
    '[::1]:8080',
    'xn--bcher-kva.example',
  ])('%s passes', (host) => {
    expect(checkHost(host)).toBeNull();
  });

  test.each([
    undefined,
    '',
    'bad host',
    'localhost:99999',
    'localhost:0',
    'a/b',
    'a@b',
    'host:port',
    '-leading.example',
    'a'.repeat(256),
    'evil.example:80:80',
  ])('%j is a 400', (host) => {
    expect(checkHost(host)?.status).toBe(400);
  });
});

describe('checkMethod', () => {
  test.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])(
    '%s reaches the routes',
    (method) => {
      expect(checkMethod(method)).toBeNull();
    },
  );

  test.each(['TRACE', 'CONNECT', 'PROPFIND', 'MKCOL', 'LOCK', 'SEARCH', 'PURGE'])(
    '%s is a 405 with Allow',
    (method) => {
      const refusal = checkMethod(method);
      expect(refusal?.status).toBe(405);
      expect(refusal?.headers).toEqual({ Allow: 'GET, HEAD, POST' });
    },
  );
});

describe('checkMediaType', () => {
  test.each<[string | undefined, boolean, number | null]>([
    ['application/x-www-form-urlencoded', true, null],
    ['application/x-www-form-urlencoded; charset=UTF-8', true, null],
    ['multipart/form-data; boundary=x', true, null],
    ['application/json', true, null],
    ['text/plain;charset=UTF-8', true, null],
    [undefined, false, null],
    ['application/xml', true, 415],
    ['application/xml', false, 415],
    [undefined, true, 415],
    ['image/png', true, 415],
  ])('%j (body: %j) → %j', (contentType, hasBody, status) => {
    expect(checkMediaType(contentType, hasBody)?.status ?? null).toBe(status);
  });
});

describe('bodyLimitFor', () => {
  test.each([
    ['/api/track/event', 16 * 1024],
    ['/api/product/notify', 32 * 1024],
    ['/cookie-settings', 32 * 1024],
    ['/api/repair-admin/upload', 16 * 1024 * 1024],
    ['/api/repair-admin/createRepair', 32 * 1024],
    ['/warranties/repair/damage', 24 * 1024 * 1024 + 64 * 1024],
    ['/warranties/repair/summary', 32 * 1024],
  ])('%s: %i bytes', (path, bytes) => {
    expect(bodyLimitFor(path)).toBe(bytes);
  });
});
