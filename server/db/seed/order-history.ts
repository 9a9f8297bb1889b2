/**
 * Order history for the demo accounts, so the repair wizard's first step has products to pick (issue 13). Two past
 * orders of two lines each per account, chosen from the generated catalogue by position (deterministic for a seed),
 * dated in the past at fixed instants (the data never depends on the clock). Keyed by the accounts' e-mail
 * addresses: whatever ids the database gave the customers, their orders follow them.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../database.server';
import * as schema from '../schema';
import type { SeedData } from './generate';

export const ORDERS_PER_ACCOUNT = 2;
export const LINES_PER_ORDER = 2;

type Line = Omit<typeof schema.orderLines.$inferInsert, 'orderId'>;
export type DemoOrder = { email: string; createdAt: Date; lines: Line[] };

/** The orders of every demo account (pure: from the seed data alone). */
export function demoOrders(
  data: Pick<SeedData, 'demoAccounts' | 'products' | 'variants' | 'productImages' | 'productOptionValues'>,
): DemoOrder[] {
  const variants = data.variants.filter((variant) => !variant.purchasingDisabled);
  if (variants.length === 0) return [];
  const productById = new Map(data.products.map((product) => [product.id, product]));
  const labelById = new Map(data.productOptionValues.map((value) => [value.id, value.label]));
  const imageByProduct = new Map<number, string>();
  for (const image of data.productImages)
    if (!imageByProduct.has(image.productId)) imageByProduct.set(image.productId, image.url);

  const orders: DemoOrder[] = [];
  let cursor = 0;
  data.demoAccounts.forEach((account, accountIndex) => {
    for (let order = 0; order < ORDERS_PER_ACCOUNT; order += 1) {
      const lines: Line[] = [];
      for (let line = 0; line < LINES_PER_ORDER; line += 1) {
        // Spread the picks over the catalogue: a prime stride visits different products.
        cursor = (cursor + 97) % variants.length;
        const variant = variants[cursor]!;
        const product = productById.get(variant.productId);
        if (!product) continue;
        const color = variant.colorValueId ? labelById.get(variant.colorValueId) : undefined;
        const size = variant.sizeValueId ? labelById.get(variant.sizeValueId) : undefined;
        lines.push({
          productId: product.id,
          variantId: variant.id,
          sku: variant.sku,
          name: product.name,
          imageUrl: variant.imageUrl ?? imageByProduct.get(product.id) ?? null,
          options: [
            ...(color ? [{ name: 'Color', value: color }] : []),
            ...(size ? [{ name: 'Size', value: size }] : []),
          ],
          quantity: 1,
          unitPriceCents: variant.priceCents ?? product.priceCents,
        });
      }
      // Months back from a fixed day: the newest order first in each account's history.
      const createdAt = new Date(Date.UTC(2026, 8 - order * 3, 10 + accountIndex, 15, 0, 0));
      orders.push({ email: account.email, createdAt, lines });
    }
  });
  return orders;
}

/** Inserts the demo accounts' orders (after the accounts); returns the number of orders. */
export async function insertDemoOrderHistory(tx: Tx, data: SeedData): Promise<number> {
  const orders = demoOrders(data);
  if (orders.length === 0) return 0;
  const customers = await tx
    .select({ id: schema.customers.id, email: schema.customers.email })
    .from(schema.customers)
    .where(
      inArray(sql`lower(${schema.customers.email})`, [...new Set(orders.map((o) => o.email.toLowerCase()))]),
    );
  const idByEmail = new Map(customers.map((row) => [row.email.toLowerCase(), row.id]));
  let inserted = 0;
  for (const order of orders) {
    const customerId = idByEmail.get(order.email.toLowerCase());
    if (customerId === undefined || order.lines.length === 0) continue;
    const subtotal = order.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const [row] = await tx
      .insert(schema.orders)
      .values({
        customerId,
        status: 'completed',
        email: order.email,
        subtotalCents: subtotal,
        totalCents: subtotal,
        createdAt: order.createdAt,
      })
      .returning({ id: schema.orders.id });
    await tx.insert(schema.orderLines).values(order.lines.map((line) => ({ ...line, orderId: row!.id })));
    inserted += 1;
  }
  return inserted;
}
