import { describe, expect, it } from 'vitest';
import {
  cookiesAfterView,
  parseIds,
  readRecentlyViewed,
  recentlyViewedCookies,
  RECENTLY_VIEWED_COLORS_COOKIE,
  RECENTLY_VIEWED_COOKIE,
  recordView,
} from './recently-viewed-cookie';
import { viewHasWork } from './recently-viewed-names';

describe('parseIds', () => {
  it.each<[string | undefined, number[]]>([
    [undefined, []],
    ['', []],
    ['12,7,3', [12, 7, 3]],
    ['12, 7 ,12,x,-1,0,3.5,8', [12, 7, 8]],
    ['1,2,3,4,5,6,7,8,9,10,11', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    // PostgreSQL integers end at 2^31 - 1: one more failed the query with a 500 (issue 8).
    ['2147483647,2147483648,9999999999,5', [2147483647, 5]],
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

describe('viewHasWork: whether a product page loads the recently viewed script', () => {
  const functional = 'consent=C0001%3A1%2CC0002%3A0%2CC0003%3A1%2CC0004%3A0';
  const performanceOnly = 'consent=C0001%3A1%2CC0002%3A1%2CC0003%3A0%2CC0004%3A0';
  it.each<[string, string, boolean]>([
    ['no consent given, nothing kept (a new shopper)', '', false],
    ['functional cookies refused, nothing kept', performanceOnly, false],
    ['other cookies only', 'cart=abc; js=1', false],
    ['functional cookies allowed: the view is recorded', functional, true],
    ['lists left from an earlier consent: they are shown and removed', 'recently_viewed=5', true],
    ['only the colours list left', `${performanceOnly}; recently_viewed_colors=Timber`, true],
    ['a cookie whose name merely ends like it', 'not_recently_viewed=5', false],
    // The codec's own names, so that the two modules cannot drift apart.
    ['the codec’s ids list', `${RECENTLY_VIEWED_COOKIE}=5`, true],
    ['the codec’s colours list', `${RECENTLY_VIEWED_COLORS_COOKIE}=Timber`, true],
  ])('%s → %s', (_name, cookies, expected) => {
    expect(viewHasWork(cookies)).toBe(expected);
  });
});

describe('cookiesAfterView: consent to functional cookies (C0003)', () => {
  const view = { id: 7, colorSlug: 'Lead' };
  const functional = 'consent=C0001%3A1%2CC0002%3A0%2CC0003%3A1%2CC0004%3A0';
  const performanceOnly = 'consent=C0001%3A1%2CC0002%3A1%2CC0003%3A0%2CC0004%3A0';

  it.each<[string, string, string[]]>([
    // Issue 8: the lists were written before any consent.
    ['no consent given yet', '', []],
    ['functional cookies refused', performanceOnly, []],
    [
      'functional cookies refused, lists left from before',
      `${performanceOnly}; recently_viewed=5; recently_viewed_colors=Timber`,
      [
        'recently_viewed=; Path=/; Max-Age=0; SameSite=Lax',
        'recently_viewed_colors=; Path=/; Max-Age=0; SameSite=Lax',
      ],
    ],
    [
      'functional cookies allowed',
      `${functional}; recently_viewed=5; recently_viewed_colors=Timber`,
      [
        'recently_viewed=7%2C5; Path=/; Max-Age=2592000; SameSite=Lax',
        'recently_viewed_colors=Lead%2CTimber; Path=/; Max-Age=2592000; SameSite=Lax',
      ],
    ],
  ])('%s', (_name, cookies, written) => {
    expect(cookiesAfterView(cookies, view)).toEqual(written);
  });

  it('marks the cookies Secure on an HTTPS page', () => {
    for (const cookie of cookiesAfterView(functional, view, { secure: true }))
      expect(cookie).toMatch(/; Secure$/);
  });
});
