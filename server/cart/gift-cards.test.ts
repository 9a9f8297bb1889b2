import { describe, expect, it } from 'vitest';
import {
  giftCardName,
  giftCardProblem,
  isGiftCardName,
  parseSendDate,
  sendDateWindowProblem,
  type GiftCardModel,
} from './gift-cards';

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

describe('send dates (issue 27 §7, decision 089): real calendar dates, from today to a year ahead', () => {
  it.each([
    ['2026-12-24', '2026-12-24T00:00:00.000Z'],
    ['2028-02-29', '2028-02-29T00:00:00.000Z'],
    ['2027-02-29', null],
    ['2020-02-30', null],
    ['2026-04-31', null],
    ['2026-13-01', null],
    ['2026-00-10', null],
    ['2026-12-00', null],
    ['2026-12-4', null],
    ['24/12/2026', null],
    ['2026-12-24T00:00:00Z', null],
    ['+02026-12-24', null],
    ['', null],
  ])('%j is a calendar day: %s', (value, expected) => {
    expect(parseSendDate(value)?.toISOString() ?? null).toBe(expected);
  });

  it('reads a real date as its UTC midnight, the years before 100 included', () => {
    expect(parseSendDate('2026-12-24')?.toISOString()).toBe('2026-12-24T00:00:00.000Z');
    expect(parseSendDate('0099-03-01')?.toISOString()).toBe('0099-03-01T00:00:00.000Z');
  });

  // The store's clock reads 2026-11-28 15:00 UTC: the shopper's today is 27, 28 or 29 November somewhere on Earth.
  const now = new Date('2026-11-28T15:00:00Z');
  it.each([
    ['0000-01-01', 'past'],
    ['1900-01-01', 'past'],
    ['2020-02-29', 'past'],
    ['2026-11-26', 'past'],
    ['2026-11-27', null],
    ['2026-11-28', null],
    ['2026-12-24', null],
    ['2027-11-28', null],
    ['2027-11-29', null],
    ['2027-11-30', 'tooFar'],
    ['2028-11-28', 'tooFar'],
    ['9999-12-31', 'tooFar'],
  ])('sent on %s (today 2026-11-28) → %s', (day, expected) => {
    expect(sendDateWindowProblem(new Date(`${day}T00:00:00Z`), now)).toBe(expected);
  });

  it('counts a leap day a year ahead as 1 March', () => {
    const leapDay = new Date('2028-02-29T23:59:00Z');
    expect(sendDateWindowProblem(new Date('2029-03-02T00:00:00Z'), leapDay)).toBeNull();
    expect(sendDateWindowProblem(new Date('2029-03-03T00:00:00Z'), leapDay)).toBe('tooFar');
  });

  it.each([
    ['2026-11-26', 'send-date-past'],
    ['2026-11-28', null],
    ['2027-12-01', 'send-date-too-far'],
  ])('giftCardProblem sent on %s → %s', (day, expected) => {
    const card = {
      name: 'Sam emailing on 24/12/2026',
      amountDollars: 50,
      sendOn: new Date(`${day}T00:00:00Z`),
      now,
    };
    expect(giftCardProblem({ minAmount: 25, maxAmount: 500, maxPerCart: 5 }, card, 0)).toBe(expected);
  });
});
