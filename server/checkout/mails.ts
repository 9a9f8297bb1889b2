/** The checkout's mails about an order (internal to the checkout context): its lines as text and the confirmation. */
import { formatPrice } from '../pricing/public';
import type { OrderView } from './types';

/** What the manual provider tells the shopper (ports.ts); also the mail of an order written elsewhere (a repair's). */
export const MANUAL_PAYMENT_INSTRUCTIONS =
  'Payment: we will contact you to arrange payment (manual payment).';

export function orderLinesText(order: OrderView): string[] {
  return order.lines.map(
    (line) => `${line.quantity} × ${line.name} (${line.sku}) ${formatPrice(line.unitCents * line.quantity)}`,
  );
}

/** A gift card of the order as its confirmation lists it: "{recipient} emailing on dd/mm/yyyy" (SPEC §3). */
export type OrderGiftCard = { name: string; recipientEmail: string; amountCents: number };

/** The gift cards of an order, one line each, as the order's lines are listed. */
export function giftCardsText(giftCards: readonly OrderGiftCard[]): string[] {
  return giftCards.map(
    (gift) => `1 × Gift card: ${gift.name} (to ${gift.recipientEmail}) ${formatPrice(gift.amountCents)}`,
  );
}

/** What a gift card paid of an order (issue 26 §1): the code's last characters only. */
export type OrderGiftCardPayment = { ending: string; amountCents: number };

/** The confirmation of an order: its lines and gift cards (the total counts both; issue 24 §4), and how it is paid. */
export function confirmationMail(
  order: OrderView,
  giftCards: readonly OrderGiftCard[] = [],
  paymentInstructions = MANUAL_PAYMENT_INSTRUCTIONS,
  giftCardPayments: readonly OrderGiftCardPayment[] = [],
) {
  const paidByCards = giftCardPayments.reduce((sum, card) => sum + card.amountCents, 0);
  const text = [
    `Thank you for your order #${order.id}.`,
    '',
    ...orderLinesText(order),
    ...giftCardsText(giftCards),
    '',
    `Total: ${formatPrice(order.totalCents)}`,
    ...giftCardPayments.map(
      (card) => `Paid by gift card ending ${card.ending}: −${formatPrice(card.amountCents)}`,
    ),
    ...(paidByCards > 0 ? [`Left to pay: ${formatPrice(Math.max(0, order.totalCents - paidByCards))}`] : []),
    order.isPromoOrder
      ? 'This is a promotional order: nothing is charged. It ships once it is approved.'
      : paymentInstructions,
  ].join('\n');
  return {
    to: order.email,
    template: 'order-confirmation',
    subject: `Your order #${order.id}`,
    text,
  };
}
