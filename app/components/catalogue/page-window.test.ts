import { describe, expect, it } from 'vitest';
import { pageWindow, type PageWindowItem } from './page-window';

describe('pageWindow', () => {
  it.each<[number, number, PageWindowItem[]]>([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 3, [1, 2, 3]],
    [1, 5, [1, 2, 'gap', 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [4, 5, [1, 2, 3, 4, 5]],
    [5, 7, [1, 'gap', 4, 5, 6, 7]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [10, 10, [1, 'gap', 9, 10]],
    [3, 10, [1, 2, 3, 4, 'gap', 10]],
    [4, 10, [1, 2, 3, 4, 5, 'gap', 10]],
  ])('page %j of %j → %j', (current, pageCount, items) => {
    expect(pageWindow(current, pageCount)).toEqual(items);
  });
});
