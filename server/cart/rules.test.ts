import { describe, expect, it } from 'vitest';
import {
  mergeCartLines,
  overLimitLines,
  proSplit,
  quantityAfterAdd,
  quantityChange,
  type MergeLine,
  type ProStockOf,
  type StockRecord,
} from './rules';

describe('quantityChange (SPEC §5: 1 to 10 per line, 0 or below removes)', () => {
  it.each([
    [1, { kind: 'set', quantity: 1 }],
    [5, { kind: 'set', quantity: 5 }],
    [10, { kind: 'set', quantity: 10 }],
    [11, { kind: 'set', quantity: 10 }],
    [99, { kind: 'set', quantity: 10 }],
    [0, { kind: 'remove' }],
    [-1, { kind: 'remove' }],
    [-40, { kind: 'remove' }],
    [0.5, { kind: 'remove' }],
    [3.9, { kind: 'set', quantity: 3 }],
    [Number.NaN, { kind: 'remove' }],
  ])('%s → %o', (requested, expected) => {
    expect(quantityChange(requested)).toEqual(expected);
  });
});

describe('quantityAfterAdd', () => {
  it.each([
    [0, 1, 1],
    [0, 10, 10],
    [3, 4, 7],
    [9, 1, 10],
    [10, 1, 10],
    [6, 8, 10],
  ])('%i + %i → %i', (existing, added, expected) => {
    expect(quantityAfterAdd(existing, added)).toBe(expected);
  });
});

describe('proSplit (SPEC §5/§6)', () => {
  const base = { proCustomer: true, proEligible: true, proAlreadyInCart: 0 };
  it.each([
    [
      'all from pro stock when it suffices',
      { ...base, requested: 3, proQuantity: 5 },
      { pro: 3, standard: 0 },
    ],
    ['pro stock exactly', { ...base, requested: 5, proQuantity: 5 }, { pro: 5, standard: 0 }],
    [
      'capped to the pro quantity, excess standard',
      { ...base, requested: 7, proQuantity: 4 },
      { pro: 4, standard: 3 },
    ],
    ['no pro stock: all standard', { ...base, requested: 2, proQuantity: 0 }, { pro: 0, standard: 2 }],
    [
      'pro units already in the cart count',
      { ...base, requested: 3, proQuantity: 4, proAlreadyInCart: 2 },
      { pro: 2, standard: 1 },
    ],
    [
      'pro stock used up by the cart',
      { ...base, requested: 2, proQuantity: 4, proAlreadyInCart: 4 },
      { pro: 0, standard: 2 },
    ],
    [
      'a consumer takes standard stock',
      { ...base, proCustomer: false, requested: 3, proQuantity: 9 },
      { pro: 0, standard: 3 },
    ],
    [
      'a wader or exclude_pro_discount product takes standard stock',
      { ...base, proEligible: false, requested: 3, proQuantity: 9 },
      { pro: 0, standard: 3 },
    ],
  ])('%s', (_name, input, expected) => {
    expect(proSplit(input)).toEqual(expected);
  });
});

describe('overLimitLines (SPEC §5 inventory check)', () => {
  const stock = new Map<string, StockRecord>([
    ['100-BLK-M', { standardQuantity: 3, proQuantity: 2 }],
    ['100-BLK-L', { standardQuantity: 0, proQuantity: 0 }],
  ]);
  const line = (id: string, sku: string, warehouse: string, quantity: number) => ({
    id,
    sku,
    warehouse,
    quantity,
  });

  it.each([
    ['within standard stock', [line('a', '100-BLK-M', '02', 3)], []],
    ['over standard stock', [line('a', '100-BLK-M', '02', 4)], [['a', 3]]],
    [
      'pro stock limits 03 items only',
      [line('a', '100-BLK-M', '03', 2), line('b', '100-BLK-M', '02', 3)],
      [],
    ],
    ['over pro stock', [line('a', '100-BLK-M', '03', 3)], [['a', 2]]],
    [
      'demand of lines of the same sku is summed',
      [line('a', '100-BLK-M', '02', 2), line('b', '100-BLK-M', '02', 2)],
      [
        ['a', 3],
        ['b', 3],
      ],
    ],
    ['out of stock', [line('a', '100-BLK-L', '02', 1)], [['a', 0]]],
    ['no record: nothing available', [line('a', '999-XXX-S', '02', 1)], [['a', 0]]],
    ['sku case does not matter', [line('a', '100-blk-m', '02', 3)], []],
  ])('%s', (_name, lines, expected) => {
    expect([...overLimitLines(lines, stock)]).toEqual(expected);
  });
});

describe('mergeCartLines (sign-in: the anonymous cart into the customer’s)', () => {
  const line = (variantId: number, warehouse: string, quantity: number): MergeLine => ({
    variantId,
    warehouse,
    quantity,
  });
  const consumer: ProStockOf = () => null;
  /** Variant 1: 3 pro units; variant 2: a wader (no pro discount); variant 3: no pro stock. */
  const pro: ProStockOf = (variantId) =>
    variantId === 1
      ? { eligible: true, proQuantity: 3 }
      : variantId === 2
        ? { eligible: false, proQuantity: 9 }
        : { eligible: true, proQuantity: 0 };

  it.each<[string, MergeLine[], MergeLine[], ProStockOf, MergeLine[]]>([
    ['nothing to merge', [], [], consumer, []],
    ['an empty customer cart takes the lines', [], [line(1, '02', 2)], consumer, [line(1, '02', 2)]],
    [
      'lines of the same variant add up',
      [line(1, '02', 2)],
      [line(1, '02', 3)],
      consumer,
      [line(1, '02', 5)],
    ],
    ['at most 10 per line', [line(1, '02', 7)], [line(1, '02', 6)], consumer, [line(1, '02', 10)]],
    [
      'other variants are added after the customer’s lines',
      [line(5, '02', 1)],
      [line(4, '02', 2), line(1, '02', 1)],
      consumer,
      [line(5, '02', 1), line(4, '02', 2), line(1, '02', 1)],
    ],
    [
      'the customer’s lines stay as they are when nothing comes in',
      [line(1, '03', 2), line(1, '02', 1)],
      [],
      pro,
      [line(1, '03', 2), line(1, '02', 1)],
    ],
    ['a pro customer’s units come from pro stock first', [], [line(1, '02', 2)], pro, [line(1, '03', 2)]],
    [
      'beyond pro stock the excess is standard',
      [],
      [line(1, '02', 5)],
      pro,
      [line(1, '03', 3), line(1, '02', 2)],
    ],
    [
      'pro units the customer holds already count against pro stock',
      [line(1, '03', 2)],
      [line(1, '02', 4)],
      pro,
      [line(1, '03', 3), line(1, '02', 3)],
    ],
    ['a wader stays standard for a pro customer', [], [line(2, '02', 2)], pro, [line(2, '02', 2)]],
    ['no pro stock: standard', [line(3, '02', 1)], [line(3, '02', 1)], pro, [line(3, '02', 2)]],
    [
      'pro lines coming to a consumer become standard',
      [],
      [line(1, '03', 2), line(1, '02', 1)],
      consumer,
      [line(1, '02', 3)],
    ],
  ])('%s', (_name, target, incoming, proStockOf, expected) => {
    expect(mergeCartLines({ target, incoming, proStockOf })).toEqual(expected);
  });
});
