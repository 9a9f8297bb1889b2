import { describe, expect, it } from 'vitest';
import { boundedCache } from './index.server';

describe('boundedCache', () => {
  it('keeps at most maxEntries, the least recently used out first', () => {
    const cache = boundedCache<string>({ maxEntries: 2 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
    expect(cache.size).toBe(2);
  });

  it('forgets an entry after ttlMs by its clock', () => {
    let now = 1_000;
    const cache = boundedCache<string>({ maxEntries: 10, ttlMs: 500, now: () => now });
    cache.set('a', 'A');
    now = 1_499;
    expect(cache.get('a')).toBe('A');
    now = 1_501;
    expect(cache.get('a')).toBeUndefined();
  });

  it('shares one load between concurrent misses and drops a failed one', async () => {
    const cache = boundedCache<Promise<number>>({ maxEntries: 10 });
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('down'));
    };
    const first = cache.load('k', failing);
    expect(cache.load('k', failing)).toBe(first);
    await expect(first).rejects.toThrow('down');
    expect(calls).toBe(1);
    expect(await cache.load('k', () => Promise.resolve(7))).toBe(7);
    expect(await cache.load('k', () => Promise.resolve(8))).toBe(7);
  });

  it('keeps nothing with maxEntries 0', () => {
    const cache = boundedCache<string>({ maxEntries: 0 });
    cache.set('a', 'A');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('tells when an entry leaves', () => {
    const removed: string[] = [];
    const cache = boundedCache<string>({ maxEntries: 1, onRemove: (key) => removed.push(key) });
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.delete('b');
    expect(removed).toEqual(['a', 'b']);
  });
});
