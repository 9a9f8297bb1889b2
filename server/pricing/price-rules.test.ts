import { describe, expect, test } from 'vitest';
import {
  bulkUnitPrice,
  cartLinePrice,
  pricingFields,
  priceFor,
  RETAIL_PRICE_LIST,
  saleBadgeFor,
  type BulkRule,
  type PriceList,
  type PricedItem,
  type ViewerPrice,
} from './price-rules';

const pro: PriceList = { key: 'p2', kind: 'pro', groupId: 2, groupName: 'Pro Program', groupPercent: 30 };
const govx: PriceList = {
  key: 'g5',
  kind: 'group',
  groupId: 5,
  groupName: 'GovX Military',
  groupPercent: 15,
};
const noDiscountGroup: PriceList = {
  key: 'g4',
  kind: 'group',
  groupId: 4,
  groupName: 'Promo Orders',
  groupPercent: 0,
};

const item = (overrides: Partial<PricedItem> = {}): PricedItem => ({
  listCents: 20_000,
  saleCents: null,
  productType: 'jacket',
  excludeProDiscount: false,
  groupPercents: {},
  ...overrides,
});

const paid = (currentCents: number | null, compareAtCents: number | null, source: ViewerPrice['source']) => ({
  currentCents,
  compareAtCents,
  source,
});

describe('priceFor', () => {
  test.each<[string, PriceList, PricedItem, ReturnType<typeof paid>]>([
    ['retail, no sale', RETAIL_PRICE_LIST, item(), paid(20_000, null, 'list')],
    ['retail, a sale', RETAIL_PRICE_LIST, item({ saleCents: 15_000 }), paid(15_000, 20_000, 'sale')],
    [
      'retail, a sale price of 0 is no sale',
      RETAIL_PRICE_LIST,
      item({ saleCents: 0 }),
      paid(20_000, null, 'list'),
    ],
    [
      'retail, a sale at the list price is no sale',
      RETAIL_PRICE_LIST,
      item({ saleCents: 20_000 }),
      paid(20_000, null, 'list'),
    ],
    [
      'retail, a sale above list is no sale',
      RETAIL_PRICE_LIST,
      item({ saleCents: 25_000 }),
      paid(20_000, null, 'list'),
    ],
    [
      'retail, a negative sale is no sale',
      RETAIL_PRICE_LIST,
      item({ saleCents: -5 }),
      paid(20_000, null, 'list'),
    ],
    ['retail, no list price', RETAIL_PRICE_LIST, item({ listCents: null }), paid(null, null, 'list')],
    ['retail, a free item', RETAIL_PRICE_LIST, item({ listCents: 0, saleCents: 0 }), paid(0, null, 'list')],
    [
      'retail ignores group percentages',
      RETAIL_PRICE_LIST,
      item({ groupPercents: { 'Pro Program': 40 } }),
      paid(20_000, null, 'list'),
    ],
    ['pro: the group discount', pro, item(), paid(14_000, 20_000, 'group')],
    [
      'pro: a larger per-product percentage wins',
      pro,
      item({ groupPercents: { 'Pro Program': 40 } }),
      paid(12_000, 20_000, 'group'),
    ],
    [
      'pro: a smaller per-product percentage loses',
      pro,
      item({ groupPercents: { 'Pro Program': 10 } }),
      paid(14_000, 20_000, 'group'),
    ],
    ['pro: a lower sale price wins', pro, item({ saleCents: 10_000 }), paid(10_000, 20_000, 'sale')],
    ['pro: a higher sale price loses', pro, item({ saleCents: 18_000 }), paid(14_000, 20_000, 'group')],
    ['pro: waders get no pro discount', pro, item({ productType: 'wader' }), paid(20_000, null, 'list')],
    [
      'pro: nor do excluded products',
      pro,
      item({ excludeProDiscount: true, groupPercents: { 'Pro Program': 40 } }),
      paid(20_000, null, 'list'),
    ],
    [
      'pro: an excluded product on sale keeps its sale',
      pro,
      item({ excludeProDiscount: true, saleCents: 17_000 }),
      paid(17_000, 20_000, 'sale'),
    ],
    ['pro: rounding half up', pro, item({ listCents: 1_005 }), paid(704, 1_005, 'group')],
    [
      'pro: fractional percentages',
      { ...pro, groupPercent: 12.5 },
      item({ listCents: 999 }),
      paid(874, 999, 'group'),
    ],
    ['group: no discount without a per-product percentage', govx, item(), paid(20_000, null, 'list')],
    [
      'group: the group discount when the product names the group',
      govx,
      item({ groupPercents: { 'GovX Military': 10 } }),
      paid(17_000, 20_000, 'group'),
    ],
    [
      'group: the per-product percentage when larger',
      govx,
      item({ groupPercents: { 'GovX Military': 20 } }),
      paid(16_000, 20_000, 'group'),
    ],
    [
      'group: another group’s percentage does not apply',
      govx,
      item({ groupPercents: { 'Pro Program': 40 } }),
      paid(20_000, null, 'list'),
    ],
    [
      'group: exclusions are for the pro discount only',
      govx,
      item({ productType: 'wader', groupPercents: { 'GovX Military': 20 } }),
      paid(16_000, 20_000, 'group'),
    ],
    [
      'group without a discount of its own: the per-product percentage',
      noDiscountGroup,
      item({ groupPercents: { 'Promo Orders': 5 } }),
      paid(19_000, 20_000, 'group'),
    ],
    [
      'a percentage of 100 or more is ignored',
      pro,
      item({ groupPercents: { 'Pro Program': 100 } }),
      paid(14_000, 20_000, 'group'),
    ],
  ])('%s', (_label, list, input, expected) => {
    expect(priceFor(list, input)).toMatchObject(expected);
  });

  test('percent off is measured against the list price', () => {
    expect(priceFor(RETAIL_PRICE_LIST, item({ saleCents: 15_000 })).percentOff).toBe(25);
    expect(priceFor(RETAIL_PRICE_LIST, item()).percentOff).toBeNull();
  });
});

