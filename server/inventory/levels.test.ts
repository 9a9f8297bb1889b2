import { describe, expect, it } from 'vitest';
import { buyableLevel, groupByBaseSku, isUnderBaseSku, levelsFor, parseSkuList } from './levels';

describe('parseSkuList', () => {
  it.each<[string | null, ReturnType<typeof parseSkuList>]>([
    [null, { ok: false, message: 'Please provide at least one sku.' }],
    ['', { ok: false, message: 'Please provide at least one sku.' }],
    [' , ,', { ok: false, message: 'Please provide at least one sku.' }],
    ['600123-SUB-M', { ok: true, skus: ['600123-SUB-M'] }],
    ['600123-SUB-M, 600123-SUB-L,600123-SUB-M', { ok: true, skus: ['600123-SUB-M', '600123-SUB-L'] }],
    ['600123,600123-SUB', { ok: true, skus: ['600123', '600123-SUB'] }],
    ['600123--M', { ok: false, message: 'Invalid sku: 600123--M' }],
    ['a-b-c-d', { ok: false, message: 'Invalid sku: a-b-c-d' }],
    ['600123-SUB-M,<script>', { ok: false, message: 'Invalid sku: <script>' }],
  ])('%j → %j', (value, result) => {
    expect(parseSkuList(value)).toEqual(result);
  });

  it('takes 100 SKUs and refuses 101', () => {
    const skus = (count: number) => Array.from({ length: count }, (_, index) => `P${index}-C-M`).join(',');
    expect(parseSkuList(skus(100)).ok).toBe(true);
    expect(parseSkuList(skus(101))).toEqual({ ok: false, message: 'Please provide at most 100 skus.' });
  });
});

const records = [
  { variantSku: '600123-SUB-M', standardQuantity: 4, proQuantity: 2 },
  { variantSku: '600123-SUB-L', standardQuantity: 0, proQuantity: 0 },
  { variantSku: '600123-LD-M', standardQuantity: 1, proQuantity: 0 },
  { variantSku: '600124-SUB-M', standardQuantity: 9, proQuantity: 9 },
];

describe('levelsFor', () => {
  it('gives anonymous shoppers the level they can buy (standard stock) only, in the order asked, 0 without a record', () => {
    expect(levelsFor(['600123-LD-M', '600123-SUB-M', '600999-X-M'], records, 'anonymous')).toEqual([
      { variant_sku: '600123-LD-M', inventory_level: 1 },
      { variant_sku: '600123-SUB-M', inventory_level: 4 },
      { variant_sku: '600999-X-M', inventory_level: 0 },
    ]);
  });

  it('gives customers the standard and pro quantities too', () => {
    expect(levelsFor(['600123-sub-m'], records, 'customer')).toEqual([
      { variant_sku: '600123-SUB-M', standard_quantity: 4, pro_quantity: 2, inventory_level: 6 },
    ]);
  });
});

describe('isUnderBaseSku', () => {
  it.each<[string, string, boolean]>([
    ['600123-SUB-M', '600123', true],
    ['600123-SUB-M', '600123-SUB', true],
    ['600123-SUB-M', '600123-SUB-M', true],
    ['600123-SUB-M', '600123-SU', false],
    ['6001234-SUB-M', '600123', false],
    ['600123-SUB-M', '600123-sub', true],
  ])('%s under %s → %s', (sku, base, under) => {
    expect(isUnderBaseSku(sku, base)).toBe(under);
  });
});

describe('groupByBaseSku', () => {
  it('groups variants under each base with their total (standard stock for anonymous shoppers)', () => {
    expect(groupByBaseSku(['600123-SUB', '600124', '700000'], records, 'anonymous')).toEqual([
      {
        base_sku: '600123-SUB',
        inventory_level: 4,
        variants: [
          { variant_sku: '600123-SUB-L', inventory_level: 0 },
          { variant_sku: '600123-SUB-M', inventory_level: 4 },
        ],
      },
      {
        base_sku: '600124',
        inventory_level: 9,
        variants: [{ variant_sku: '600124-SUB-M', inventory_level: 9 }],
      },
      { base_sku: '700000', inventory_level: 0, variants: [] },
    ]);
  });

  it('adds the standard and pro totals for customers', () => {
    const [group] = groupByBaseSku(['600123'], records, 'customer');
    expect(group).toMatchObject({
      base_sku: '600123',
      standard_quantity: 5,
      pro_quantity: 2,
      inventory_level: 7,
    });
    expect(group?.variants).toHaveLength(3);
  });
});

describe('buyableLevel', () => {
  it.each<[number, number, boolean, number]>([
    [0, 18, false, 0],
    [0, 18, true, 18],
    [4, 2, false, 4],
    [4, 2, true, 6],
    [0, 0, true, 0],
  ])('standard %i, pro %i, pro stock %s → %i', (standardQuantity, proQuantity, withProStock, level) => {
    expect(buyableLevel({ standardQuantity, proQuantity }, withProStock)).toBe(level);
  });
});
