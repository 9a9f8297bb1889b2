import { describe, expect, it } from 'vitest';
import { percentOffCents, saleBadge, stockLine, usd } from './expected';

describe('the end-to-end tests’ oracles, pinned to literal values', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [38900, '$389.00'],
    [123450, '$1,234.50'],
    [100000000, '$1,000,000.00'],
  ])('usd(%i) is %s', (cents, text) => expect(usd(cents)).toBe(text));

  it.each([
    [38900, 30, 27230],
    [1999, 30, 1399], // 1399.3
    [1995, 30, 1397], // 1396.5 rounds up
    [10000, 0, 10000],
  ])('%i less %i%% is %i', (list, percent, cents) => expect(percentOffCents(list, percent)).toBe(cents));

  it.each([
    [10000, 7600, 'Sale'], // 24 %
    [10000, 7500, '25% OFF'],
    [10000, 6650, '34% OFF'], // 33.5 % rounds up
    [38900, 19450, '50% OFF'],
  ])('list %i, sale %i: %s', (list, sale, badge) => expect(saleBadge(list, sale)).toBe(badge));

  it.each([
    [0, 'Sold out'],
    [1, 'Only 1 left'],
    [3, 'Only 3 left'],
    [4, 'In stock'],
    [42, 'In stock'],
  ])('%i units: %s', (level, line) => expect(stockLine(level)).toBe(line));
});
