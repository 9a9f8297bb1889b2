import { describe, expect, test, vi } from 'vitest';
import { CatalogueFreshness, DataCache, LISTINGS_TAG, productTag } from './data-cache';

const tags =
  (...values: string[]) =>
  () =>
    values;

describe('DataCache', () => {
  test('keeps an answer, shares one load between concurrent misses, and drops a failed load', async () => {
    const cache = new DataCache({ maxEntries: 10, ttlMs: 1_000 });
    const load = vi.fn(async () => 'page');
    const [a, b] = await Promise.all([cache.get('k', load, tags('t')), cache.get('k', load, tags('t'))]);
    expect([a, b, await cache.get('k', load, tags('t'))]).toEqual(['page', 'page', 'page']);
    expect(load).toHaveBeenCalledTimes(1);

    const failing = vi.fn(async () => Promise.reject(new Error('db down')));
    await expect(cache.get('f', failing, tags())).rejects.toThrow('db down');
    await expect(cache.get('f', failing, tags())).rejects.toThrow('db down');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  test('an answer expires after ttlMs', async () => {
    let now = 50_000;
    const cache = new DataCache({ maxEntries: 10, ttlMs: 1_000, now: () => now });
    const load = vi.fn(async () => now);
    expect(await cache.get('k', load, tags())).toBe(50_000);
    now = 51_000; // kept for ttlMs at most: still the answer at exactly that age (the cache module's rule)
    expect(await cache.get('k', load, tags())).toBe(50_000);
    now = 51_001;
    expect(await cache.get('k', load, tags())).toBe(51_001);
  });

  test('holds at most maxEntries, least recently used out first', async () => {
    const cache = new DataCache({ maxEntries: 2, ttlMs: 60_000 });
    const load = vi.fn(async () => 'x');
    await cache.get('a', load, tags());
    await cache.get('b', load, tags());
    await cache.get('a', load, tags()); // a is now the most recently used
    await cache.get('c', load, tags()); // b goes
    expect(cache.size).toBe(2);
    load.mockClear();
    await cache.get('a', load, tags());
    await cache.get('b', load, tags());
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('invalidating a tag drops its entries only, and an entry still loading', async () => {
    const cache = new DataCache({ maxEntries: 10, ttlMs: 60_000 });
    const load = vi.fn(async () => 'x');
    await cache.get('p1', load, tags(productTag(1)));
    await cache.get('p2', load, tags(productTag(2)));
    let finish!: (value: string) => void;
    const slow = cache.get(
      'l',
      () => new Promise<string>((resolve) => (finish = resolve)),
      tags(LISTINGS_TAG),
    );
    cache.invalidate([productTag(1)]);
    finish('stale');
    await slow;
    load.mockClear();
    await cache.get('p1', load, tags(productTag(1)));
    await cache.get('p2', load, tags(productTag(2)));
    await cache.get('l', load, tags(LISTINGS_TAG));
    expect(load.mock.calls.length).toBe(2); // p1 and the listing loaded again; p2 kept
  });
});

describe('CatalogueFreshness', () => {
  function setUp() {
    const cache = new DataCache({ maxEntries: 10, ttlMs: 60_000 });
    const feed = {
      latest: 5,
      changes: { cursor: 5, productIds: [] as number[], all: false, more: false },
      latestChange: vi.fn(async () => feed.latest),
      changesSince: vi.fn(async () => feed.changes),
    };
    return { cache, feed, freshness: new CatalogueFreshness(cache, feed) };
  }

  test('a change to a product drops that product and every listing, nothing else', async () => {
    const { cache, feed, freshness } = setUp();
    await freshness.check();
    const load = vi.fn(async () => 'x');
    await cache.get('p1', load, tags(productTag(1)));
    await cache.get('p2', load, tags(productTag(2)));
    await cache.get('l', load, tags(LISTINGS_TAG));
    feed.latest = 6;
    feed.changes = { cursor: 6, productIds: [1], all: false, more: false };
    await freshness.check();
    expect(feed.changesSince).toHaveBeenCalledWith(5, 1000);
    load.mockClear();
    for (const [key, tag] of [
      ['p1', productTag(1)],
      ['p2', productTag(2)],
      ['l', LISTINGS_TAG],
    ] as const)
      await cache.get(key, load, tags(tag));
    expect(load).toHaveBeenCalledTimes(2);
  });

  test.each([
    ['a change to every product', { all: true, more: false }],
    ['more changes than one batch', { all: false, more: true }],
  ])('%s drops everything', async (_label, flags) => {
    const { cache, feed, freshness } = setUp();
    await freshness.check();
    await cache.get('p2', async () => 'x', tags(productTag(2)));
    feed.latest = 9000;
    feed.changes = { cursor: 1005, productIds: [1], ...flags };
    await freshness.check();
    expect(cache.size).toBe(0);
  });

  test('no change, no work; concurrent checks share one query', async () => {
    const { feed, freshness } = setUp();
    await Promise.all([freshness.check(), freshness.check(), freshness.check()]);
    await freshness.check();
    expect(feed.latestChange).toHaveBeenCalledTimes(2);
    expect(feed.changesSince).not.toHaveBeenCalled();
  });

  test('with minIntervalMs, the feed is asked at most once per interval, and a change shows after it', async () => {
    const cache = new DataCache({ maxEntries: 10, ttlMs: 60_000 });
    const feed = {
      latest: 5,
      changes: { cursor: 5, productIds: [] as number[], all: false, more: false },
      latestChange: vi.fn(async () => feed.latest),
      changesSince: vi.fn(async () => feed.changes),
    };
    let now = 1_000;
    const freshness = new CatalogueFreshness(cache, feed, { minIntervalMs: 200, now: () => now });
    await freshness.check();
    await cache.get('p1', async () => 'old', tags(productTag(1)));
    feed.latest = 6;
    feed.changes = { cursor: 6, productIds: [1], all: false, more: false };
    now += 150;
    await freshness.check();
    await freshness.check();
    expect(feed.latestChange).toHaveBeenCalledTimes(1);
    expect(await cache.get('p1', async () => 'new', tags(productTag(1)))).toBe('old');
    now += 50;
    await freshness.check();
    expect(feed.latestChange).toHaveBeenCalledTimes(2);
    expect(await cache.get('p1', async () => 'new', tags(productTag(1)))).toBe('new');
  });

  test('a failed check is not remembered: the next call asks again', async () => {
    const cache = new DataCache({ maxEntries: 10, ttlMs: 60_000 });
    const latestChange = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(5);
    const freshness = new CatalogueFreshness(
      cache,
      { latestChange, changesSince: vi.fn() },
      { minIntervalMs: 10_000, now: () => 0 },
    );
    await expect(freshness.check()).rejects.toThrow('down');
    await freshness.check();
    expect(latestChange).toHaveBeenCalledTimes(2);
  });
});
