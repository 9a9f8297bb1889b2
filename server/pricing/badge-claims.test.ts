import { describe, expect, test } from 'vitest';
import {
  badgesBeside,
  claimHolds,
  discountClaim,
  type ClaimedPrice,
  type DiscountClaim,
} from './badge-claims';

const full: ClaimedPrice = { currentCents: 20_000, compareAtCents: null, source: 'list' };
const sale = (currentCents: number, compareAtCents = 20_000): ClaimedPrice => ({
  currentCents,
  compareAtCents,
  source: 'sale',
});
const proPrice: ClaimedPrice = { currentCents: 14_000, compareAtCents: 20_000, source: 'group' };
const noPrice: ClaimedPrice = { currentCents: null, compareAtCents: null, source: 'list' };

describe('discountClaim', () => {
  test.each<[string, DiscountClaim | null]>([
    ['Flash Sale 20% Off', { kind: 'percent', percent: 20 }],
    ['Extra 15 % off', { kind: 'percent', percent: 15 }],
    ['Summer Sale', { kind: 'sale' }],
    ['Black Friday Deals', { kind: 'sale' }],
    ['CLEARANCE', { kind: 'sale' }],
    ['Discounted', { kind: 'sale' }],
    ['Coming Soon', null],
    ['New Sizes', null],
    ['Exclusive', null],
    ['New Color', null],
    ['Wholesaler', null],
  ])('%s', (copy, expected) => {
    expect(discountClaim(copy)).toEqual(expected);
  });
});

describe('claimHolds', () => {
  const twenty: DiscountClaim = { kind: 'percent', percent: 20 };
  const aSale: DiscountClaim = { kind: 'sale' };
  test.each<[string, DiscountClaim, ClaimedPrice, boolean]>([
    ['20 % claim on a full price', twenty, full, false],
    ['20 % claim on 10 % off', twenty, sale(18_000), false],
    ['20 % claim on 20 % off', twenty, sale(16_000), true],
    ['20 % claim on 19.6 % off (rounds to 20)', twenty, sale(16_080), true],
    ['20 % claim on 19.4 % off (rounds to 19)', twenty, sale(16_120), false],
    ['20 % claim on 30 % off', twenty, sale(14_000), false],
    ['20 % claim on a pro price of 30 % off', twenty, proPrice, false],
    ['sale claim on a full price', aSale, full, false],
    ['sale claim on a sale price', aSale, sale(18_000), true],
    ['sale claim on a pro price', aSale, proPrice, false],
    ['sale claim without a price', aSale, noPrice, false],
    ['a "sale" whose price is not below list', aSale, sale(20_000), false],
  ])('%s → %s', (_label, claim, price, expected) => {
    expect(claimHolds(claim, price)).toBe(expected);
  });
});

describe('badgesBeside', () => {
  const labels = (...copy: string[]) => copy;
  test.each<[string, ClaimedPrice, string[], { sale: string | null; badges: string[] }]>([
    [
      'full price: sale claims go, others stay',
      full,
      labels('Summer Sale', 'New', 'Flash Sale 20% Off'),
      {
        sale: null,
        badges: ['New'],
      },
    ],
    [
      '10 % off: "Sale", and a 20 % claim goes',
      sale(18_000),
      labels('Flash Sale 20% Off', 'Exclusive'),
      {
        sale: 'Sale',
        badges: ['Exclusive'],
      },
    ],
    [
      '20 % off: the custom claim replaces the computed "Sale"',
      sale(16_000),
      labels('Flash Sale 20% Off'),
      {
        sale: null,
        badges: ['Flash Sale 20% Off'],
      },
    ],
    [
      '40 % off with "Summer Sale": one sale badge',
      sale(12_000),
      labels('New', 'Summer Sale'),
      {
        sale: null,
        badges: ['New', 'Summer Sale'],
      },
    ],
    [
      '40 % off, no custom badge: "40% OFF"',
      sale(12_000),
      labels('Coming Soon'),
      {
        sale: '40% OFF',
        badges: ['Coming Soon'],
      },
    ],
    [
      'a pro price: no sale badge, no sale claim',
      proPrice,
      labels('Summer Sale', 'New Sizes'),
      {
        sale: null,
        badges: ['New Sizes'],
      },
    ],
    ['no price at all', noPrice, labels('Summer Sale'), { sale: null, badges: [] }],
  ])('%s', (_label, price, badges, expected) => {
    expect(badgesBeside(price, badges, (badge) => badge)).toEqual(expected);
  });

  test('keeps badge objects and their order', () => {
    const badges = [
      { kind: 'new', label: 'New' },
      { kind: 'custom', label: 'Summer Sale' },
    ];
    expect(badgesBeside(full, badges, (badge) => badge.label).badges).toEqual([
      { kind: 'new', label: 'New' },
    ]);
  });
});
