/**
 * Refund an order (issue 25 §1, decision 092): part or all of what a shipped or delivered order paid, with a reason,
 * through the payment provider that took it, in one transaction with the checkout's guarded transition (the amount
 * at most what is left; two refunds at once: one wins, the other is told the order changed; the same submit twice,
 * by its form key: refunded once). The mail goes out after the commit. Stock is not touched: the goods went out.
 */
import {
  manualPayment,
  transitionOrder,
  type CheckoutService,
  type OrderActor,
  type PaymentProvider,
  type TransitionOutcome,
} from '../checkout/index.server';
import { restoreGiftCardRedemptions } from '../cart/index.server';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { CURRENCY, NoPaymentProvider, providerOf } from './cancel-order.server';

export type RefundOrderWorkflow = (
  orderId: number,
  actor: OrderActor,
  refund: { amountCents: number; reason: string; idempotencyKey?: string | null },
) => Promise<TransitionOutcome>;

export function createRefundOrder(deps: {
  db: Database;
  clock: Clock;
  checkout: Pick<CheckoutService, 'mailStep'>;
  payments?: readonly PaymentProvider[];
  sync?: () => Promise<void>;
}): RefundOrderWorkflow {
  const payments = deps.payments ?? [manualPayment];
  return async (orderId, actor, { amountCents, reason, idempotencyKey }) => {
    let refundInstructions: string | undefined;
    const outcome = await deps.db.transaction((tx) =>
      transitionOrder(
        tx,
        { orderId, action: 'refund', actor, refund: { amountCents, reason }, idempotencyKey },
        deps.clock.now(),
        async (won) => {
          // The refund that completes it puts back onto the gift cards what they paid (issue 26 §1); the provider
          // refunds the rest. A partial refund goes through the provider (decision 092).
          const restoredCents =
            won.to === 'refunded' ? await restoreGiftCardRedemptions(tx, won.order.id) : 0;
          const providerCents = Math.max(0, won.refundCents - restoredCents);
          const cards = restoredCents > 0 ? { giftCardsRestoredCents: restoredCents } : {};
          if (providerCents === 0) return cards;
          const provider = providerOf(payments, won.order.paymentProvider);
          if (!provider) throw new NoPaymentProvider(won.order.paymentProvider);
          const refund = await provider.refund({
            orderId: won.order.id,
            amountCents: providerCents,
            currencyCode: CURRENCY,
            reason,
          });
          refundInstructions = refund.instructions;
          return { refundReference: refund.reference, ...cards };
        },
      ),
    );
    if (outcome.ok && !outcome.unchanged) {
      await deps.sync?.();
      await deps.checkout.mailStep(orderId, {
        kind: 'refunded',
        amountCents: outcome.refundCents,
        reason,
        refundInstructions,
      });
    }
    return outcome;
  };
}
