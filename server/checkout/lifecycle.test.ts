import { describe, expect, test } from 'vitest';
import {
  decide,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  orderStatusWords,
  refundTarget,
  type OrderAction,
} from './lifecycle';

/**
 * Every status × action, written out (decision 092): the target of an allowed transition, `=` for a repeat that
 * changes nothing, `-` for a refusal.
 */
const TABLE: Record<string, Record<OrderAction, string>> = {
  //                    pay                      approve                  decline     ship       deliver      cancel       refund
  awaiting_payment: {
    pay: 'awaiting_fulfillment',
    approve: '-',
    decline: '-',
    ship: '-',
    deliver: '-',
    cancel: 'cancelled',
    refund: '-',
  },
  approval_pending: {
    pay: '-',
    approve: 'awaiting_fulfillment',
    decline: 'declined',
    ship: '-',
    deliver: '-',
    cancel: 'cancelled',
    refund: '-',
  },
  awaiting_fulfillment: {
    pay: '=',
    approve: '=',
    decline: '-',
    ship: 'shipped',
    deliver: '-',
    cancel: 'cancelled',
    refund: '-',
  },
  shipped: {
    pay: '-',
    approve: '-',
    decline: '-',
    ship: '=',
    deliver: 'completed',
    cancel: '-',
    refund: 'refunded',
  },
  completed: {
    pay: '-',
    approve: '-',
    decline: '-',
    ship: '-',
    deliver: '=',
    cancel: '-',
    refund: 'refunded',
  },
  partially_refunded: {
    pay: '-',
    approve: '-',
    decline: '-',
    ship: '-',
    deliver: '-',
    cancel: '-',
    refund: 'refunded',
  },
  refunded: { pay: '-', approve: '-', decline: '-', ship: '-', deliver: '-', cancel: '-', refund: '-' },
  cancelled: { pay: '-', approve: '-', decline: '-', ship: '-', deliver: '-', cancel: '=', refund: '-' },
  declined: { pay: '-', approve: '-', decline: '=', ship: '-', deliver: '-', cancel: '-', refund: '-' },
  // Not a status: every action refused.
  on_hold: { pay: '-', approve: '-', decline: '-', ship: '-', deliver: '-', cancel: '-', refund: '-' },
};

describe('the order state machine', () => {
  test('the table covers every status and action', () => {
    expect(Object.keys(TABLE).filter((status) => status !== 'on_hold')).toEqual([...ORDER_STATUSES]);
    for (const row of Object.values(TABLE)) expect(Object.keys(row)).toEqual([...ORDER_ACTIONS]);
  });

  const cases = Object.entries(TABLE).flatMap(([from, row]) =>
    Object.entries(row).map(([action, expected]) => [from, action as OrderAction, expected] as const),
  );
  test.each(cases)('%s + %s → %s', (from, action, expected) => {
    const decision = decide(from, action);
    if (expected === '-') expect(decision).toEqual({ ok: false });
    else if (expected === '=') expect(decision).toEqual({ ok: true, to: from, unchanged: true });
    else expect(decision).toEqual({ ok: true, to: expected, unchanged: false });
  });
});

describe('refundTarget', () => {
  test.each([
    [10_000, 10_000, 'refunded'],
    [10_000, 9_999, 'partially_refunded'],
    [10_000, 1, 'partially_refunded'],
    [10_000, 10_001, null],
    [10_000, 0, null],
    [10_000, -5, null],
    [10_000, 1.5, null],
    [0, 1, null],
  ])('%i left, refund %d → %s', (remaining, amount, expected) => {
    expect(refundTarget(remaining, amount)).toBe(expected);
  });
});

describe('orderStatusWords', () => {
  test.each([
    ['awaiting_payment', false, 'Awaiting payment'],
    ['approval_pending', true, 'Awaiting approval'],
    ['awaiting_fulfillment', false, 'Paid'],
    ['awaiting_fulfillment', true, 'Approved'],
    ['shipped', false, 'Shipped'],
    ['completed', false, 'Delivered'],
    ['partially_refunded', false, 'Partly refunded'],
    ['refunded', false, 'Refunded'],
    ['cancelled', false, 'Canceled'],
    ['declined', true, 'Declined'],
    ['on_hold', false, 'On hold'],
    ['PARTIALLY-SHIPPED', false, 'Partially shipped'],
    ['', false, 'Unknown'],
  ])('%j (promo %s) → %j', (status, isPromoOrder, words) => {
    expect(orderStatusWords(status, { isPromoOrder })).toBe(words);
  });
});
