import { describe, expect, it } from 'vitest';
import type { IndexedDocument } from './engine.server';
import { editDistance, SuggestionIndex } from './suggestion-index';

describe('editDistance', () => {
  it.each([
    ['jacket', 'jacket', 0],
    ['jaket', 'jacket', 1],
    ['jackett', 'jacket', 1],
    ['rian', 'rain', 1],
    ['hodie', 'hoodie', 1],
    ['kelvin', 'kevlin', 1],
    ['abc', 'xyz', 3],
  ])('%s ↔ %s = %i (up to 3)', (a, b, expected) => expect(editDistance(a, b, 3)).toBe(expected));

  it('gives up past the maximum', () => expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2));
});

const doc = (productId: number, name: string, extra: Partial<IndexedDocument> = {}): IndexedDocument => ({
  productId,
  visible: true,
  name,
  sku: String(600000 + productId),
  url: name.toLowerCase().replace(/\W+/g, '-'),
  brandId: 1,
  gender: 'Mens',
  productType: 'jacket',
  categories: 'Mens Jackets',
  patterns: '',
  colours: 'Lead',
  technologies: '',
  tags: ['mens', 'jacket'],
  inStock: true,
  ratingScore: 4,
  ratingCount: 10,
  createdAt: '2026-01-01T00:00:00.000Z',
  card: {
    href: '/products/x/Lead',
    imageUrl: null,
    imageAlt: name,
    colorLabel: 'Lead',
    pricing: {
      listCents: 100,
      saleCents: null,
      productType: 'jacket',
      excludeProDiscount: false,
      groupPercents: {},
    },
  },
  seq: productId,
  ...extra,
});

describe('SuggestionIndex', () => {
  const now = new Date('2026-11-01T00:00:00Z');
  const index = new SuggestionIndex();
  index.setSynonyms(new Map([['hoodie', ['hoody', 'hoodie']]]));
  index.apply([
    doc(1, 'Kelvin Rain Jacket'),
    doc(2, 'Dakota Down Jacket'),
    doc(3, 'Icon Pullover Hoody', { productType: 'hoody', categories: 'Mens Hoodies' }),
    doc(4, 'Sold Out Rain Jacket', { inStock: false }),
  ]);

  it('completes a half-typed word into product phrases', () => {
    const result = index.search('jack', { limit: 5, now });
    expect(result.terms).toContain('jacket');
    expect(result.products.map((product) => product.productId)).toEqual(expect.arrayContaining([1, 2, 4]));
    expect(result.correctedQuery).toBeNull();
  });

  it('corrects a misspelt word and says so', () => {
    const result = index.search('kelvn', { limit: 5, now });
    expect(result.correctedQuery).toBe('kelvin');
    expect(result.products[0]?.productId).toBe(1);
  });

  it('finds the word of a synonym group that products use', () => {
    expect(index.search('hoodie', { limit: 5, now }).products[0]?.productId).toBe(3);
  });

  it('ranks an out-of-stock product below an in-stock one of the same words', () => {
    const ids = index.search('rain jacket', { limit: 5, now }).products.map((product) => product.productId);
    expect(ids.indexOf(1)).toBeLessThan(ids.indexOf(4));
  });

  it('lifts a well-rated and a new product above a plain one of the same words', () => {
    const lifted = new SuggestionIndex();
    lifted.apply([
      doc(1, 'Ptarmigan Shell', { ratingScore: null, ratingCount: 0, createdAt: '2025-01-01T00:00:00.000Z' }),
      doc(2, 'Ptarmigan Shell', { ratingScore: 4.9, ratingCount: 40, createdAt: '2025-01-01T00:00:00.000Z' }),
      doc(3, 'Ptarmigan Shell', { ratingScore: null, ratingCount: 0, createdAt: '2026-10-25T00:00:00.000Z' }),
      doc(4, 'Ptarmigan Shell', { ratingScore: 2, ratingCount: 40, createdAt: '2025-01-01T00:00:00.000Z' }),
    ]);
    const ids = lifted.search('ptarmigan', { limit: 5, now }).products.map((product) => product.productId);
    expect(ids.indexOf(2)).toBeLessThan(ids.indexOf(1));
    expect(ids.indexOf(3)).toBeLessThan(ids.indexOf(1));
    expect(ids.indexOf(2)).toBeLessThan(ids.indexOf(4));
  });

  it('drops a document that became hidden', () => {
    const patched = new SuggestionIndex();
    patched.apply([doc(1, 'Kelvin Rain Jacket'), doc(2, 'Dakota Down Jacket')]);
    patched.apply([doc(1, 'Kelvin Rain Jacket', { visible: false, seq: 10 })]);
    expect(patched.search('kelvin', { limit: 5, now }).products).toEqual([]);
    expect(patched.size).toBe(1);
    expect(patched.seq).toBe(10);
  });

  it('finds with several words only products holding every one, the last as a prefix', () => {
    const many = new SuggestionIndex();
    many.apply([
      doc(1, 'Kelvin Rain Jacket'),
      doc(2, 'Dakota Rain Pant', { productType: 'pant', categories: 'Mens Pants' }),
      doc(3, 'Kelvin Down Vest', { productType: 'vest', categories: 'Mens Vests' }),
      // An id far above the others: the scratch arrays indexed by product id grow for it.
      doc(250_000, 'Kelvin Rain Shell'),
    ]);
    const ids = (query: string) =>
      many
        .search(query, { limit: 5, now })
        .products.map((product) => product.productId)
        .sort((a, b) => a - b);
    expect(ids('kelvin rain')).toEqual([1, 250_000]);
    expect(ids('rain kelvin')).toEqual([1, 250_000]);
    expect(ids('kelvin rain sh')).toEqual([250_000]);
    expect(ids('dakota pant')).toEqual([2]);
    // Nothing holds every word: the best partial matches rather than nothing.
    expect(ids('dakota vest').length).toBeGreaterThan(0);
  });
});