describe('saleBadgeFor', () => {
  test.each<[string, PriceList, PricedItem, string | null]>([
    ['no sale', RETAIL_PRICE_LIST, item(), null],
    ['10 % off', RETAIL_PRICE_LIST, item({ saleCents: 18_000 }), 'Sale'],
    ['24.9 % off', RETAIL_PRICE_LIST, item({ listCents: 10_000, saleCents: 7_510 }), 'Sale'],
    ['25 % off', RETAIL_PRICE_LIST, item({ saleCents: 15_000 }), '25% OFF'],
    ['33.3 % off rounds', RETAIL_PRICE_LIST, item({ listCents: 3_000, saleCents: 2_000 }), '33% OFF'],
    ['a sale price of 0 is not 100 % off', RETAIL_PRICE_LIST, item({ saleCents: 0 }), null],
    ['a pro price is not a sale', pro, item(), null],
    [
      'a pro viewer sees the sale badge when the sale is their price',
      pro,
      item({ saleCents: 10_000 }),
      '50% OFF',
    ],
    [
      'a pro viewer whose pro price beats the sale sees no sale badge',
      pro,
      item({ saleCents: 18_000 }),
      null,
    ],
  ])('%s', (_label, list, input, expected) => {
    expect(saleBadgeFor(priceFor(list, input))).toBe(expected);
  });
});

