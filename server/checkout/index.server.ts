/**
 * The checkout context (SPEC §5, §7 "Orders and checkout"; issue 11 §8–9): the embedded checkout places an order
 * from the shopper's cart. One transaction does it all: lock the cart, take the stock with guarded decrements
 * (never below zero), write the order and its lines (prices snapshotted), remove the cart. The place-order form
 * carries an idempotency key, unique on orders, so a repeated submit returns the same order. The confirmation mail
 * is queued after the commit. Payment is the manual provider: the order is placed awaiting payment.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { CartActor, CartService } from '../cart/index.server';
import { CART_MESSAGES, overLimitMessage } from '../cart/index.server';
import type { Database } from '../db/database.server';
import { orderLines, orders } from '../db/schema';
import { takeStock } from '../inventory/index.server';
import type { Logger } from '../logger';
import type { MailService } from '../mail/index.server';
import { formatPrice } from '../pricing/format';
import type { OrderView } from './types';

export type * from './types';
export * from './regions';

export type ShippingAddress = {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  countryCode: string;
  stateOrProvince: string;
  postalCode: string;
};

export type PlaceOrderInput = { email: string; address: ShippingAddress; idempotencyKey: string | null };

export type PlaceOrderResult =
  | { ok: true; order: OrderView; replayed: boolean }
  | {
      ok: false;
      status: 400 | 404 | 409;
      message: string;
      /** Messages per cart line id (the inventory check). */
      lineProblems?: Record<string, string>;
      clearCookie?: boolean;
    };

export type CheckoutService = {
  /** SPEC §7 cart-checkout: where the embedded checkout of this cart is, when the cart can be checked out. */
  checkoutUrl(
    actor: CartActor,
  ): Promise<{ ok: true; url: string } | Extract<PlaceOrderResult, { ok: false }>>;
  placeOrder(actor: CartActor, input: PlaceOrderInput): Promise<PlaceOrderResult>;
  /** An order of this customer, or null. */
  order(id: number, customerId: number | null): Promise<OrderView | null>;
  /** The customer's orders, newest first (the account's order history). */
  ordersOf(customerId: number, options?: { limit?: number }): Promise<OrderView[]>;
  /** Queues the confirmation mail of an order written elsewhere (a repair's payment, repair-payment.server.ts). */
  confirmOrder(orderId: number): Promise<void>;
};

export const CHECKOUT_PATH = '/checkout';
export const CART_CHANGED = 'Your cart changed while you were checking out. Please review it and try again.';
export const CART_EMPTY = 'Your cart is empty';
export const ORDER_PLACED = (id: number) => `Thank you! Your order #${id} is placed.`;

class Rejection extends Error {
  constructor(readonly result: Extract<PlaceOrderResult, { ok: false }>) {
    super(result.message);
  }
}

const isUniqueViolation = (error: unknown): boolean => {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
};

