/**
 * What a brand swaps in the checkout (issue 22 §4; ARCHITECTURE "Embedded defaults"): how an order is paid, what
 * tax it carries and what its shipping costs. Each port has a first adapter here, a contract any adapter must pass
 * (ports.contract.ts) and a decision record saying how a second one plugs in: 069 PaymentProvider, 070
 * TaxCalculator, 071 ShippingRates. The place-order workflow (server/workflows/place-order.server.ts) asks them and
 * the order records the provider and the amounts they gave.
 */
import { MANUAL_PAYMENT_INSTRUCTIONS } from './mails';
import { ORDER_STATUS } from './promo';

/** What the checkout asks a payment provider to collect for an order. */
export type PaymentRequest = { amountCents: number; currencyCode: string; email: string };

/** How the order stands after the provider's answer, and what the shopper is told about paying. */
export type PaymentOutcome = {
  status: typeof ORDER_STATUS.awaitingPayment | typeof ORDER_STATUS.awaitingFulfillment;
  /** The provider's reference of the payment (null: none yet, e.g. an invoice not raised). */
  reference: string | null;
  /** One sentence for the confirmation mail. */
  instructions: string;
};

/** What the order desk asks a provider to pay back (decision 092): part or all of what an order paid. */
export type RefundRequest = { orderId: number; amountCents: number; currencyCode: string; reason: string };

export type RefundOutcome = {
  /** The provider's reference of the refund (null: none, e.g. paid back by hand). */
  reference: string | null;
  /** One sentence for the refund mail: how the money comes back. */
  instructions: string;
};

export type PaymentProvider = {
  /** Recorded on the order (`orders.payment_provider`). */
  id: string;
  /** Asked inside the order's transaction, before the order is written: a refusal throws and nothing is placed. */
  collect(request: PaymentRequest): Promise<PaymentOutcome>;
  /**
   * Asked inside the refund's (or the paid order's cancel's) transaction, after its guarded update won: a refusal
   * throws and nothing is refunded or recorded.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
};

/** What the manual provider tells the shopper of a refund. */
export const MANUAL_REFUND_INSTRUCTIONS =
  'Refund: we will pay the amount back to you the way you paid (manual payment).';

/**
 * The first adapter (SPEC §9 embedded default; Medusa's `system` provider): manual payment by invoice. Nothing is
 * charged now; the order awaits payment and staff record it.
 */
export const manualPayment: PaymentProvider = {
  id: 'manual',
  async collect() {
    return {
      status: ORDER_STATUS.awaitingPayment,
      reference: null,
      instructions: MANUAL_PAYMENT_INSTRUCTIONS,
    };
  },
  async refund() {
    return { reference: null, instructions: MANUAL_REFUND_INSTRUCTIONS };
  },
};

/** What tax is asked about: the goods after discounts, the shipping, and where they go. */
export type TaxRequest = { itemsCents: number; shippingCents: number; countryCode: string; region: string };

export type TaxQuote = {
  /** Tax in cents: part of the prices when `included`, added to the total otherwise. */
  taxCents: number;
  included: boolean;
};

export type TaxCalculator = { id: string; quote(request: TaxRequest): Promise<TaxQuote> };

/** The first adapter (SPEC §9 "Tax shows $0.00 when tax is included"): prices include tax; nothing is added. */
export const taxIncluded: TaxCalculator = {
  id: 'included',
  async quote() {
    return { taxCents: 0, included: true };
  },
};

/** What shipping is quoted for: the units that ship (gift cards do not) and their value. */
export type ShippingRequest = { units: number; itemsCents: number; countryCode: string };

/** `shippingCents` null: nothing ships (gift cards only). */
export type ShippingQuote = { shippingCents: number | null };

export type ShippingRates = { id: string; quote(request: ShippingRequest): Promise<ShippingQuote> };

/** The first adapter (SPEC §9 "Shipping shows FREE whenever shipping is present"): every order ships free. */
export const freeShipping: ShippingRates = {
  id: 'free',
  async quote({ units }) {
    return { shippingCents: units > 0 ? 0 : null };
  },
};