describe('the sale badge at the edges of rounding (retail, list price 100.00 unless said)', () => {
  test.each<[number, number | null, string | null]>([
    [10_000, null, null],
    [10_000, 10_000, null],
    [10_000, 12_000, null],
    [0, 0, null],
    [10_000, 9_000, 'Sale'],
    [10_000, 7_501, 'Sale'],
    [10_000, 7_500, '25% OFF'],
    [13_999, 10_499, '25% OFF'],
    [10_000, 6_651, '33% OFF'],
    [10_000, 6_650, '34% OFF'],
    [19_999, 9_999, '50% OFF'],
    [10_000, 0, null],
  ])('list %i, sale %j → %j', (listCents, saleCents, expected) => {
    expect(saleBadgeFor(priceFor(RETAIL_PRICE_LIST, item({ listCents, saleCents })))).toBe(expected);
  });
});

describe('pricingFields', () => {
  test.each<[string, Record<string, string>, ReturnType<typeof pricingFields>]>([
    ['none', {}, { excludeProDiscount: false, groupPercents: {} }],
    ['exclude flag', { exclude_pro_discount: 'true' }, { excludeProDiscount: true, groupPercents: {} }],
    [
      'exclude flag, other spellings',
      { exclude_pro_discount: ' TRUE ' },
      { excludeProDiscount: true, groupPercents: {} },
    ],
    [
      'exclude flag false',
      { exclude_pro_discount: 'false' },
      { excludeProDiscount: false, groupPercents: {} },
    ],
    [
      'product_discount fields merged by prefix',
      { product_discount: '{"Pro Program":35,"Shed App":25}', product_discount_govx: '{"GovX Military":20}' },
      {
        excludeProDiscount: false,
        groupPercents: { 'Pro Program': 35, 'Shed App': 25, 'GovX Military': 20 },
      },
    ],
    [
      'malformed JSON is ignored',
      { product_discount: '{"Pro' },
      { excludeProDiscount: false, groupPercents: {} },
    ],
    ['an array is ignored', { product_discount: '[30]' }, { excludeProDiscount: false, groupPercents: {} }],
    [
      'values that are not percentages are ignored',
      { product_discount: '{"A":"30","B":0,"C":150,"D":12.5}' },
      { excludeProDiscount: false, groupPercents: { D: 12.5 } },
    ],
  ])('%s', (_label, fields, expected) => {
    expect(pricingFields(fields)).toEqual(expected);
  });
});

describe('bulkUnitPrice', () => {
  const rules: BulkRule[] = [
    { quantityMin: 5, quantityMax: 9, type: 'percent', amount: 1_000 },
    { quantityMin: 10, quantityMax: null, type: 'fixed', amount: 500 },
  ];
  test.each<[string, number, number, readonly BulkRule[], number]>([
    ['below every rule', 10_000, 4, rules, 10_000],
    ['10 % off from 5', 10_000, 5, rules, 9_000],
    ['to 9', 10_000, 9, rules, 9_000],
    ['$5 off each from 10', 10_000, 10, rules, 9_500],
    [
      'a fixed price',
      10_000,
      2,
      [{ quantityMin: 2, quantityMax: null, type: 'price', amount: 8_000 }],
      8_000,
    ],
    [
      'never above the unit price',
      10_000,
      2,
      [{ quantityMin: 2, quantityMax: null, type: 'price', amount: 12_000 }],
      10_000,
    ],
    ['never below zero', 300, 2, [{ quantityMin: 2, quantityMax: null, type: 'fixed', amount: 500 }], 0],
    [
      'an unknown type is ignored',
      10_000,
      2,
      [{ quantityMin: 2, quantityMax: null, type: 'bogus', amount: 1 }],
      10_000,
    ],
  ])('%s', (_label, unit, quantity, table, expected) => {
    expect(bulkUnitPrice(unit, quantity, table)).toBe(expected);
  });
});

