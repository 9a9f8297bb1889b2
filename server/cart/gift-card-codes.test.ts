import { describe, expect, it } from 'vitest';
import { newGiftCardCode } from './gift-card-codes.server';
import {
  formatGiftCardCode,
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  normalizeGiftCardCode,
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
