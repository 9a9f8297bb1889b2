import { describe, expect, it } from 'vitest';
import { newGiftCardCode } from './gift-card-codes.server';
import {
  formatGiftCardCode,
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  giftCardCoverage,
  normalizeGiftCardCode,
  parseReviewedGiftCardCents,
  splitAcrossGiftCards,
} from './gift-cards';

describe('gift-card codes (decision 099)', () => {
  it('are 20 symbols of Crockford base32: 100 bits, at least the 80 the issue asks', () => {
    expect(GIFT_CARD_CODE_ALPHABET).toBe('0123456789ABCDEFGHJKMNPQRSTVWXYZ');
    expect(GIFT_CARD_CODE_LENGTH * Math.log2(32)).toBe(100);
    const codes = Array.from({ length: 2000 }, () => newGiftCardCode());
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    expect(new Set(codes).size).toBe(2000);
    // Every symbol turns up (a generator stuck on part of the alphabet would not).
    expect(new Set(codes.join('')).size).toBe(32);
  });

  it.each([
    ['ABCDE-FGHJK-MNPQR-STVWX', 'ABCDEFGHJKMNPQRSTVWX'],
    ['abcde fghjk mnpqr stvwx', 'ABCDEFGHJKMNPQRSTVWX'],
    ['  0000011111222223333 3 ', '00000111112222233333'],
    // Letters read as digits: O as 0, I and L as 1.
    ['OOOOO-IIIII-LLLLL-22222', '00000111111111122222'],
    ['ABCDE-FGHJK-MNPQR-STVWU', null],
    ['ABCDE-FGHJK-MNPQR-STVW', null],
    ['ABCDE-FGHJK-MNPQR-STVWXY', null],
    ['', null],
    ['ABCDE_FGHJK_MNPQR_STVWX', null],
  ])('reads %j as %j', (typed, stored) => {
    expect(normalizeGiftCardCode(typed)).toBe(stored);
  });

  it('are shown in four groups of five', () => {
    expect(formatGiftCardCode('ABCDEFGHJKMNPQRSTVWX')).toBe('ABCDE-FGHJK-MNPQR-STVWX');
  });
});

describe('splitAcrossGiftCards', () => {
  const cards = (...balances: number[]) => balances.map((balanceCents, id) => ({ id, balanceCents }));
  it.each([
    // due, balances, what each pays (by id), left to pay
    [
      10_000,
      [3_000, 5_000, 4_000],
      [
        [0, 3_000],
        [1, 5_000],
        [2, 2_000],
      ],
      0,
    ],
    [5_000, [0, 2_000], [[1, 2_000]], 3_000],
    [2_500, [10_000, 4_000], [[0, 2_500]], 0],
    [0, [1_000], [], 0],
    [-100, [1_000], [], 0],
    [1_000, [], [], 1_000],
  ])('%i cents over %j', (due, balances, expected, remaining) => {
    const split = splitAcrossGiftCards(due, cards(...balances));
    expect(split.paid.map((card) => [card.id, card.amountCents])).toEqual(expected);
    expect(split.remainingCents).toBe(remaining);
  });
});

describe('giftCardCoverage: what checkout shows the cards paying (decisions 099, 114)', () => {
  const cards = (...balances: number[]) => balances.map((balanceCents, id) => ({ id, balanceCents }));
  it.each([
    // order total, gift cards bought in it, balances, paid by cards, left to pay
    [20_000, 0, [5_000], 5_000, 15_000],
    [20_000, 0, [1_000], 1_000, 19_000],
    [20_000, 0, [15_000, 10_000], 20_000, 0],
    // A gift card does not buy another: a $40.00 tee and a $100.00 card, paid by a $50.00 card.
    [14_000, 10_000, [5_000], 4_000, 10_000],
    [10_000, 10_000, [5_000], 0, 10_000],
    [20_000, 0, [], 0, 20_000],
    [20_000, 0, [0], 0, 20_000],
  ])('%i cents (%i of gift cards bought) over %j', (order, bought, balances, paid, left) => {
    const coverage = giftCardCoverage(order, bought, cards(...balances));
    expect([coverage.paidCents, coverage.leftToPayCents]).toEqual([paid, left]);
  });
});

describe('parseReviewedGiftCardCents: the place-order form’s reviewed gift-card amount (decision 114)', () => {
  it.each([
    // what the form carried, what is read (null: refused)
    [undefined, 0],
    [null, 0],
    ['', 0],
    ['0', 0],
    ['5000', 5000],
    ['000123', 123],
    ['999999999', 999_999_999],
    ['1000000000', null],
    ['9'.repeat(400), null],
    ['-1', null],
    ['-0', null],
    ['12.5', null],
    ['1e3', null],
    ['0x10', null],
    [' 5000', null],
    ['5000 ', null],
    ['abc', null],
    ['Infinity', null],
    ['NaN', null],
    ['５０００', null],
  ])('%j is %j', (raw, expected) => {
    expect(parseReviewedGiftCardCents(raw)).toBe(expected);
  });
});