describe('cartLinePrice (SPEC §6 pro split and bulk pricing)', () => {
  const bulk: BulkRule[] = [{ quantityMin: 3, quantityMax: null, type: 'percent', amount: 1_000 }];
  test.each<
    [
      string,
      PriceList,
      PricedItem,
      { quantity: number; proStock: boolean; bulkRules?: BulkRule[] },
      { unitCents: number | null; compareAtCents: number | null; proDiscountApplied: boolean },
    ]
  >([
    [
      'retail, list price',
      RETAIL_PRICE_LIST,
      item(),
      { quantity: 1, proStock: false },
      { unitCents: 20_000, compareAtCents: null, proDiscountApplied: false },
    ],
    [
      'retail, sale price struck against list',
      RETAIL_PRICE_LIST,
      item({ saleCents: 15_000 }),
      { quantity: 1, proStock: false },
      { unitCents: 15_000, compareAtCents: 20_000, proDiscountApplied: false },
    ],
    [
      'pro stock at the group discount: Pro Discount Applied',
      pro,
      item(),
      { quantity: 2, proStock: true },
      { unitCents: 14_000, compareAtCents: 20_000, proDiscountApplied: true },
    ],
    [
      'standard stock of a pro customer costs the retail price',
      pro,
      item(),
      { quantity: 2, proStock: false },
      { unitCents: 20_000, compareAtCents: null, proDiscountApplied: false },
    ],
    [
      'standard stock of a pro customer still gets the store sale',
      pro,
      item({ saleCents: 18_000 }),
      { quantity: 1, proStock: false },
      { unitCents: 18_000, compareAtCents: 20_000, proDiscountApplied: false },
    ],
    [
      'pro stock of a wader: no pro discount',
      pro,
      item({ productType: 'wader' }),
      { quantity: 1, proStock: true },
      { unitCents: 20_000, compareAtCents: null, proDiscountApplied: false },
    ],
    [
      'pro stock of an exclude_pro_discount product: no pro discount',
      pro,
      item({ excludeProDiscount: true }),
      { quantity: 1, proStock: true },
      { unitCents: 20_000, compareAtCents: null, proDiscountApplied: false },
    ],
    [
      'pro stock where the sale is lower than the pro price: the sale, no pro label',
      pro,
      item({ saleCents: 10_000 }),
      { quantity: 1, proStock: true },
      { unitCents: 10_000, compareAtCents: 20_000, proDiscountApplied: false },
    ],
    [
      'pro stock, a larger per-product percentage wins',
      pro,
      item({ groupPercents: { 'Pro Program': 40 } }),
      { quantity: 1, proStock: true },
      { unitCents: 12_000, compareAtCents: 20_000, proDiscountApplied: true },
    ],
    [
      'group pricing on a product naming the group',
      govx,
      item({ groupPercents: { 'GovX Military': 20 } }),
      { quantity: 1, proStock: false },
      { unitCents: 16_000, compareAtCents: 20_000, proDiscountApplied: false },
    ],
    [
      'group pricing on a product not naming the group',
      govx,
      item(),
      { quantity: 1, proStock: false },
      { unitCents: 20_000, compareAtCents: null, proDiscountApplied: false },
    ],
    [
      'bulk rule below its minimum quantity',
      RETAIL_PRICE_LIST,
      item(),
      { quantity: 2, proStock: false, bulkRules: bulk },
      { unitCents: 20_000, compareAtCents: null, proDiscountApplied: false },
    ],
    [
      'bulk rule from its minimum quantity',
      RETAIL_PRICE_LIST,
      item(),
      { quantity: 3, proStock: false, bulkRules: bulk },
      { unitCents: 18_000, compareAtCents: 20_000, proDiscountApplied: false },
    ],
    [
      'bulk rule on top of the pro price',
      pro,
      item(),
      { quantity: 4, proStock: true, bulkRules: bulk },
      { unitCents: 12_600, compareAtCents: 20_000, proDiscountApplied: true },
    ],
    [
      'no price',
      RETAIL_PRICE_LIST,
      item({ listCents: null }),
      { quantity: 1, proStock: false },
      { unitCents: null, compareAtCents: null, proDiscountApplied: false },
    ],
  ])('%s', (_name, list, priced, line, expected) => {
    expect(cartLinePrice(list, priced, line)).toEqual(expected);
  });
});
