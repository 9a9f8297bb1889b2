import { describe, expect, test } from 'vitest';
import { orderStatusText } from './orders';

describe('orderStatusText', () => {
  // Every status of server/checkout/schema.ts, and what a shopper reads.
  test.each([
    ['awaiting_payment', 'Awaiting payment'],
    ['approval_pending', 'Awaiting approval'],
    ['awaiting_fulfillment', 'Paid'],
    ['shipped', 'Shipped'],
    ['completed', 'Delivered'],
    ['refunded', 'Refunded'],
    ['declined', 'Declined'],
    ['cancelled', 'Canceled'],
    ['on_hold', 'On hold'],
    ['PARTIALLY-SHIPPED', 'Partially shipped'],
    ['', 'Unknown'],
  ])('%j → %j', (status, words) => {
    expect(orderStatusText(status)).toBe(words);
  });
});
