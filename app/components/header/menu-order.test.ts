import { describe, expect, test } from 'vitest';
import { arrangeForBothLayouts, type Shown } from './menu-order';

type Entry = { slug: string; mobileOnly: boolean; mobileOrder: number };
const entry = (slug: string, mobileOrder = 0, mobileOnly = false): Entry => ({
  slug,
  mobileOrder,
  mobileOnly,
});
const shown = (entries: Entry[]) =>
  arrangeForBothLayouts(entries).map(({ entry, shown }) => `${entry.slug}:${shown}`);

/** What one layout sees: the entries shown in it, in document order. */
const seenIn = (entries: Entry[], layout: Exclude<Shown, 'both'>) =>
  arrangeForBothLayouts(entries)
    .filter(({ shown }) => shown === 'both' || shown === layout)
    .map(({ entry }) => entry.slug);

describe('arrangeForBothLayouts', () => {
  test.each<[string, Entry[], string[]]>([
    [
      'the same order in both: each entry once',
      [entry('a'), entry('b'), entry('c')],
      ['a:both', 'b:both', 'c:both'],
    ],
    [
      'a mobile-only entry appears once, for mobile, at its mobile place',
      [entry('a', 0), entry('gift', 1, true), entry('b', 2)],
      ['a:both', 'gift:mobile', 'b:both'],
    ],
    [
      'an entry first on mobile and last on desktop gets a copy per layout',
      [entry('mens', 1), entry('womens', 2), entry('new', 0)],
      ['new:mobile', 'mens:both', 'womens:both', 'new:desktop'],
    ],
    [
      'the store’s menu: New Arrivals moves, Gift Ideas and Gear Guide are mobile-only',
      [
        entry('mens', 1),
        entry('womens', 2),
        entry('sale', 8),
        entry('new-arrivals', 0),
        entry('gift-ideas', 7, true),
        entry('gear-guide', 9, true),
      ],
      [
        'new-arrivals:mobile',
        'mens:both',
        'womens:both',
        'gift-ideas:mobile',
        'sale:both',
        'gear-guide:mobile',
        'new-arrivals:desktop',
      ],
    ],
    ['no entries', [], []],
  ])('%s', (_rule, entries, expected) => {
    expect(shown(entries)).toEqual(expected);
  });

  test.each<[string, Entry[]]>([
    ['ties keep the content order', [entry('a', 1), entry('b', 0), entry('c', 1), entry('d', 0)]],
    ['reversed', [entry('a', 3), entry('b', 2), entry('c', 1), entry('d', 0, true)]],
    ['interleaved', [entry('a', 2), entry('b', 0), entry('c', 3, true), entry('d', 1), entry('e', 0)]],
  ])('each layout sees exactly its own order (%s)', (_label, entries) => {
    expect(seenIn(entries, 'desktop')).toEqual(entries.filter((e) => !e.mobileOnly).map((e) => e.slug));
    expect(seenIn(entries, 'mobile')).toEqual(
      [...entries].sort((a, b) => a.mobileOrder - b.mobileOrder).map((e) => e.slug),
    );
  });
});
