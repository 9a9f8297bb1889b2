import { describe, expect, it } from 'vitest';
import { shelfPrice, type ShelfPrice } from './shelf-price';

describe('shelfPrice', () => {
  it.each<[number, number | null, ShelfPrice]>([
    [19_900, null, { currentCents: 19_900, compareAtCents: null }],
    [19_900, 14_900, { currentCents: 14_900, compareAtCents: 19_900 }],
    [19_900, 0, { currentCents: 19_900, compareAtCents: null }],
    [19_900, 19_900, { currentCents: 19_900, compareAtCents: null }],
    [19_900, 24_900, { currentCents: 19_900, compareAtCents: null }],
    [0, null, { currentCents: 0, compareAtCents: null }],
  ])('list %j, sale %j → %j', (list, sale, expected) => {
    expect(shelfPrice(list, sale)).toEqual(expected);
  });
});
