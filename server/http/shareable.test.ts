import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ifNoneMatchMatches, MicroCache, nonceToHashes, weakEtag, type ShareableEntry } from './shareable';

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('base64');

describe('nonceToHashes', () => {
  const nonce = 'n0nce+/=';
  const html =
    `<head><link rel="modulepreload" href="/a.js" nonce="${nonce}"/></head><body>` +
    `<script nonce="${nonce}">window.__ctx = 1;</script>` +
    `<script type="module" nonce="${nonce}">import "/a.js";</script>` +
    `<script src="/b.js" nonce="${nonce}"></script>` +
    `<script>alert("injected")</script>` +
    `<script nonce="guessed">alert("forged")</script>` +
    `<script nonce="${nonce}">window.__ctx = 1;</script></body>`;

  test('hashes exactly the inline scripts that carried the nonce, once each, and removes the nonce', () => {
    const result = nonceToHashes(html, nonce);
    expect(result.hashes).toEqual([sha256('window.__ctx = 1;'), sha256('import "/a.js";')]);
    expect(result.hashes).not.toContain(sha256('alert("injected")'));
    expect(result.hashes).not.toContain(sha256('alert("forged")'));
    expect(result.html).not.toContain(nonce);
    expect(result.html).toContain('<script>window.__ctx = 1;</script>');
    expect(result.html).toContain('<script nonce="guessed">');
  });

  test('a page without scripts has no hashes and is unchanged', () => {
    expect(nonceToHashes('<p>hi</p>', nonce)).toEqual({ html: '<p>hi</p>', hashes: [] });
  });
});

describe('weakEtag', () => {
  test('is weak, stable for the same bytes and different for other bytes', () => {
    const tag = weakEtag(Buffer.from('<html>a</html>'));
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(weakEtag(Buffer.from('<html>a</html>'))).toBe(tag);
    expect(weakEtag(Buffer.from('<html>b</html>'))).not.toBe(tag);
  });
});

describe('ifNoneMatchMatches', () => {
  const etag = 'W/"abc"';
  test.each([
    [undefined, false],
    ['', false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['"x" , "abc" ', true],
    ['*', true],
    ['"abcd"', false],
    ['W/"ab"', false],
  ])('If-None-Match %s → %s', (header, expected) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(expected);
  });
});

describe('MicroCache', () => {
  const entry = (bytes: number, storedAt = 0): ShareableEntry => ({
    body: Buffer.alloc(bytes),
    headers: [],
    etag: 'W/"x"',
    scriptHashes: null,
    storedAt,
  });
  const options = { ttlMs: 1000, maxEntries: 3, maxBytes: 100, maxEntryBytes: 60 };

  test('serves an entry until its time is up, then forgets it', () => {
    const cache = new MicroCache(options);
    cache.set('/a', entry(10, 0));
    expect(cache.get('/a', 999)).toBeDefined();
    expect(cache.get('/a', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test('drops the least recently used entry beyond the entry count', () => {
    const cache = new MicroCache(options);
    for (const key of ['/a', '/b', '/c']) cache.set(key, entry(10));
    cache.get('/a', 1);
    cache.set('/d', entry(10));
    expect(cache.get('/b', 1)).toBeUndefined();
    expect([cache.get('/a', 1), cache.get('/c', 1), cache.get('/d', 1)].every(Boolean)).toBe(true);
  });

  test('drops the oldest entries beyond the byte budget, and never stores an oversized entry', () => {
    const cache = new MicroCache(options);
    cache.set('/a', entry(50));
    cache.set('/b', entry(40));
    cache.set('/c', entry(30));
    expect(cache.get('/a', 1)).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.set('/big', entry(61));
    expect(cache.get('/big', 1)).toBeUndefined();
  });

  test('replacing an entry keeps the byte count right', () => {
    const cache = new MicroCache({ ...options, maxBytes: 50 });
    cache.set('/a', entry(40));
    cache.set('/a', entry(40));
    cache.set('/b', entry(10));
    expect(cache.size).toBe(2);
  });

  test('a time-to-live of zero stores nothing', () => {
    const cache = new MicroCache({ ...options, ttlMs: 0 });
    cache.set('/a', entry(1));
    expect(cache.size).toBe(0);
  });
});
