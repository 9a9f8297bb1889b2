import { describe, expect, test, vi } from 'vitest';
import { CartCountCache } from './count-cache';

const A = '0b6f3c2e-8d1a-4c55-9a43-2f1e7d9c0a11';
const B = '1c7e4d3f-9e2b-4d66-8b54-3e2f8e0d1b22';

describe('CartCountCache', () => {
  test('keeps a count read while nothing was written, whatever the id case', async () => {
    const cache = new CartCountCache(10);
    const load = vi.fn(async () => 3);
    expect(await cache.get(A, load)).toBe(3);
    expect(await cache.get(A.toUpperCase(), load)).toBe(3);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a write drops the counts of the carts it touched when it ends, not the others', async () => {
    const cache = new CartCountCache(10);
    await cache.get(A, async () => 1);
    await cache.get(B, async () => 5);
    const end = cache.begin();
    end([A]);
    expect(await cache.get(A, async () => 2)).toBe(2);
    expect(await cache.get(B, async () => 9)).toBe(5);
  });

  test('a count read while a write runs, or across its start or end, is not kept', async () => {
    const cache = new CartCountCache(10);
    const end = cache.begin();
    expect(await cache.get(A, async () => 1)).toBe(1);
    end([]);
    let release = () => {};
    const reading = cache.get(A, () => new Promise<number>((resolve) => (release = () => resolve(1))));
    cache.begin()([]);
    release();
    await reading;
    expect(await cache.get(A, async () => 2)).toBe(2);
    expect(await cache.get(A, async () => 3)).toBe(2);
  });

  test('a removed cart is never kept again; the least recently used count is evicted', async () => {
    const cache = new CartCountCache(1);
    cache.forget(A);
    await cache.get(A, async () => 4);
    expect(await cache.get(A, async () => 0)).toBe(0);
    await cache.get(B, async () => 1);
    expect(cache.size).toBe(1);
  });
});
