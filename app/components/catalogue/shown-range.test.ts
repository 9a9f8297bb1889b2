import { describe, expect, it } from 'vitest';
import { shownRange } from './shown-range';

describe('shownRange', () => {
  it.each<[string, { page: number; perPage: number; totalCount: number }, number, [number, number]]>([
    ['the first page', { page: 1, perPage: 24, totalCount: 310 }, 24, [1, 24]],
    ['the first page and one loaded', { page: 1, perPage: 24, totalCount: 310 }, 48, [1, 48]],
    ['the second page', { page: 2, perPage: 24, totalCount: 310 }, 24, [25, 48]],
    ['the second page and two loaded', { page: 2, perPage: 24, totalCount: 310 }, 72, [25, 96]],
    ['a short last page', { page: 13, perPage: 24, totalCount: 310 }, 22, [289, 310]],
    ['a listing of one page', { page: 1, perPage: 24, totalCount: 5 }, 5, [1, 5]],
    ['an empty listing', { page: 1, perPage: 24, totalCount: 0 }, 0, [0, 0]],
  ])('%s', (_name, listing, shown, [first, last]) => {
    expect(shownRange(listing, shown)).toEqual({ first, last });
  });
});
