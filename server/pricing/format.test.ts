import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

describe('formatPrice', () => {
  it.each<[number | null | undefined, string]>([
    [0, '$0.00'],
    [1, '$0.01'],
    [99, '$0.99'],
    [100, '$1.00'],
    [12_999, '$129.99'],
    [123_450, '$1,234.50'],
    [100_000_000, '$1,000,000.00'],
    [-500, '-$5.00'],
    [null, '$ -'],
    [undefined, '$ -'],
    [Number.NaN, '$ -'],
    [Number.POSITIVE_INFINITY, '$ -'],
  ])('%j → %j', (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
  });
});
