import { describe, expect, it } from 'vitest';
import { parseIds, readRecentlyViewed, recentlyViewedCookies, recordView } from './recently-viewed-cookie';

describe('parseIds', () => {
  it.each<[string | undefined, number[]]>([
    [undefined, []],
    ['', []],
    ['12,7,3', [12, 7, 3]],
    ['12, 7 ,12,x,-1,0,3.5,8', [12, 7, 8]],
    ['1,2,3,4,5,6,7,8,9,10,11', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
  ])('%j → %j', (value, ids) => {
    expect(parseIds(value)).toEqual(ids);
  });
});

describe('recordView', () => {
  const ten = {
    ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    colors: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'],
  };
  it.each<[string, { ids: number[]; colors: string[] }, number, string, { ids: number[]; colors: string[] }]>(
    [
      ['first view', { ids: [], colors: [] }, 5, 'Lead', { ids: [5], colors: ['Lead'] }],
      [
        'newest first',
        { ids: [5], colors: ['Lead'] },
        9,
        'Timber',
        { ids: [9, 5], colors: ['Timber', 'Lead'] },
      ],
      [
        'a repeat moves to the front with its new colour',
        { ids: [9, 5, 2], colors: ['Timber', 'Lead', 'x'] },
        5,
        'Optifade-Subalpine',
        { ids: [5, 9, 2], colors: ['Optifade-Subalpine', 'Timber', 'x'] },
      ],
      [
        'at most 10, the oldest dropped',
        ten,
        11,
        'k',
        { ids: [11, 1, 2, 3, 4, 5, 6, 7, 8, 9], colors: ['k', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] },
      ],
    ],
  )('%s', (_name, current, id, color, next) => {
    expect(recordView(current, id, color)).toEqual(next);
  });
});

describe('cookies', () => {
  it('round-trips through the cookie header, colours with commas and spaces included', () => {
    const lists = { ids: [5, 9], colors: ['Optifade-Subalpine', 'Black, Orange'] };
    const [ids, colors] = recentlyViewedCookies(lists);
    expect(ids).toBe('recently_viewed=5%2C9; Path=/; Max-Age=2592000; SameSite=Lax');
    expect(colors).toContain('; Path=/; Max-Age=2592000; SameSite=Lax');
    const header = `other=1; ${ids.split(';')[0]}; ${colors.split(';')[0]}`;
    expect(readRecentlyViewed(header)).toEqual(lists);
  });

  it.each<[string | undefined, { ids: number[]; colors: string[] }]>([
    [undefined, { ids: [], colors: [] }],
    ['recently_viewed=%E0%A4%A', { ids: [], colors: [] }],
    ['recently_viewed=3%2Cx%2C3%2C4', { ids: [3, 4], colors: ['', ''] }],
  ])('reads %j leniently', (header, lists) => {
    expect(readRecentlyViewed(header)).toEqual(lists);
  });
});
