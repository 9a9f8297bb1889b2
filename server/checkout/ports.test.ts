import { describe, expect, it } from 'vitest';
import { freeShipping, manualPayment, taxIncluded } from './ports';
import { paymentProviderContract, shippingRatesContract, taxCalculatorContract } from './ports.contract';

paymentProviderContract('manual (invoice)', () => manualPayment);
taxCalculatorContract('tax included', () => taxIncluded);
shippingRatesContract('free shipping', () => freeShipping);

describe('the first adapters (SPEC §9)', () => {
  it('manual payment: the order awaits payment, nothing is charged now', async () => {
    expect(
      await manualPayment.collect({ amountCents: 43_900, currencyCode: 'USD', email: 'a@example.com' }),
    ).toEqual({
      status: 'awaiting_payment',
      reference: null,
      instructions: 'Payment: we will contact you to arrange payment (manual payment).',
    });
  });
  it('manual payment: a refund is paid back by hand, no reference', async () => {
    expect(
      await manualPayment.refund({
        orderId: 3,
        amountCents: 5_000,
        currencyCode: 'USD',
        reason: 'Too small',
      }),
    ).toEqual({
      reference: null,
      instructions: 'Refund: we will pay the amount back to you the way you paid (manual payment).',
    });
  });
  it('tax included: $0.00 added to a Denver order', async () => {
    expect(
      await taxIncluded.quote({ itemsCents: 38_900, shippingCents: 0, countryCode: 'US', region: 'CO' }),
    ).toEqual({
      taxCents: 0,
      included: true,
    });
  });
  it('free shipping: a $29.40 cap ships FREE', async () => {
    expect(await freeShipping.quote({ units: 1, itemsCents: 2_940, countryCode: 'US' })).toEqual({
      shippingCents: 0,
    });
  });
});
