/**
 * The cart's half of the merge at sign-in (issue 10 §3, issue 11 §4; internal to the cart context): the table work
 * inside the workflow's transaction (server/workflows/merge-cart-on-sign-in.server.ts), which brings the prices and
 * the pro stock as functions.
 */
import { and, asc, desc, eq, or } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/database.server';
import type { PriceListKey, ViewerCustomer } from '../viewer/public';
import { cartGiftCertificates, cartLines, cartMetafields, carts } from './schema';
import type { LineSnapshot } from './types';
import { mergeCartLines, type ProStockOf } from './rules';
import { CART_ID, syncMetafields, writeLine } from './store.server';

/** The variants (and skus) of the carts a sign-in may merge: the customer's and the cookie's. */
export async function mergeCandidates(db: Database, customerId: number, cartId: string | null) {
  const cookieCart = cartId !== null && CART_ID.test(cartId) ? cartId.toLowerCase() : null;
  return db
    .selectDistinct({ variantId: cartLines.variantId, sku: cartLines.sku })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(
      cookieCart === null
        ? eq(carts.customerId, customerId)
        : or(eq(carts.customerId, customerId), eq(carts.id, cookieCart)),
    );
}

export type MergeInput = {
  customer: ViewerCustomer;
  priceList: PriceListKey;
  /** The cart of the cart cookie (null: none or not a cart id). */
  cookieCart: string | null;
  proStockOf: ProStockOf;
  /**
   * A merged line as the catalogue sells it now, priced for its quantity (a null price keeps the line's snapshot);
   * null for a variant gone from the catalogue (the line keeps its snapshot).
   */
  snapshot(variantId: number, warehouse: string, quantity: number): LineSnapshot | null;
};

/**
 * The anonymous cart of the cookie merged into the customer's latest cart (lines of one variant add up, at most 10;
 * gift cards move along) and removed, or made the customer's when they have none; either way its lines are written
 * afresh from the snapshots. Answers the cart the cookie names afterwards (null: none).
 */
export async function mergeInto(tx: Tx, clock: Clock, input: MergeInput): Promise<{ cartId: string | null }> {
  const { customer, cookieCart } = input;
  // The cookie's cart first, then the customer's: every sign-in locks in this order.
  let anonymous: string | null = null;
  if (cookieCart !== null) {
    const [row] = await tx
      .select({ id: carts.id, customerId: carts.customerId })
      .from(carts)
      .where(eq(carts.id, cookieCart))
      .for('update');
    if (row && row.customerId === customer.id) return { cartId: row.id };
    // Another customer's cart (a shared browser) is not theirs to take: it is left alone.
    if (row && row.customerId === null) anonymous = row.id;
  }
  const [own] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.customerId, customer.id))
    .orderBy(desc(carts.updatedAt), desc(carts.createdAt))
    .limit(1)
    .for('update');
  if (anonymous === null) return { cartId: own?.id ?? null };

  const linesOf = (id: string) =>
    tx
      .select()
      .from(cartLines)
      .where(eq(cartLines.cartId, id))
      .orderBy(asc(cartLines.createdAt), asc(cartLines.sku), asc(cartLines.warehouse));
  const targetId = own?.id ?? anonymous;
  const targetLines = own ? await linesOf(own.id) : [];
  const incoming = await linesOf(anonymous);
  const merged = mergeCartLines({ target: targetLines, incoming, proStockOf: input.proStockOf });

  let utm: Record<string, string> | undefined;
  if (own) {
    const moved = await tx
      .update(cartGiftCertificates)
      .set({ cartId: own.id })
      .where(eq(cartGiftCertificates.cartId, anonymous))
      .returning({ id: cartGiftCertificates.id });
    // SPEC §8: a promotional order cannot hold gift cards.
    if (moved.length > 0) await tx.update(carts).set({ isPromoOrder: false }).where(eq(carts.id, own.id));
    const [visit] = await tx
      .select({ value: cartMetafields.value })
      .from(cartMetafields)
      .where(and(eq(cartMetafields.cartId, anonymous), eq(cartMetafields.key, 'utm-parameters')));
    if (visit) utm = JSON.parse(visit.value) as Record<string, string>;
    await tx.delete(carts).where(eq(carts.id, anonymous));
  } else {
    // No cart of their own: the anonymous cart becomes theirs, its lines written afresh below.
    await tx.update(carts).set({ customerId: customer.id }).where(eq(carts.id, anonymous));
    await tx.delete(cartLines).where(eq(cartLines.cartId, anonymous));
  }

  for (const line of merged) {
    const sameKey = targetLines.find(
      (row) => row.variantId === line.variantId && row.warehouse === line.warehouse,
    );
    const source =
      sameKey ??
      targetLines.find((row) => row.variantId === line.variantId) ??
      incoming.find((row) => row.variantId === line.variantId)!;
    const firstIn = incoming.find((row) => row.variantId === line.variantId);
    const now = input.snapshot(line.variantId, line.warehouse, line.quantity);
    await writeLine(
      tx,
      targetId,
      {
        variantId: line.variantId,
        warehouse: line.warehouse,
        quantity: line.quantity,
        productId: now?.productId ?? source.productId,
        sku: now?.sku ?? source.sku,
        name: now?.name ?? source.name,
        imageUrl: now ? now.imageUrl : source.imageUrl,
        options: now?.options ?? source.options.filter((option) => option.name !== 'Warehouse'),
        listPriceCents: now?.listPriceCents ?? source.listPriceCents,
        salePriceCents: now?.salePriceCents ?? source.salePriceCents,
        createdAt: sameKey?.createdAt ?? firstIn?.createdAt ?? clock.now(),
      },
      'set',
    );
  }
  await tx.update(carts).set({ updatedAt: clock.now() }).where(eq(carts.id, targetId));
  await syncMetafields(tx, targetId, { cartId: targetId, customer, priceList: input.priceList }, utm);
  return { cartId: targetId };
}
