import { describe, expect, test } from 'vitest';
import { allPriceLists, priceListFor, priceListKeyFor, type GroupForPricing } from './price-lists';

const groups: GroupForPricing[] = [
  { id: 1, name: 'Consumer', discountMethod: null, discountAmount: 0 },
  { id: 2, name: 'Pro Program', discountMethod: 'percent', discountAmount: 30 },
  { id: 5, name: 'GovX Military', discountMethod: 'percent', discountAmount: 15 },
  { id: 7, name: 'Fixed', discountMethod: 'fixed', discountAmount: 500 },
];

describe('priceListKeyFor', () => {
  test.each<[string, GroupForPricing | null, boolean, string]>([
    ['no group', null, false, 'retail'],
    ['no group, pro flag', null, true, 'retail'],
    ['a group without a discount method', groups[0]!, false, 'retail'],
    ['a pro customer in a group', groups[1]!, true, 'p2'],
    ['a non-pro member of the same group', groups[1]!, false, 'g2'],
    ['a discount group', groups[2]!, false, 'g5'],
  ])('%s', (_label, group, pro, expected) => {
    expect(priceListKeyFor(group, { pro })).toBe(expected);
  });
});

describe('priceListFor', () => {
  test.each([
    ['retail', { key: 'retail', kind: 'retail', groupPercent: 0 }],
    ['p2', { key: 'p2', kind: 'pro', groupName: 'Pro Program', groupPercent: 30 }],
    ['g5', { key: 'g5', kind: 'group', groupName: 'GovX Military', groupPercent: 15 }],
    ['g7', { key: 'g7', kind: 'group', groupName: 'Fixed', groupPercent: 0 }],
    ['g99', { key: 'retail', kind: 'retail' }],
  ] as const)('%s', (key, expected) => {
    expect(priceListFor(key, groups)).toMatchObject(expected);
  });

  test('every list of the groups, retail first', () => {
    expect(allPriceLists(groups).map((list) => list.key)).toEqual([
      'retail',
      'p1',
      'g2',
      'p2',
      'g5',
      'p5',
      'g7',
      'p7',
    ]);
  });
});
