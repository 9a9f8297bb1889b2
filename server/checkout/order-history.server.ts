/**
 * A customer's order history as other contexts need it (SPEC §7 `POST /orders/products-history`): the products
 * they bought, newest first, one entry per order line. The checkout context owns the orders; this is its read.
 * The repair wizard offers these lines as the product to repair.
 */
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { SERVICE_PRODUCT_ID } from './repair-payment.server';
import { orderLines, orders } from './schema';

export type OrderedProduct = {
  orderId: number;
  orderLineId: number;
  productId: number;
  variantId: number;
  sku: string;
  name: string;
  imageUrl: string | null;
  options: { name: string; value: string }[];
  orderedAt: Date;
};

/** Orders that count as bought (a cancelled one does not). */
const BOUGHT = ['awaiting_payment', 'approval_pending', 'awaiting_fulfillment', 'completed'];

export async function productsHistory(
  db: Database,
  customerId: number,
  options: { limit?: number } = {},
): Promise<OrderedProduct[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      orderLineId: orderLines.id,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      sku: orderLines.sku,
      name: orderLines.name,
      imageUrl: orderLines.imageUrl,
      options: orderLines.options,
      orderedAt: orders.createdAt,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.status, BOUGHT),
        // A service line (a repair's payment) is not a product that can be repaired.
        gt(orderLines.productId, SERVICE_PRODUCT_ID),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orderLines.id))
    .limit(options.limit ?? 200);
  return rows;
}
