/**
 * The cart's table work inside a caller's transaction (internal to the cart context): locking a cart, writing and
 * reading its lines, its gift cards and its cart_info metafields. The service (index.server.ts) and the workflows
 * that compose it (server/workflows/) reach these through the service only.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { cartGiftCertificates, cartLines, cartMetafields, carts } from './schema';
import { CART_MESSAGES } from './messages';
import type { CartActor, CartFailure, GiftCertificateInput, LineWrite } from './types';
import { giftCardName, giftCardProblem, GIFT_CARD_MESSAGES, type GiftCardModel } from './gift-cards';
import { PRO_WAREHOUSE } from './rules';

export const fail = (status: 400 | 404, message: string, clearCookie = false): CartFailure => ({
  ok: false,
  status,
  message,
  clearCookie,
});

/** Thrown inside a transaction to roll it back with a failure the caller returns. */
export class CartRejection extends Error {
  constructor(readonly failure: CartFailure) {
    super(failure.message);
  }
}

export const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Locks the actor's cart row for the transaction, or rejects: no cookie, gone, or another customer's. */
export async function lockCart(tx: Tx, actor: CartActor, cartId: string | null) {
  if (cartId === null) throw new CartRejection(fail(404, CART_MESSAGES.cartNotCreated));
  if (!CART_ID.test(cartId)) throw new CartRejection(fail(404, CART_MESSAGES.cartIdNotFound, true));
  const [cart] = await tx
    .select({ id: carts.id, customerId: carts.customerId })
    .from(carts)
    .where(eq(carts.id, cartId))
    .for('update');
  if (!cart) throw new CartRejection(fail(404, CART_MESSAGES.cartIdNotFound, true));
  if (cart.customerId !== null && cart.customerId !== (actor.customer?.id ?? null)) {
    throw new CartRejection(fail(404, CART_MESSAGES.customerIdNotFound, true));
  }
  if (cart.customerId === null && actor.customer !== null) {
    // An anonymous cart becomes the customer's once they act on it signed in.
    await tx.update(carts).set({ customerId: actor.customer.id }).where(eq(carts.id, cart.id));
  }
  return cart;
}

/** A line of the cart, or a rejection (SPEC §8 has no words for it: CART_MESSAGES.lineNotFound). */
export async function findLine(tx: Tx, cartId: string, lineId: string) {
  if (!CART_ID.test(lineId)) throw new CartRejection(fail(404, CART_MESSAGES.lineNotFound));
  const [line] = await tx
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)));
  if (!line) throw new CartRejection(fail(404, CART_MESSAGES.lineNotFound));
  return line;
}

/**
 * Writes a line (one row per variant and warehouse). `add`: its quantity is added to the line's in the database,
 * capped at 10 (SPEC §9), so concurrent adds each count. `set`: the line holds exactly that quantity.
 */
export async function writeLine(tx: Tx, cartId: string, line: LineWrite, mode: 'add' | 'set') {
  await tx
    .insert(cartLines)
    .values({
      cartId,
      productId: line.productId,
      variantId: line.variantId,
      sku: line.sku,
      name: line.name,
      imageUrl: line.imageUrl,
      options:
        line.warehouse === PRO_WAREHOUSE
          ? [...line.options, { name: 'Warehouse', value: PRO_WAREHOUSE }]
          : line.options,
      quantity: line.quantity,
      listPriceCents: line.listPriceCents,
      salePriceCents: line.salePriceCents,
      warehouse: line.warehouse,
      ...(line.createdAt ? { createdAt: line.createdAt } : {}),
    })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.variantId, cartLines.warehouse],
      set: {
        quantity:
          mode === 'add' ? sql`least(${cartLines.quantity} + excluded.quantity, 10)` : sql`excluded.quantity`,
        listPriceCents: sql`excluded.list_price_cents`,
        salePriceCents: sql`excluded.sale_price_cents`,
      },
    });
}

/** Gift cards into the cart, each checked against the content model (SPEC §3); a promotional flag goes. */
export async function addGiftCertificates(
  tx: Tx,
  cartId: string,
  model: GiftCardModel,
  gifts: readonly GiftCertificateInput[],
  /** The store's clock: the send date's window (decision 089) is counted from its day. */
  now: Date,
) {
  if (gifts.length === 0) return;
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(cartGiftCertificates)
    .where(eq(cartGiftCertificates.cartId, cartId));
  let inCart = Number(held?.count ?? 0);
  for (const gift of gifts) {
    const name = giftCardName(gift.recipientName, gift.sendOn);
    const problem = giftCardProblem(
      model,
      { name, amountDollars: gift.amountDollars, sendOn: gift.sendOn, now },
      inCart,
    );
    if (problem) throw new CartRejection(fail(400, GIFT_CARD_MESSAGES[problem](model)));
    await tx.insert(cartGiftCertificates).values({
      cartId,
      name,
      recipientName: gift.recipientName.trim(),
      recipientEmail: gift.recipientEmail.trim().toLowerCase(),
      senderName: gift.senderName.trim(),
      senderEmail: gift.senderEmail.trim().toLowerCase(),
      message: gift.message ?? '',
      amountCents: gift.amountDollars * 100,
      sendOn: gift.sendOn.toISOString().slice(0, 10),
    });
    inCart += 1;
  }
  // SPEC §8: a promotional order cannot hold gift cards.
  await tx.update(carts).set({ isPromoOrder: false }).where(eq(carts.id, cartId));
}

/** SPEC §3 metafields (namespace cart_info), rewritten in the transaction of every change. */
export async function syncMetafields(
  tx: Tx,
  cartId: string,
  actor: CartActor,
  utm?: Readonly<Record<string, string>>,
) {
  const lines = await tx
    .select({ sku: cartLines.sku, quantity: cartLines.quantity, warehouse: cartLines.warehouse })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.sku), asc(cartLines.warehouse));
  const flags = actor.customer?.flags;
  const values: Record<string, string> = {
    'cart-items': JSON.stringify(lines),
    'customer-group': actor.customer?.groupName ?? '',
    'pro-status': flags?.proUser ? 'pro' : flags?.shedUser ? 'shed' : 'none',
    dns_flag: String(flags?.dnsFlag ?? false),
  };
  if (utm && Object.keys(utm).length > 0) values['utm-parameters'] = JSON.stringify(utm);
  await tx
    .insert(cartMetafields)
    .values(Object.entries(values).map(([key, value]) => ({ cartId, key, value })))
    .onConflictDoUpdate({
      target: [cartMetafields.cartId, cartMetafields.namespace, cartMetafields.key],
      set: { value: sql`excluded.value` },
    });
}
