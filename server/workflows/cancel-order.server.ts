/**
 * Cancel an order (issue 25 §1, decision 092): the checkout's guarded transition, the inventory's stock and the
 * payment provider in one transaction. Only an order that has not shipped can be canceled; its stock is given back
 * (once: a second cancel, even at the same moment, finds the order canceled and returns nothing) and what it paid,
 * if anything, is refunded through the payment port. The mail goes out after the commit.
 */
import {
  manualPayment,
  stockOfOrder,
  transitionOrder,
  type CheckoutService,
  type OrderActor,
  type PaymentProvider,
  type TransitionOutcome,
} from '../checkout/index.server';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { restoreGiftCardRedemptions } from '../cart/index.server';
import { returnStock } from '../inventory/index.server';

export type CancelOrderWorkflow = (
  orderId: number,
  actor: OrderActor,
  options?: { reason?: string },
) => Promise<TransitionOutcome>;

export const CURRENCY = 'USD';

/** The provider that took an order's payment (`orders.payment_provider`); manual when it named none. */
export function providerOf(
  providers: readonly PaymentProvider[],
  id: string | null,
): PaymentProvider | undefined {
  return providers.find((provider) => provider.id === (id ?? manualPayment.id));
}

export class NoPaymentProvider extends Error {
  constructor(readonly providerId: string | null) {
    super(`No payment provider ${providerId ?? manualPayment.id} to refund through`);
  }
}

export function createCancelOrder(deps: {
  db: Database;
  clock: Clock;
  checkout: Pick<CheckoutService, 'mailStep'>;
  /** The payment providers an order may have been paid through (decision 069); the manual one by default. */
  payments?: readonly PaymentProvider[];
  sync?: () => Promise<void>;
}): CancelOrderWorkflow {
  const payments = deps.payments ?? [manualPayment];
  return async (orderId, actor, options = {}) => {
    let refundInstructions: string | undefined;
    const outcome = await deps.db.transaction((tx) =>
      transitionOrder(
        tx,
        { orderId, action: 'cancel', actor, reason: options.reason },
        deps.clock.now(),
        async (won) => {
          // Only the transition that won gives stock back: a repeat or a loser never gets here.
          await returnStock(tx, await stockOfOrder(tx, won.order.id));
          // What gift cards paid goes back onto the cards (issue 26 §1), paid or not yet; the provider refunds the rest.
          const restoredCents = await restoreGiftCardRedemptions(tx, won.order.id);
          const providerCents = Math.max(0, won.refundCents - restoredCents);
          if (providerCents === 0) return restoredCents > 0 ? { giftCardsRestoredCents: restoredCents } : {};
          const provider = providerOf(payments, won.order.paymentProvider);
          if (!provider) throw new NoPaymentProvider(won.order.paymentProvider);
          const refund = await provider.refund({
            orderId: won.order.id,
            amountCents: providerCents,
            currencyCode: CURRENCY,
            reason: options.reason || 'Order canceled',
          });
          refundInstructions = refund.instructions;
          return {
            refundReference: refund.reference,
            ...(restoredCents > 0 ? { giftCardsRestoredCents: restoredCents } : {}),
          };
        },
      ),
    );
    if (outcome.ok && !outcome.unchanged) {
      await deps.sync?.();
      await deps.checkout.mailStep(orderId, {
        kind: 'cancelled',
        refundCents: outcome.refundCents,
        refundInstructions,
      });
    }
    return outcome;
  };
}
