import { describe, expect, test } from 'vitest';
import { giftCardText, isoDay } from './gift-card-text';

describe('giftCardText', () => {
  test.each([
    ['Ana emailing on 24/12/2026', { recipient: 'Ana', date: 'Dec 24, 2026' }],
    ['José Núñez emailing on 01/02/2027', { recipient: 'José Núñez', date: 'Feb 1, 2027' }],
    ['Ana emailing on 24/13/2026', null],
    ['Ana on 24/12/2026', null],
  ])('%j → %j', (name, expected) => {
    expect(giftCardText(name)).toEqual(expected);
  });
});

test('isoDay counts whole UTC days', () => {
  expect(isoDay(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  expect(isoDay(new Date('2026-12-31T23:30:00Z'), 1)).toBe('2027-01-01');
  expect(isoDay(new Date('2026-11-28T00:00:00Z'), 365)).toBe('2027-11-28');
});
