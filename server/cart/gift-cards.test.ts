import { describe, expect, it } from 'vitest';
import { giftCardName, giftCardProblem, isGiftCardName, type GiftCardModel } from './gift-cards';

describe('giftCardName', () => {
  it.each([
    ['Sam Hunter', '2026-12-24T10:00:00Z', 'Sam Hunter emailing on 24/12/2026'],
    ['  Ana  ', '2027-01-05T00:00:00Z', 'Ana emailing on 05/01/2027'],
  ])('%s on %s → %s', (recipient, date, expected) => {
    expect(giftCardName(recipient, new Date(date))).toBe(expected);
  });
});

describe('isGiftCardName (SPEC §5 "{recipient} emailing on dd/mm/yyyy")', () => {
  it.each([
    ['Sam Hunter emailing on 24/12/2026', true],
    ['A emailing on 29/02/2028', true],
    ['A emailing on 29/02/2027', false],
    ['A emailing on 31/04/2026', false],
    ['A emailing on 24/13/2026', false],
    ['A emailing on 2026-12-24', false],
    ['A emailing on 4/12/2026', false],
    [' emailing on 24/12/2026', false],
    ['emailing on 24/12/2026', false],
    ['Sam Hunter sending on 24/12/2026', false],
    ['Sam Hunter emailing on 24/12/2026 ', false],
  ])('%j → %s', (name, expected) => {
    expect(isGiftCardName(name)).toBe(expected);
  });
});

describe('giftCardProblem', () => {
  const model: GiftCardModel = { minAmount: 25, maxAmount: 500, maxPerCart: 2 };
  const name = 'Sam emailing on 24/12/2026';
  it.each([
    [{ name, amountDollars: 25 }, 0, null],
    [{ name, amountDollars: 500 }, 1, null],
    [{ name, amountDollars: 24 }, 0, 'amount-below-min'],
    [{ name, amountDollars: 501 }, 0, 'amount-above-max'],
    [{ name, amountDollars: 50.5 }, 0, 'amount-not-whole'],
    [{ name, amountDollars: 50 }, 2, 'too-many'],
    [{ name: 'Sam on 24/12/2026', amountDollars: 50 }, 0, 'bad-name'],
  ])('%o with %i in the cart → %s', (card, inCart, expected) => {
    expect(giftCardProblem(model, card, inCart)).toBe(expected);
  });
});
