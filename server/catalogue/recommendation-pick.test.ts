import { describe, expect, it } from 'vitest';
import { audienceFits, pickRecommendations, type RecommendationCandidate } from './recommendation-pick';

describe('audienceFits', () => {
  it.each<[string, string, boolean]>([
    ['Mens', 'Mens', true],
    ['Mens', 'Unisex', true],
    ['Mens', 'Womens', false],
    ['Mens', 'Youth', false],
    ['Womens', 'Unisex', true],
    ['Womens', 'Mens', false],
    ['Youth', 'Youth', true],
    ['Youth', 'Unisex', false],
    ['Unisex', 'Mens', true],
    ['Unisex', 'Womens', true],
    ['Unisex', 'Unisex', true],
    ['Unisex', 'Youth', false],
  ])('a %s product recommends %s products: %s', (own, candidate, fits) => {
    expect(audienceFits(own, candidate)).toBe(fits);
  });
});

const candidate = (id: number, gender: string, dollars: number, shared = 1): RecommendationCandidate => ({
  id,
  gender,
  priceCents: dollars * 100,
  shared,
});

describe('pickRecommendations', () => {
  it('spreads over prices, cheapest and dearest included, in price order', () => {
    const pool = [10, 20, 30, 40, 50, 60, 70, 80, 90].map((dollars, index) =>
      candidate(index + 1, 'Mens', dollars),
    );
    expect(pickRecommendations({ gender: 'Mens' }, pool, 3)).toEqual([1, 5, 9]);
  });

  it('takes products of a fitting audience first, others only to fill', () => {
    const pool = [
      candidate(1, 'Womens', 50, 5),
      candidate(2, 'Mens', 60),
      candidate(3, 'Unisex', 40),
      candidate(4, 'Youth', 30, 4),
    ];
    expect(pickRecommendations({ gender: 'Mens' }, pool, 2)).toEqual([3, 2]);
    expect(pickRecommendations({ gender: 'Mens' }, pool, 3)).toEqual([3, 1, 2]);
  });

  it('chooses among the closest relations only (three per recommendation)', () => {
    const close = [1, 2, 3].map((id) => candidate(id, 'Mens', 100 + id, 3));
    const far = [4, 5, 6].map((id) => candidate(id, 'Mens', id, 1));
    expect(pickRecommendations({ gender: 'Mens' }, [...far, ...close], 1)).toEqual([2]);
  });

  it('returns everything when there are fewer than asked, and nothing for a limit of 0', () => {
    const pool = [candidate(2, 'Mens', 80), candidate(1, 'Mens', 20)];
    expect(pickRecommendations({ gender: 'Mens' }, pool, 10)).toEqual([1, 2]);
    expect(pickRecommendations({ gender: 'Mens' }, pool, 0)).toEqual([]);
    expect(pickRecommendations({ gender: 'Mens' }, [], 5)).toEqual([]);
  });
});
