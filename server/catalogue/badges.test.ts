import { describe, expect, it } from 'vitest';
import {
  isTrueField,
  isWithinBadgeWindow,
  merchandisingBadges,
  normalizeColorCode,
  parseBadgeDate,
  parseColorCodes,
  technologyBadgesByPriority,
} from './badges';

describe('parseBadgeDate', () => {
  it.each<[string | undefined | null, string | null, boolean?]>([
    [undefined, null],
    [null, null],
    ['', null],
    ['   ', null],
    ['2026-11-01', '2026-11-01T00:00:00.000Z', false],
    [' 2026-11-01 ', '2026-11-01T00:00:00.000Z', false],
    ['2026-11-01 13:45', '2026-11-01T13:45:00.000Z', true],
    ['2026-11-01T08:05', '2026-11-01T08:05:00.000Z', true],
    ['2023-02-30', null],
    ['2026-13-01', null],
    ['2026-11-01 24:00', null],
    ['2026-11-01 12:60', null],
    ['2026-11-1', null],
    ['11/01/2026', null],
    ['tomorrow', null],
  ])('%j → %j', (value, iso, hasTime) => {
    const parsed = parseBadgeDate(value);
    expect(parsed?.at.toISOString() ?? null).toBe(iso);
    if (parsed) expect(parsed.hasTime).toBe(hasTime);
  });
});

describe('isWithinBadgeWindow', () => {
  it.each<[string | undefined, string | undefined, string, boolean]>([
    [undefined, undefined, '2026-11-01T00:00:00Z', true],
    ['', '  ', '2026-11-01T00:00:00Z', true],
    ['2026-11-01', '', '2026-10-31T23:59:59Z', false],
    ['2026-11-01', '', '2026-11-01T00:00:00Z', true],
    ['', '2026-11-30', '2026-11-30T23:59:59Z', true],
    ['', '2026-11-30', '2026-12-01T00:00:00Z', false],
    ['2026-11-01 09:30', '2026-11-02 17:15', '2026-11-01T09:29:59Z', false],
    ['2026-11-01 09:30', '2026-11-02 17:15', '2026-11-01T09:30:00Z', true],
    ['2026-11-01 09:30', '2026-11-02 17:15', '2026-11-02T17:15:59Z', true],
    ['2026-11-01 09:30', '2026-11-02 17:15', '2026-11-02T17:16:00Z', false],
    ['not a date', '', '2026-11-01T00:00:00Z', false],
    ['', '2026-02-30', '2026-01-01T00:00:00Z', false],
  ])('start %j end %j at %s → %s', (start, end, now, within) => {
    expect(isWithinBadgeWindow(start, end, new Date(now))).toBe(within);
  });
});

describe('isTrueField, parseColorCodes and normalizeColorCode', () => {
  it.each<[string, string]>([
    ['BKBO', 'BKBO'],
    [' sub ', 'SUB'],
    ['600123-BKBO', 'BKBO'],
    ['600123-ELII-XL', 'ELII'],
  ])('normalizeColorCode(%j) → %j', (code, normal) => {
    expect(normalizeColorCode(code)).toBe(normal);
  });

  it.each<[string | undefined, boolean]>([
    ['true', true],
    [' TRUE ', true],
    ['yes', true],
    ['1', true],
    ['false', false],
    ['', false],
    [undefined, false],
    ['no', false],
  ])('isTrueField(%j) → %s', (value, expected) => {
    expect(isTrueField(value)).toBe(expected);
  });

  it.each<[string | undefined, string[]]>([
    [undefined, []],
    ['', []],
    ['SUB', ['SUB']],
    ['sub, elii ,LD', ['SUB', 'ELII', 'LD']],
    ['BKBO BLK', ['BKBO', 'BLK']],
  ])('parseColorCodes(%j) → %j', (value, codes) => {
    expect(parseColorCodes(value)).toEqual(codes);
  });
});

