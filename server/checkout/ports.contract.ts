/**
 * The contracts any adapter of the checkout's ports must pass (decisions 069–071): a function per port taking a
 * factory, called by ports.test.ts for the first adapters and by a second adapter's own test.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from './promo';
import type { PaymentProvider, ShippingRates, TaxCalculator } from './ports';

export function paymentProviderContract(name: string, make: () => PaymentProvider) {
  describe(`PaymentProvider contract: ${name}`, () => {
    it('has an id to record on the order', () => {
      expect(make().id).toMatch(/^[a-z][a-z0-9-]{0,31}$/);
    });
    it('answers a status an order may start in, with a sentence for the shopper', async () => {
      const outcome = await make().collect({
        amountCents: 25_000,
        currencyCode: 'USD',
        email: 'a@example.com',
      });
      expect([ORDER_STATUS.awaitingPayment, ORDER_STATUS.awaitingFulfillment]).toContain(outcome.status);
      expect(outcome.instructions.trim().length).toBeGreaterThan(0);
      expect(outcome.reference === null || outcome.reference.length > 0).toBe(true);
    });
    it('pays back part of an order, with a sentence for the shopper (decision 092)', async () => {
      const outcome = await make().refund({
        orderId: 7,
        amountCents: 1_250,
        currencyCode: 'USD',
        reason: 'Damaged in transit',
      });
      expect(outcome.instructions.trim().length).toBeGreaterThan(0);
      expect(outcome.reference === null || outcome.reference.length > 0).toBe(true);
    });
  });
}

export function taxCalculatorContract(name: string, make: () => TaxCalculator) {
  describe(`TaxCalculator contract: ${name}`, () => {
    it('answers whole cents, never negative, for any order', async () => {
      for (const itemsCents of [0, 1, 9_999, 123_456]) {
        const quote = await make().quote({ itemsCents, shippingCents: 0, countryCode: 'US', region: 'CO' });
        expect(Number.isInteger(quote.taxCents)).toBe(true);
        expect(quote.taxCents).toBeGreaterThanOrEqual(0);
        expect(typeof quote.included).toBe('boolean');
      }
    });
    it('charges no tax on nothing', async () => {
      const quote = await make().quote({ itemsCents: 0, shippingCents: 0, countryCode: 'US', region: 'MT' });
      expect(quote.taxCents).toBe(0);
    });
  });
}

export function shippingRatesContract(name: string, make: () => ShippingRates) {
  describe(`ShippingRates contract: ${name}`, () => {
    it('quotes nothing when nothing ships (gift cards only)', async () => {
      expect(await make().quote({ units: 0, itemsCents: 5_000, countryCode: 'US' })).toEqual({
        shippingCents: null,
      });
    });
    it('quotes whole cents, never negative, when something ships', async () => {
      for (const units of [1, 3, 10]) {
        const { shippingCents } = await make().quote({ units, itemsCents: units * 2_940, countryCode: 'US' });
        expect(Number.isInteger(shippingCents)).toBe(true);
        expect(shippingCents).toBeGreaterThanOrEqual(0);
      }
    });
  });
}
