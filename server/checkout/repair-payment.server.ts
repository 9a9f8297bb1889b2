/**
 * The checkout's repair-payment entry point (issue 13 §6, SPEC §7 `getcheckoutpaymenturl`): the order that pays a
 * repair desk's quote. The repairs context owns the use case (lock the repair, check the quote is due, write this
 * order, mark the repair paid, all in one transaction) and calls this inside its transaction; the checkout owns the
 * order it writes. One order per repair: its idempotency key is the repair's, unique on orders, so no interleaving
 * can pay a repair twice. Payment is the embedded checkout's manual provider, as for a cart's order.
 */
import type { Tx } from '../db/database.server';
import { recordPlaced } from './lifecycle.server';
import { orderLines, orders } from './schema';
import type { ShippingAddress } from './index.server';

export type RepairOrderInput = {
  customerId: number;
  repairId: number;
  /** The order line's name ("Warranty repair #12: Alpine Jacket"). */
  description: string;
  amountCents: number;
  email: string;
  address: ShippingAddress;
};

/** The order line of a repair payment is a service, not a catalogue product: product and variant id 0. */
export const SERVICE_PRODUCT_ID = 0;

export const repairOrderKey = (repairId: number) => `repair-payment:${repairId}`;

/** Writes the order paying a repair's quote inside `tx`; answers its id. */
export async function writeRepairOrder(tx: Tx, input: RepairOrderInput, now: Date): Promise<number> {
  const [order] = await tx
    .insert(orders)
    .values({
      customerId: input.customerId,
      cartId: null,
      status: 'awaiting_payment',
      email: input.email.trim().toLowerCase(),
      isPromoOrder: false,
      subtotalCents: input.amountCents,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: input.amountCents,
      billingAddress: { ...input.address },
      idempotencyKey: repairOrderKey(input.repairId),
      statusChangedAt: now,
      createdAt: now,
    })
    .returning({ id: orders.id });
  await tx.insert(orderLines).values({
    orderId: order!.id,
    productId: SERVICE_PRODUCT_ID,
    variantId: SERVICE_PRODUCT_ID,
    sku: `REPAIR-${input.repairId}`,
    name: input.description,
    imageUrl: null,
    options: [],
    quantity: 1,
    unitPriceCents: input.amountCents,
  });
  // An order like any other (decision 092): its history starts with its placing, by the customer.
  await recordPlaced(tx, {
    orderId: order!.id,
    status: 'awaiting_payment',
    actor: { kind: 'customer', customerId: input.customerId },
    now,
  });
  return order!.id;
}
