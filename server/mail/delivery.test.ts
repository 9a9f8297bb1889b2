import { describe, expect, it } from 'vitest';
import { backoffMs } from './delivery.server';

describe('mail delivery backoff', () => {
  it.each([
    [0, 30_000],
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [8, 3_840_000],
    [10, 15_360_000],
    [11, 6 * 60 * 60_000],
    [1_000, 6 * 60 * 60_000],
  ])('after %i failed attempts waits %i ms', (attempts, wait) => {
    expect(backoffMs(attempts)).toBe(wait);
  });
});