describe('merchandisingBadges', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const window = { badge_start: '2026-11-01', badge_end: '2027-01-31' };
  const off = {
    badge_exclusive: 'false',
    badge_exclusive_variants: '',
    badge_new: 'false',
    badge_new_color: 'false',
    badge_new_color_variants: '',
    badge_custom: '',
  };

  it.each<[string, Record<string, string>, string[], string[]]>([
    ['no badge fields', {}, ['SUB'], []],
    ['all off', { ...window, ...off }, ['SUB'], []],
    ['New', { ...window, ...off, badge_new: 'true' }, ['SUB'], ['New']],
    ['Exclusive for every colour', { ...window, ...off, badge_exclusive: 'true' }, ['LD'], ['Exclusive']],
    [
      'Exclusive limited to another colour',
      { ...window, ...off, badge_exclusive: 'true', badge_exclusive_variants: 'SUB' },
      ['LD'],
      [],
    ],
    [
      'Exclusive limited to this colour',
      { ...window, ...off, badge_exclusive: 'true', badge_exclusive_variants: 'SUB' },
      ['sub'],
      ['Exclusive'],
    ],
    [
      'New Color on the new colour',
      { ...window, ...off, badge_new_color: 'true', badge_new_color_variants: 'BKBO' },
      ['BKBO'],
      ['New Color'],
    ],
    [
      'New Color on the new colour named by its colorway SKU',
      { ...window, ...off, badge_new_color: 'true', badge_new_color_variants: 'BKBO' },
      ['600123-SUB', '600123-BKBO'],
      ['New Color'],
    ],
    [
      'Exclusive limited to a colour, given a variant SKU of another',
      { ...window, ...off, badge_exclusive: 'true', badge_exclusive_variants: 'SUB' },
      ['600123-LD-M'],
      [],
    ],
    [
      'New Color not on an older colour',
      { ...window, ...off, badge_new_color: 'true', badge_new_color_variants: 'BKBO' },
      ['SUB'],
      [],
    ],
    [
      'New Color on a card listing every colour',
      { ...window, ...off, badge_new_color: 'true', badge_new_color_variants: 'BKBO' },
      ['SUB', 'ELII', 'BKBO'],
      ['New Color'],
    ],
    [
      'custom copy',
      { ...window, ...off, badge_custom: ' Flash Sale 20% Off ' },
      ['SUB'],
      ['Flash Sale 20% Off'],
    ],
    [
      'several, in order',
      { ...window, badge_custom: 'Coming Soon', badge_new: 'true', badge_exclusive: 'true' },
      [],
      ['Exclusive', 'New', 'Coming Soon'],
    ],
    ['expired window', { badge_start: '2026-01-01', badge_end: '2026-11-21', badge_new: 'true' }, [], []],
    ['future window', { badge_start: '2026-11-23 00:00', badge_end: '', badge_new: 'true' }, [], []],
    ['open window', { badge_start: ' ', badge_end: '', badge_new: 'true' }, [], ['New']],
    ['end today with a time, still on', { badge_end: '2026-11-22 12:00', badge_new: 'true' }, [], ['New']],
    ['end today with a time, over', { badge_end: '2026-11-22 11:59', badge_new: 'true' }, [], []],
    ['unreadable start', { badge_start: '22/11/2026', badge_new: 'true' }, [], []],
  ])('%s', (_name, customFields, colorCodes, labels) => {
    expect(merchandisingBadges({ customFields, colorCodes, now }).map((badge) => badge.label)).toEqual(
      labels,
    );
  });

  it('gives each badge its kind', () => {
    expect(
      merchandisingBadges({
        customFields: {
          badge_exclusive: 'true',
          badge_new: 'true',
          badge_new_color: 'true',
          badge_custom: 'X',
        },
        colorCodes: ['SUB'],
        now,
      }).map((badge) => badge.kind),
    ).toEqual(['exclusive', 'new', 'new-color', 'custom']);
  });
});

describe('technologyBadgesByPriority', () => {
  it.each<[string[], string[]]>([
    [[], []],
    [
      ['Gore-Tex', 'PrimaLoft'],
      ['PrimaLoft', 'Gore-Tex'],
    ],
    [
      [
        'Gore-Tex',
        'Polartec',
        'Aerolite Collection',
        'WindStopper by GORE Labs',
        'Polygiene',
        'Insect Shield',
        'PrimaLoft',
      ],
      [
        'PrimaLoft',
        'Insect Shield',
        'Polygiene',
        'WindStopper by GORE Labs',
        'Aerolite Collection',
        'Polartec',
        'Gore-Tex',
      ],
    ],
    [
      ['gore-tex', 'Polygiene'],
      ['Polygiene', 'Gore-Tex'],
    ],
    [
      ['Cordura', 'Gore-Tex', 'Aramid'],
      ['Gore-Tex', 'Cordura', 'Aramid'],
    ],
    [['Polartec', ' ', 'Polartec'], ['Polartec']],
  ])('%j → %j', (names, ordered) => {
    expect(technologyBadgesByPriority(names)).toEqual(ordered);
  });
});
