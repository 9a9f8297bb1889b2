import { describe, expect, test } from 'vitest';
import { createRandom } from './random';

const draw = (seed: number, count = 5) => {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => random.next());
};

describe('createRandom', () => {
  test('gives the same sequence for the same seed, and another for another seed', () => {
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  test('next() stays in [0, 1) and int() in its inclusive bounds', () => {
    const random = createRandom(1);
    const ints = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const value = random.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      ints.add(random.int(3, 6));
    }
    expect([...ints].sort()).toEqual([3, 4, 5, 6]);
  });

  test('fork(label) depends on the seed and label, not on how far the parent has run', () => {
    const fresh = createRandom(7);
    const used = createRandom(7);
    used.next();
    used.next();
    expect(fresh.fork('a').next()).toBe(used.fork('a').next());
    expect(fresh.fork('a').next()).not.toBe(fresh.fork('b').next());
    expect(fresh.fork(1).next()).not.toBe(createRandom(8).fork(1).next());
  });

  test('shuffle and sample return distinct items of the input, leaving it unchanged', () => {
    const random = createRandom(3);
    const items = [1, 2, 3, 4, 5, 6];
    const shuffled = random.shuffle(items);
    expect([...shuffled].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
    const sample = random.sample(items, 3);
    expect(new Set(sample).size).toBe(3);
    expect(random.sample(items, 10)).toHaveLength(6);
  });

  test('weighted() follows the weights and never picks a zero weight', () => {
    const random = createRandom(11);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 10_000; i++)
      counts[
        random.weighted([
          ['a', 3],
          ['b', 1],
          ['never', 0],
        ] as const)
      ]++;
    expect(counts.never).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.6);
    expect(counts.a / counts.b).toBeLessThan(3.4);
  });

  test('chance(p) is true about p of the time', () => {
    const random = createRandom(5);
    let hits = 0;
    for (let i = 0; i < 10_000; i++) if (random.chance(0.2)) hits++;
    expect(hits / 10_000).toBeCloseTo(0.2, 1);
  });

  test('pick and weighted refuse empty input', () => {
    const random = createRandom(1);
    expect(() => random.pick([])).toThrow();
    expect(() => random.weighted([])).toThrow();
  });
});
