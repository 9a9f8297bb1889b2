import { describe, expect, it } from 'vitest';
import { createPageCache, getPage, pageCacheKey, putPage, type PageCache } from './page-cache';

type Step = readonly ['put', string] | readonly ['get', string, string | undefined];

function run(steps: readonly Step[], limit?: number): PageCache<string> {
  let cache = createPageCache<string>(limit);
  for (const step of steps) {
    if (step[0] === 'put') cache = putPage(cache, step[1], `value of ${step[1]}`);
    else expect(getPage(cache, step[1]), `get ${step[1]}`).toBe(step[2]);
  }
  return cache;
}

const keys = (cache: PageCache<string>) => cache.entries.map((entry) => entry.key);

describe('page cache', () => {
  it.each<[string, Step[], string[]]>([
    ['starts empty', [], []],
    [
      'keeps pages in the order they came',
      [
        ['put', 'a'],
        ['put', 'b'],
      ],
      ['a', 'b'],
    ],
    [
      'holds three pages',
      [
        ['put', 'a'],
        ['put', 'b'],
        ['put', 'c'],
      ],
      ['a', 'b', 'c'],
    ],
    [
      'drops the oldest for a fourth',
      [
        ['put', 'a'],
        ['put', 'b'],
        ['put', 'c'],
        ['put', 'd'],
      ],
      ['b', 'c', 'd'],
    ],
    [
      'drops the two oldest for a fifth',
      [
        ['put', 'a'],
        ['put', 'b'],
        ['put', 'c'],
        ['put', 'd'],
        ['put', 'e'],
      ],
      ['c', 'd', 'e'],
    ],
    [
      'refreshing a page makes it the newest',
      [
        ['put', 'a'],
        ['put', 'b'],
        ['put', 'c'],
        ['put', 'a'],
        ['put', 'd'],
      ],
      ['c', 'a', 'd'],
    ],
    [
      'reads what it holds and nothing it dropped',
      [
        ['put', 'a'],
        ['put', 'b'],
        ['put', 'c'],
        ['put', 'd'],
        ['get', 'a', undefined],
        ['get', 'b', 'value of b'],
      ],
      ['b', 'c', 'd'],
    ],
  ])('%s', (_case, steps, expected) => {
    expect(keys(run(steps))).toEqual(expected);
  });

  it('honours a smaller limit', () => {
    expect(
      keys(
        run(
          [
            ['put', 'a'],
            ['put', 'b'],
          ],
          1,
        ),
      ),
    ).toEqual(['b']);
  });

  it.each([0, -1, 1.5])('refuses a limit of %d', (limit) => {
    expect(() => createPageCache(limit)).toThrow(RangeError);
  });

  it('never changes the cache it was given', () => {
    const empty = createPageCache<string>();
    putPage(empty, 'a', 'x');
    expect(empty.entries).toEqual([]);
  });

  it('keys a page by listing and page number', () => {
    expect(pageCacheKey('?size=M', 2)).toBe('?size=M#2');
    expect(pageCacheKey('?size=M', 2)).not.toBe(pageCacheKey('?size=L', 2));
  });
});
