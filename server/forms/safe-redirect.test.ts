import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

/** Every answer must be a path of this origin: one leading slash, then not a slash or a backslash. */
const SAME_ORIGIN_PATH = /^\/(?![/\\])[^\u0000-\u001f\u007f\\]*$/;

describe('safeRedirect keeps same-origin paths', () => {
  it.each([
    ['/', '/'],
    ['/mens/', '/mens/'],
    ['/search?q=jacket#top', '/search?q=jacket#top'],
    ['  /gear/ ', '/gear/'],
    ['/a/../b', '/b'],
    ['/products/x/Sitka-Black?size=M&notify=1', '/products/x/Sitka-Black?size=M&notify=1'],
    // A query may hold anything encoded: it cannot change the host.
    ['/search?q=%2F%2Fevil.example', '/search?q=%2F%2Fevil.example'],
    ['/search?q=%5C', '/search?q=%5C'],
    // A value ending in %2F (it gave a 500 through the cookie-settings return path).
    ['/mens%2F', '/mens%2F'],
    // Non-ASCII is percent-encoded by the URL parser.
    ['/søk', '/s%C3%B8k'],
    ['/javascript:alert(1)', '/javascript:alert(1)'],
  ])('%j → %j', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});

describe('safeRedirect refuses everything that could leave the origin', () => {
  it.each([
    // protocol-relative and backslash forms
    ['//evil.example'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\\/evil.example'],
    // dot segments that the URL parser turns into `//host`
    ['/.//evil.example'],
    ['/mens/..//evil.com'],
    ['/mens/..//evil.com%2F'],
    ['/.//evil.com%2F'],
    ['/./..//evil.com'],
    // absolute URLs and schemes
    ['https://evil.example'],
    ['http://evil.example/mens/'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['mens/'],
    // control characters, raw or as escapes (tab and newline are dropped by URL parsers)
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\nSet-Cookie: a=b'],
    ['/\u0000/evil.example'],
    ['/mens/\u2028x'],
    ['/%09/evil.example'],
    ['/%0d%0aSet-Cookie:%20a=b'],
    ['/%00'],
    // encoded and double-encoded slashes and backslashes
    ['/%2F%2Fevil.example'],
    ['/%2f%2fevil.example'],
    ['/%2F/evil.example'],
    ['/%5Cevil.example'],
    ['/%5C%5Cevil.example'],
    ['/%252F%252Fevil.example'],
    ['/%25252F%25252Fevil.example'],
    ['/%255Cevil.example'],
    ['/a%2F..%2F..%2F%2Fevil.com'],
    ['/mens/..%2F%2Fevil.com'],
    // malformed escapes
    ['/x%E0%A4%A'],
    ['/%'],
    // not strings, empty, too long
    [''],
    ['   '],
    [undefined],
    [null],
    [42],
    [['/mens/']],
    [`/${'a'.repeat(2048)}`],
  ])('%j → the fallback', (value) => {
    expect(safeRedirect(value)).toBe('/');
    expect(safeRedirect(value, '/cookie-settings')).toBe('/cookie-settings');
  });
});

describe('every answer is a same-origin path', () => {
  const hostile = [
    '//evil.example',
    '/\\evil.example',
    '/.//evil.example',
    '/%2F%2Fevil.example',
    'https://evil.example',
    'javascript:',
    '/mens/..//evil.com',
    '/mens/..//evil.com%2F',
    '/%252F%252Fevil.example',
    '/\u0001/evil.example',
    '/%E2%80%A8',
    '/ok/path',
    '/ok?next=//evil.example',
  ];
  it.each(hostile)('%j', (value) => {
    const answer = safeRedirect(value);
    expect(answer).toMatch(SAME_ORIGIN_PATH);
    // A browser resolving the answer against the store stays on the store.
    expect(new URL(answer, 'https://shop.example').origin).toBe('https://shop.example');
  });
});
