// @vitest-environment happy-dom
/**
 * The cart's totals (SPEC §9): the first-time customer promo line appears when the cart has a discount amount and
 * not otherwise; shipping "FREE" whenever present; tax "$0.00 (included in prices)" (SPEC §9, decision 077); a promotional order shows $00.00.
 * Nothing in the store sets a cart discount amount yet (decision 061): the line is rendered from the view alone.
 */
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartView } from '../../../server/cart/public';
import { CartTotals } from './cart-totals';

const CART: CartView = {
  id: '0b7d2c4e-1a3f-4e5d-8c9b-7a6f5e4d3c2b',
  customerId: 1,
  channelId: 1,
  currencyCode: 'USD',
  createdTime: '2026-11-24T12:00:00.000Z',
  lines: [],
  giftCertificates: [],
  totalItems: 2,
  baseAmountCents: 40_000,
  cartAmountCents: 40_000,
  discountAmountTotalCents: 0,
  discountAmountCents: 0,
  shippingCents: 0,
  taxIncluded: false,
  promoOrderUser: false,
  isPromoOrder: false,
  checkoutBlocked: false,
};

/** The totals as [term, value] rows, in order. */
function rows(cart: CartView): [string, string][] {
  const { container } = render(<CartTotals cart={cart} />);
  return [...container.querySelectorAll('dl > div')].map((row) => [
    within(row as HTMLElement).getByRole('term').textContent ?? '',
    within(row as HTMLElement).getByRole('definition').textContent ?? '',
  ]);
}

afterEach(() => {
  cleanup();
});

describe('CartTotals', () => {
  it('shows no first-time customer promo line when the cart has no discount amount', () => {
    expect(rows(CART)).toEqual([
      ['Subtotal', '$400.00'],
      ['Shipping', 'FREE'],
      ['Tax', '$0.00 (included in prices)'],
      ['Total', '$400.00'],
    ]);
  });

  it('shows the first-time customer promo line with the discount amount, apart from item discounts', () => {
    // $400.00 of items at $360.00 for this viewer (a $40.00 group discount), less a $25.00 cart discount.
    const cart = {
      ...CART,
      discountAmountCents: 2_500,
      discountAmountTotalCents: 6_500,
      cartAmountCents: 33_500,
      taxIncluded: true,
    };
    expect(rows(cart)).toEqual([
      ['Subtotal', '$400.00'],
      ['Discount', '−$40.00'],
      ['First-time customer promo', '−$25.00'],
      ['Shipping', 'FREE'],
      ['Tax', '$0.00 (included in prices)'],
      ['Total', '$335.00'],
    ]);
  });

  it('shows every total of a promotional order as $00.00, the promo line included', () => {
    const cart = { ...CART, discountAmountCents: 2_500, discountAmountTotalCents: 2_500, isPromoOrder: true };
    expect(rows(cart)).toEqual([
      ['Subtotal', '$00.00'],
      ['First-time customer promo', '$00.00'],
      ['Shipping', 'FREE'],
      ['Tax', '$00.00'],
      ['Total', '$00.00'],
    ]);
  });

  it('shows no shipping row when nothing ships (gift cards only)', () => {
    expect(rows({ ...CART, shippingCents: null }).map(([term]) => term)).toEqual([
      'Subtotal',
      'Tax',
      'Total',
    ]);
  });
});
