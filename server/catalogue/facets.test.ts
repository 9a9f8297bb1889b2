import { describe, expect, it } from 'vitest';
import {
  buildFacets,
  compareSizes,
  emptyFilters,
  listingSearch,
  parseListingQuery,
  priceRangeOf,
  toggleFilter,
  type FacetCountRow,
  type ListingQuery,
} from './facets';

const parse = (search: string) => parseListingQuery(new URLSearchParams(search));

describe('parseListingQuery', () => {
  it.each([
    ['', { page: 1, sort: 'featured', filters: emptyFilters() }],
    [
      '?size=M&size=L&color=Optifade-Subalpine&gender=Mens&type=jacket&tech=Gore-Tex&price=100-200&sort=price-asc&page=2',
      {
        page: 2,
        sort: 'price-asc',
        filters: {
          size: ['M', 'L'],
          color: ['Optifade-Subalpine'],
          gender: ['Mens'],
          type: ['jacket'],
          tech: ['Gore-Tex'],
          price: ['100-200'],
        },
      },
    ],
    // Blank values and repeats are dropped, unknown price ranges too; other parameters are ignored.
    [
      '?size=&size=M&size=M&price=1-2&price=500-&sort=&page=&cart=true',
      { page: 1, sort: 'featured', filters: { ...emptyFilters(), size: ['M'], price: ['500-'] } },
    ],
    ['?sort=top-rated', { page: 1, sort: 'top-rated', filters: emptyFilters() }],
  ])('reads %j', (search, query) => {
    expect(parse(search)).toEqual({ ok: true, query });
  });

  it.each([
    ['a page that is not a number', '?page=two'],
    ['page zero', '?page=0'],
    ['a fractional page', '?page=1.5'],
    ['an unknown sort', '?sort=cheapest'],
    ['an oversized value', `?size=${'X'.repeat(81)}`],
    ['too many values', `?${Array.from({ length: 31 }, (_, i) => `color=c${i}`).join('&')}`],
  ])('rejects %s', (_case, search) => {
    expect(parse(search).ok).toBe(false);
  });
});

describe('listingSearch and toggleFilter', () => {
  const base: ListingQuery = { page: 3, sort: 'price-desc', filters: { ...emptyFilters(), size: ['M'] } };

  it.each<[ListingQuery, string]>([
    [{ page: 1, sort: 'featured', filters: emptyFilters() }, ''],
    [base, '?size=M&sort=price-desc&page=3'],
    [
      { page: 1, sort: 'featured', filters: { ...emptyFilters(), price: ['0-50'], color: ['A B'] } },
      '?color=A+B&price=0-50',
    ],
  ])('writes %j as %j', (query, search) => {
    expect(listingSearch(query)).toBe(search);
  });

  it('adds a value and goes back to page 1', () => {
    expect(listingSearch(toggleFilter(base, 'size', 'L'))).toBe('?size=M&size=L&sort=price-desc');
  });

  it('removes a selected value', () => {
    expect(listingSearch(toggleFilter(base, 'size', 'M'))).toBe('?sort=price-desc');
  });
});

describe('priceRangeOf', () => {
  it.each([
    [0, '0-50'],
    [4_999, '0-50'],
    [5_000, '50-100'],
    [19_999, '100-200'],
    [49_999, '300-500'],
    [50_000, '500-'],
    [1_000_000, '500-'],
  ])('puts %i cents in %s', (cents, key) => {
    expect(priceRangeOf(cents).key).toBe(key);
  });
});

describe('compareSizes', () => {
  it('orders lettered sizes, then numbers, then other names, One Size last', () => {
    const sizes = ['One Size', '10', 'XL', 'YM', '8', 'S', '2XL', 'XS', 'Regular', 'M', '9.5', 'YS'];
    expect(sizes.sort(compareSizes)).toEqual([
      'XS',
      'S',
      'M',
      'XL',
      '2XL',
      'YS',
      'YM',
      '8',
      '9.5',
      '10',
      'Regular',
      'One Size',
    ]);
  });
});

describe('buildFacets', () => {
  const row = (
    facet: FacetCountRow['facet'],
    value: string,
    count: number,
    extra: Partial<FacetCountRow> = {},
  ) => ({
    facet,
    value,
    label: value,
    count,
    swatch: null,
    hex: null,
    isPattern: false,
    ...extra,
  });

  it('orders each facet’s values and marks the selected ones', () => {
    const facets = buildFacets(
      [
        row('size', 'L', 3),
        row('size', 'S', 5),
        row('color', 'Lead', 4, { label: 'Lead', swatch: 'ld.png' }),
        row('color', 'Optifade-Subalpine', 2, { label: 'Optifade Subalpine', isPattern: true }),
        row('gender', 'Youth', 1),
        row('gender', 'Mens', 7),
        row('type', 'vest', 2),
        row('type', 'jacket', 5),
        row('tech', 'Gore-Tex', 3),
        row('tech', 'PrimaLoft', 1),
        row('price', '500-', 1),
        row('price', '0-50', 2),
      ],
      { ...emptyFilters(), size: ['s'], price: ['100-200'] },
    );
    expect(facets.map((facet) => [facet.key, facet.values.map((value) => value.label)])).toEqual([
      ['size', ['S', 'L']],
      ['color', ['Optifade Subalpine', 'Lead']],
      ['gender', ['Mens', 'Youth']],
      ['type', ['Jackets', 'Vests']],
      ['tech', ['PrimaLoft', 'Gore-Tex']],
      // The selected range stays listed at 0 so that it can be cleared.
      ['price', ['Under $50', '$100 to $200', '$500 and up']],
    ]);
    expect(facets[0]!.values.map((value) => value.selected)).toEqual([true, false]);
    expect(facets[1]!.values[1]).toMatchObject({ value: 'Lead', swatchUrl: '/swatches/ld.png', count: 4 });
    expect(facets[5]!.values[1]).toMatchObject({ value: '100-200', count: 0, selected: true });
  });

  it('leaves out a facet that offers no choice', () => {
    const facets = buildFacets(
      [row('gender', 'Mens', 7), row('size', 'M', 1), row('size', 'L', 0)],
      emptyFilters(),
    );
    expect(facets).toEqual([]);
  });
});
