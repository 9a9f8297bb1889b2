import { describe, expect, test } from 'vitest';
import { ratingRank, shownRating } from './ratings';

describe('ratingRank: a confidence-weighted score', () => {
  test.each<[string, number, number, number]>([
    ['no reviews: the prior', 5, 0, 4],
    ['one five-star review moves little', 5, 1, 45 / 11],
    ['a 4.8 from 1,000 reviews stays near 4.8', 4.8, 1000, (4800 + 40) / 1010],
    ['a poor average from many reviews stays poor', 2, 500, (1000 + 40) / 510],
    ['a poor single review is pulled up', 1, 1, 41 / 11],
  ])('%s', (_label, score, count, expected) => {
    expect(ratingRank(score, count)).toBeCloseTo(expected, 10);
  });

  test.each<[string, [number, number], [number, number]]>([
    ['4.8 from 1,000 ranks above 5.0 from 1', [4.8, 1000], [5, 1]],
    ['4.7 from 300 ranks above 5.0 from 3', [4.7, 300], [5, 3]],
    ['4.6 from 50 ranks above 4.9 from 2', [4.6, 50], [4.9, 2]],
    ['equal averages: more reviews rank higher', [4.5, 200], [4.5, 20]],
  ])('%s', (_label, [scoreA, countA], [scoreB, countB]) => {
    expect(ratingRank(scoreA, countA)).toBeGreaterThan(ratingRank(scoreB, countB));
  });
});

describe('shownRating: one decimal, whole-percent star fill', () => {
  test.each<[number, string, number]>([
    [4.37, '4.4', 88],
    [4.1, '4.1', 82],
    [4.25, '4.3', 86],
    [4.94, '4.9', 98],
    [4.96, '5.0', 100],
    [1, '1.0', 20],
    [3.33, '3.3', 66],
  ])('%d → %s, %d%%', (score, text, fillPercent) => {
    expect(shownRating(score)).toEqual({ text, fillPercent });
  });
});
