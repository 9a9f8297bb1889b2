import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTrackingCookieCleanup, TRACKING_CLEANUP_INTERVAL_MS } from './cleanup';
import {
  domainVariants,
  expiringAssignments,
  isTrackingCookie,
  pathVariants,
  trackingCookiesIn,
} from './tracking-cookies';

describe('isTrackingCookie', () => {
  it.each([
    ['_ga', true],
    ['_ga_ABC123', true],
    ['_gid', true],
    ['_gat', true],
    ['_gat_UA-1', true],
    ['_gcl_au', true],
    ['_fbp', true],
    ['_fbc', true],
    ['consent', false],
    ['cart', false],
    ['customer_token', false],
    ['_gallery', false],
    ['ga', false],
  ])('%s → %s', (name, expected) => {
    expect(isTrackingCookie(name)).toBe(expected);
  });
});

describe('trackingCookiesIn', () => {
  it.each([
    ['', []],
    ['consent=C0001:1; cart=abc', []],
    ['_ga=GA1.1.1; cart=abc; _gid=GA1.2; _ga_XY=1', ['_ga', '_gid', '_ga_XY']],
    ['_fbp=fb.1; _fbp=fb.2', ['_fbp']],
    [' _gcl_au=1.1 ;consent=x', ['_gcl_au']],
  ])('%j → %j', (cookies, expected) => {
    expect(trackingCookiesIn(cookies)).toEqual(expected);
  });
});

describe('domainVariants', () => {
  it.each([
    ['localhost', [undefined, 'localhost']],
    ['127.0.0.1', [undefined, '127.0.0.1']],
    ['example.com', [undefined, 'example.com', '.example.com']],
    ['shop.example.com', [undefined, 'shop.example.com', '.shop.example.com', 'example.com', '.example.com']],
  ])('%s → %j', (hostname, expected) => {
    expect(domainVariants(hostname)).toEqual(expected);
  });
});

describe('pathVariants', () => {
  it.each([
    ['/', ['/']],
    ['/mens/', ['/', '/mens']],
    [
      '/mens/jackets-and-vests/rain-jackets/',
      ['/', '/mens', '/mens/jackets-and-vests', '/mens/jackets-and-vests/rain-jackets'],
    ],
  ])('%s → %j', (pathname, expected) => {
    expect(pathVariants(pathname)).toEqual(expected);
  });
});

describe('expiringAssignments', () => {
  it('expires each tracking cookie on every domain and path variant, nothing else', () => {
    const assignments = expiringAssignments('_ga=1; consent=C0001:1; cart=x', {
      hostname: 'example.com',
      pathname: '/mens/',
    });
    expect(assignments).toEqual([
      '_ga=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/',
      '_ga=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/mens',
      '_ga=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/; Domain=example.com',
      '_ga=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/mens; Domain=example.com',
      '_ga=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/; Domain=.example.com',
      '_ga=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/mens; Domain=.example.com',
    ]);
  });

  it('has nothing to do without tracking cookies', () => {
    expect(expiringAssignments('consent=C0001:1', { hostname: 'example.com', pathname: '/' })).toEqual([]);
  });
});

/** A cookie jar standing in for `document.cookie`: an expiring assignment removes the name (any variant). */
function fakeDocument(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    jar,
    writes,
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(assignment: string) {
      writes.push(assignment);
      const [pair] = assignment.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (/Max-Age=0/.test(assignment)) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

describe('startTrackingCookieCleanup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const env = (doc: ReturnType<typeof fakeDocument>) => ({
    document: doc,
    location: { hostname: 'localhost', pathname: '/' },
    setInterval: (handler: () => void, ms: number) => setInterval(handler, ms),
    clearInterval: (id: unknown) => clearInterval(id as ReturnType<typeof setInterval>),
  });

  it('without C0002 removes tracking cookies at once and every 3 seconds, keeping the others', () => {
    const doc = fakeDocument({ _ga: 'GA1', cart: 'abc', consent: 'C0001:1,C0002:0,C0003:0,C0004:0' });
    const stop = startTrackingCookieCleanup(env(doc));
    expect([...doc.jar.keys()]).toEqual(['cart', 'consent']);

    doc.jar.set('_gid', 'GA2');
    vi.advanceTimersByTime(TRACKING_CLEANUP_INTERVAL_MS - 1);
    expect(doc.jar.has('_gid')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(doc.jar.has('_gid')).toBe(false);
    expect(TRACKING_CLEANUP_INTERVAL_MS).toBe(3000);

    stop();
    doc.jar.set('_fbp', 'fb');
    vi.advanceTimersByTime(10_000);
    expect(doc.jar.has('_fbp')).toBe(true);
  });

  it('without any stored choice treats C0002 as refused', () => {
    const doc = fakeDocument({ _ga: 'GA1' });
    const stop = startTrackingCookieCleanup(env(doc));
    expect(doc.jar.has('_ga')).toBe(false);
    stop();
  });

  it('with C0002 leaves tracking cookies alone, and starts removing them once consent is withdrawn', () => {
    const doc = fakeDocument({ _ga: 'GA1', consent: 'C0001:1,C0002:1' });
    const stop = startTrackingCookieCleanup(env(doc));
    vi.advanceTimersByTime(9000);
    expect(doc.jar.has('_ga')).toBe(true);
    expect(doc.writes).toEqual([]);

    doc.jar.set('consent', 'C0001:1,C0002:0');
    vi.advanceTimersByTime(3000);
    expect(doc.jar.has('_ga')).toBe(false);
    stop();
  });
});
