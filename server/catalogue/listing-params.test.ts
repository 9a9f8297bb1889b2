import { describe, expect, test } from 'vitest';
import { correctedListingParams, lastPageParams } from './listing-params';

describe('correctedListingParams', () => {
  test.each<[string, string | null]>([
    ['', null],
    ['page=2&sort=newest&color=Lead', null],
    ['page=0', ''],
    ['page=-3', ''],
    ['page=2.5', ''],
    ['page=abc&sort=newest', 'sort=newest'],
    ['page=100001', ''],
    ['sort=bogus&page=3', 'page=3'],
    ['sort=cheapest&size=M&cart=true', 'size=M&cart=true'],
    [`color=${'x'.repeat(81)}&color=Lead`, 'color=Lead'],
    ['page=&sort=', null],
    ['utm_source=mail&page=0', 'utm_source=mail'],
  ])('?%s → %s', (search, expected) => {
    const corrected = correctedListingParams(new URLSearchParams(search));
    expect(corrected === null ? null : corrected.toString()).toBe(expected);
  });

  test('keeps the first 30 values of a filter', () => {
    const search = new URLSearchParams(Array.from({ length: 32 }, (_, index) => ['size', `S${index}`]));
    const corrected = correctedListingParams(search);
    expect(corrected?.getAll('size')).toEqual(Array.from({ length: 30 }, (_, index) => `S${index}`));
  });
});

describe('lastPageParams', () => {
  test.each<[string, number, string]>([
    ['page=999', 5, 'page=5'],
    ['page=999&sort=newest', 1, 'sort=newest'],
    ['color=Lead&page=7', 3, 'color=Lead&page=3'],
  ])('?%s with %i pages → ?%s', (search, pageCount, expected) => {
    expect(lastPageParams(new URLSearchParams(search), pageCount).toString()).toBe(expected);
  });
});