export function createCheckoutService(deps: {
  db: Database;
  clock: Clock;
  cart: CartService;
  mail: MailService;
  logger: Logger;
}): CheckoutService {
  const { db, clock, cart } = deps;

  async function loadOrders(where: ReturnType<typeof eq>, limit = 1): Promise<OrderView[]> {
    const rows = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    if (rows.length === 0) return [];
    const lines = await db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(orderLines.id);
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      email: row.email,
      createdTime: row.createdAt.toISOString(),
      subtotalCents: row.subtotalCents,
      discountCents: row.discountCents,
      shippingCents: row.shippingCents,
      taxCents: row.taxCents,
      totalCents: row.totalCents,
      lines: lines
        .filter((line) => line.orderId === row.id)
        .map((line) => ({
          sku: line.sku,
          name: line.name,
          options: line.options,
          quantity: line.quantity,
          unitCents: line.unitPriceCents,
        })),
    }));
  }

  const byKey = async (key: string) => (await loadOrders(eq(orders.idempotencyKey, key)))[0] ?? null;

  /** The cart as it can be checked out, or why not. */
  async function checkable(actor: CartActor) {
    const view = await cart.getCart(actor);
    if (view === null)
      return { ok: false as const, status: 404 as const, message: CART_MESSAGES.cartNotCreated };
    if ('ok' in view) return { ...view, status: view.status === 400 ? (400 as const) : (404 as const) };
    if (view.lines.length === 0 && view.giftCertificates.length === 0)
      return { ok: false as const, status: 400 as const, message: CART_EMPTY };
    if (view.checkoutBlocked) {
      const lineProblems = Object.fromEntries(
        view.lines.flatMap((line) => (line.problem ? [[line.id, line.problem]] : [])),
      );
      return {
        ok: false as const,
        status: 409 as const,
        message: Object.values(lineProblems)[0] ?? CART_CHANGED,
        lineProblems,
      };
    }
    return { ok: true as const, view };
  }

  return {
    async checkoutUrl(actor) {
      const got = await checkable(actor);
      return got.ok ? { ok: true, url: CHECKOUT_PATH } : got;
    },

    async placeOrder(actor, input) {
      if (input.idempotencyKey) {
        const earlier = await byKey(input.idempotencyKey);
        if (earlier) return { ok: true, order: earlier, replayed: true };
      }
      const got = await checkable(actor);
      if (!got.ok) {
        // A repeat of a submit that placed the order meanwhile (its cart is gone): the same order.
        const earlier = input.idempotencyKey ? await byKey(input.idempotencyKey) : null;
        return earlier ? { ok: true, order: earlier, replayed: true } : got;
      }
      const { view } = got;
      const subtotalCents =
        view.lines.reduce((sum, line) => sum + line.extendedCents, 0) +
        view.giftCertificates.reduce((sum, gift) => sum + gift.amountCents, 0);
      const discountCents = Math.min(view.discountAmountCents, subtotalCents);
      let orderId: number;
      try {
        orderId = await db.transaction(async (tx) => {
          const locked = await cart.lockForCheckout(tx, actor);
          if (!locked.ok) throw new Rejection({ ...locked, status: 404 });
          // What is locked must be what was priced: otherwise the shopper reviews the cart again.
          const same =
            locked.lines.length === view.lines.length &&
            locked.giftCertificateIds.length === view.giftCertificates.length &&
            locked.lines.every((line) =>
              view.lines.some((shown) => shown.id === line.id && shown.quantity === line.quantity),
            );
          if (!same) throw new Rejection({ ok: false, status: 409, message: CART_CHANGED });
          const taken = await takeStock(
            tx,
            locked.lines.map((line) => ({
              sku: line.sku,
              warehouse: line.warehouse,
              quantity: line.quantity,
            })),
          );
          if (!taken.ok) {
            const lineProblems = Object.fromEntries(
              locked.lines
                .filter((line) =>
                  taken.short.some(
                    (short) =>
                      short.sku === line.sku && short.warehouse === (line.warehouse === '03' ? '03' : '02'),
                  ),
                )
                .map((line) => [line.id, overLimitMessage(0)]),
            );
            throw new Rejection({
              ok: false,
              status: 409,
              message: overLimitMessage(0),
              lineProblems,
            });
          }
          const [order] = await tx
            .insert(orders)
            .values({
              customerId: actor.customer?.id ?? null,
              cartId: view.id,
              status: 'awaiting_payment',
              email: input.email.trim().toLowerCase(),
              isPromoOrder: false,
              subtotalCents,
              discountCents,
              shippingCents: 0,
              taxCents: 0,
              totalCents: subtotalCents - discountCents,
              billingAddress: { ...input.address },
              idempotencyKey: input.idempotencyKey,
              createdAt: clock.now(),
            })
            .returning({ id: orders.id });
          if (view.lines.length > 0)
            await tx.insert(orderLines).values(
              view.lines.map((line) => ({
                orderId: order!.id,
                productId: line.productId,
                variantId: line.variantId,
                sku: line.sku,
                name: line.name,
                imageUrl: line.imageUrl,
                options: line.options,
                quantity: line.quantity,
                unitPriceCents: line.unitCents,
                warehouse: line.warehouse,
              })),
            );
          await cart.issueGiftCertificates(tx, view.id, order!.id);
          await cart.removeCart(tx, view.id);
          return order!.id;
        });
      } catch (error) {
        const earlier = input.idempotencyKey ? await byKey(input.idempotencyKey) : null;
        if (earlier && (error instanceof Rejection || isUniqueViolation(error))) {
          return { ok: true, order: earlier, replayed: true };
        }
        if (error instanceof Rejection) return error.result;
        throw error;
      }
      const [order] = await loadOrders(eq(orders.id, orderId));
      try {
        await deps.mail.enqueue(confirmationMail(order!));
      } catch (error) {
        // The order stands; a lost confirmation mail is logged (the account shows the order).
        deps.logger.error('order confirmation mail not queued', { orderId, error: String(error) });
      }
      return { ok: true, order: order!, replayed: false };
    },

    async order(id, customerId) {
      if (!Number.isSafeInteger(id) || id <= 0 || customerId === null) return null;
      const [order] = await loadOrders(and(eq(orders.id, id), eq(orders.customerId, customerId))!);
      return order ?? null;
    },

    async ordersOf(customerId, options = {}) {
      return loadOrders(eq(orders.customerId, customerId), options.limit ?? 50);
    },

    async confirmOrder(orderId) {
      const [order] = await loadOrders(eq(orders.id, orderId));
      if (!order) return;
      try {
        await deps.mail.enqueue(confirmationMail(order));
      } catch (error) {
        deps.logger.error('order confirmation mail not queued', { orderId, error: String(error) });
      }
    },
  };
}

function confirmationMail(order: OrderView) {
  const lines = order.lines.map(
    (line) => `${line.quantity} × ${line.name} (${line.sku}) ${formatPrice(line.unitCents * line.quantity)}`,
  );
  const text = [
    `Thank you for your order #${order.id}.`,
    '',
    ...lines,
    '',
    `Total: ${formatPrice(order.totalCents)}`,
    'Payment: we will contact you to arrange payment (manual payment).',
  ].join('\n');
  return {
    to: order.email,
    template: 'order-confirmation',
    subject: `Your order #${order.id}`,
    text,
  };
}
