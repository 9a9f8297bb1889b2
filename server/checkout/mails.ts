/** The checkout's mails about an order (internal to the checkout context): its lines as text and the confirmation. */
import { formatPrice } from '../pricing/public';
import type { OrderView } from './types';

export function orderLinesText(order: OrderView): string[] {
  return order.lines.map(
    (line) => `${line.quantity} × ${line.name} (${line.sku}) ${formatPrice(line.unitCents * line.quantity)}`,
  );
}

export function confirmationMail(order: OrderView) {
  const text = [
    `Thank you for your order #${order.id}.`,
    '',
    ...orderLinesText(order),
    '',
    `Total: ${formatPrice(order.totalCents)}`,
    order.isPromoOrder
      ? 'This is a promotional order: nothing is charged. It ships once it is approved.'
      : 'Payment: we will contact you to arrange payment (manual payment).',
  ].join('\n');
  return {
    to: order.email,
    template: 'order-confirmation',
    subject: `Your order #${order.id}`,
    text,
  };
}
