import { describe, expect, it } from 'vitest';
import { applyColorOrder, isRuleActive, type MerchandisingRule } from './color-order';
import { toColorSwatches } from './colors';

const colors = toColorSwatches('icon-pullover-hoody', [
  {
    id: 1,
    label: 'Optifade Subalpine',
    sortOrder: 0,
    isDefault: true,
    swatch: null,
    colorHex: null,
    isPattern: true,
  },
  {
    id: 2,
    label: 'Optifade Elevated II',
    sortOrder: 1,
    isDefault: false,
    swatch: null,
    colorHex: null,
    isPattern: true,
  },
  { id: 3, label: 'Lead', sortOrder: 2, isDefault: false, swatch: null, colorHex: null, isPattern: false },
  {
    id: 4,
    label: 'Sitka Black Blaze Orange',
    sortOrder: 3,
    isDefault: false,
    swatch: null,
    colorHex: null,
    isPattern: false,
  },
]);
const codes: Record<number, string> = { 1: 'SUB', 2: 'ELII', 3: 'LD', 4: 'BKBO' };
const codeOf = (color: { id: number }) => codes[color.id] ?? null;

/** The seed's rule: Sitka Black Blaze Orange first until 2023-12-01. */
const hoodyRule: MerchandisingRule = {
  kind: 'color-order',
  productId: 1,
  startsAt: null,
  endsAt: new Date('2023-12-01T00:00:00Z'),
  payload: { first: ['BKBO'] },
};

describe('isRuleActive', () => {
  it.each<[Date | null, Date | null, string, boolean]>([
    [null, null, '2026-01-01T00:00:00Z', true],
    [null, new Date('2023-12-01T00:00:00Z'), '2023-11-30T23:59:59Z', true],
    [null, new Date('2023-12-01T00:00:00Z'), '2023-12-01T00:00:00Z', false],
    [new Date('2024-01-01T00:00:00Z'), null, '2023-12-31T23:59:59Z', false],
    [new Date('2024-01-01T00:00:00Z'), null, '2024-01-01T00:00:00Z', true],
  ])('from %j to %j at %s → %s', (startsAt, endsAt, now, active) => {
    expect(isRuleActive({ startsAt, endsAt }, new Date(now))).toBe(active);
  });
});

describe('applyColorOrder', () => {
  const labels = (rules: MerchandisingRule[], now: string, productId = 1) =>
    applyColorOrder(colors, codeOf, rules, productId, new Date(now)).map((color) => color.label);
  const natural = ['Optifade Subalpine', 'Optifade Elevated II', 'Lead', 'Sitka Black Blaze Orange'];

  it.each<[string, MerchandisingRule[], string, number, string[]]>([
    ['no rules', [], '2023-06-01T00:00:00Z', 1, natural],
    [
      'the hoody rule in 2023',
      [hoodyRule],
      '2023-06-01T00:00:00Z',
      1,
      ['Sitka Black Blaze Orange', 'Optifade Subalpine', 'Optifade Elevated II', 'Lead'],
    ],
    ['the hoody rule after its end (2026)', [hoodyRule], '2026-11-22T00:00:00Z', 1, natural],
    ['another product', [hoodyRule], '2023-06-01T00:00:00Z', 2, natural],
    ['another kind', [{ ...hoodyRule, kind: 'size-order' }], '2023-06-01T00:00:00Z', 1, natural],
    [
      'by label and slug, several in order',
      [{ ...hoodyRule, payload: { first: ['lead', 'Optifade-Elevated-II'] } }],
      '2023-06-01T00:00:00Z',
      1,
      ['Lead', 'Optifade Elevated II', 'Optifade Subalpine', 'Sitka Black Blaze Orange'],
    ],
    [
      'a malformed payload',
      [{ ...hoodyRule, payload: { first: 'BKBO' } }],
      '2023-06-01T00:00:00Z',
      1,
      natural,
    ],
    [
      'an unknown colour',
      [{ ...hoodyRule, payload: { first: ['XXX'] } }],
      '2023-06-01T00:00:00Z',
      1,
      natural,
    ],
  ])('%s', (_name, rules, now, productId, expected) => {
    expect(labels(rules, now, productId)).toEqual(expected);
  });
});
