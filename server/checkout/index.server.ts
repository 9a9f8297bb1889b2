/**
 * The checkout context (SPEC §5, §7 "Orders and checkout"; issue 11 §8–9): the embedded checkout places an order
 * from the shopper's cart. One transaction does it all: lock the cart, take the stock with guarded decrements
 * (never below zero), write the order and its lines (prices snapshotted), remove the cart. The place-order form
 * carries an idempotency key, unique on orders, so a repeated submit returns the same order. The confirmation mail
 * is queued after the commit. Payment is the manual provider: the order is placed awaiting payment.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { CartActor, CartService } from '../cart/index.server';
import { CART_MESSAGES, overLimitMessage } from '../cart/index.server';
import type { Database } from '../db/database.server';
import { orderLines, orders } from '../db/schema';
import { returnStock, takeStock } from '../inventory/index.server';
import type { Logger } from '../logger';
import type { MailService } from '../mail/index.server';
import { formatPrice } from '../pricing/format';
import type { ApproverPage, PromoApprover } from '../customers/promo-approvers.server';
import type { OrderView, PromoOrderView } from './types';
import {
  ORDER_STATUS,
  PROMO_APPROVALS_PATH,
  PROMO_MESSAGES,
  PROMO_ORDER_PATH,
  PROMO_PAGE_SIZE,
} from './promo';

export type * from './types';
export type { ApproverPage, PromoApprover } from '../customers/promo-approvers.server';
export * from './regions';
export * from './promo';

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
export type PlacePromoOrderInput = PlaceOrderInput & { approverId: number };
export type PromoDecision = 'approve' | 'reject';

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
  /**
   * SPEC §4/§7 POST /order/promotion (decision 045): a promo user's promotional order, placed as an order is
   * (stock taken in the same transaction) but free of charge and pending the chosen approver's approval.
   */
  placePromoOrder(actor: CartActor, input: PlacePromoOrderInput): Promise<PlaceOrderResult>;
  /** SPEC §7 GET /users/promotion-order-approval?limit&page: the approval users, one page at a time. */
  approvers(options: { limit: number; page: number }): Promise<ApproverPage>;
  /** The approval user with this customer id, or null. */
  approver(customerId: number): Promise<PromoApprover | null>;
  /** The promotional orders waiting for this approver, oldest first, one page (1-based) at a time. */
  promoApprovals(
    approverId: number,
    options: { page: number; pageSize?: number },
  ): Promise<{ orders: PromoOrderView[]; page: number; pageCount: number; total: number }>;
  /** An approver approves (awaiting fulfillment) or rejects (declined, stock given back) a promotional order. */
  decidePromoOrder(
    approverId: number,
    orderId: number,
    decision: PromoDecision,
  ): Promise<{ ok: true; order: OrderView } | { ok: false; status: 404 | 409; message: string }>;
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
  /** The customers context's answers about promotional orders (server/customers/promo-approvers.server.ts). */
  promo: {
    isPromoUser(customerId: number): Promise<boolean>;
    approver(id: number): Promise<PromoApprover | null>;
    approvers(options: { limit: number; page: number }): Promise<ApproverPage>;
  };
  /** Makes a committed order durable before it is acknowledged (the database handle's `sync`). */
  sync?: () => Promise<void>;
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
      isPromoOrder: row.isPromoOrder,
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

  /** Queues a mail about an order after its commit; the order stands if the mail cannot be queued (it is logged). */
  async function queueMail(orderId: number, mail: Parameters<MailService['enqueue']>[0]) {
    try {
      await deps.mail.enqueue(mail);
    } catch (error) {
      deps.logger.error('order mail not queued', { orderId, template: mail.template, error: String(error) });
    }
  }

  async function place(
    actor: CartActor,
    input: PlaceOrderInput,
    promo: PromoApprover | null,
  ): Promise<PlaceOrderResult> {
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
    if (promo !== null && !view.isPromoOrder) {
      return {
        ok: false,
        status: 409,
        message:
          view.giftCertificates.length > 0 ? CART_MESSAGES.giftCardsBlockPromo : PROMO_MESSAGES.notFlagged,
      };
    }
    const subtotalCents =
      view.lines.reduce((sum, line) => sum + line.extendedCents, 0) +
      view.giftCertificates.reduce((sum, gift) => sum + gift.amountCents, 0);
    // A promotional order is free of charge: the goods' value is its subtotal and, all of it, its discount.
    const discountCents = promo ? subtotalCents : Math.min(view.discountAmountCents, subtotalCents);
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
            status: promo ? ORDER_STATUS.approvalPending : ORDER_STATUS.awaitingPayment,
            email: input.email.trim().toLowerCase(),
            isPromoOrder: promo !== null,
            approverId: promo?.id ?? null,
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
    // Acknowledged only once durable (README "Durability"; the embedded database fsyncs its WAL here).
    await deps.sync?.();
    const [order] = await loadOrders(eq(orders.id, orderId));
    await queueMail(orderId, confirmationMail(order!));
    return { ok: true, order: order!, replayed: false };
  }

  return {
    async checkoutUrl(actor) {
      const got = await checkable(actor);
      if (!got.ok) return got;
      return { ok: true, url: got.view.isPromoOrder ? PROMO_ORDER_PATH : CHECKOUT_PATH };
    },

    placeOrder: (actor, input) => place(actor, input, null),

    async placePromoOrder(actor, input) {
      if (input.idempotencyKey) {
        const earlier = await byKey(input.idempotencyKey);
        if (earlier) return { ok: true, order: earlier, replayed: true };
      }
      if (!actor.customer) return { ok: false, status: 400, message: PROMO_MESSAGES.signIn };
      if (!(await deps.promo.isPromoUser(actor.customer.id))) {
        return { ok: false, status: 400, message: PROMO_MESSAGES.notPromoUser };
      }
      const approver = await deps.promo.approver(input.approverId);
      if (!approver) return { ok: false, status: 400, message: PROMO_MESSAGES.noApprover };
      const placed = await place(actor, input, approver);
      if (placed.ok && !placed.replayed) {
        await queueMail(placed.order.id, {
          to: approver.email,
          template: 'promo-order-approval',
          subject: `Promotional order #${placed.order.id} awaits your approval`,
          text: [
            `${placed.order.email} placed promotional order #${placed.order.id}.`,
            '',
            ...orderLinesText(placed.order),
            '',
            `Approve or reject it at ${PROMO_APPROVALS_PATH}.`,
          ].join('\n'),
        });
      }
      return placed;
    },

    approvers: (options) => deps.promo.approvers(options),
    approver: (customerId) => deps.promo.approver(customerId),

    async promoApprovals(approverId, options) {
      const pageSize = Math.min(Math.max(options.pageSize ?? PROMO_PAGE_SIZE, 1), 50);
      const where = and(
        eq(orders.approverId, approverId),
        eq(orders.isPromoOrder, true),
        eq(orders.status, ORDER_STATUS.approvalPending),
      )!;
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(orders)
        .where(where);
      const total = Number(count?.total ?? 0);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const page = Math.min(Math.max(Math.trunc(options.page) || 1, 1), pageCount);
      const rows = await db
        .select({ id: orders.id, address: orders.billingAddress })
        .from(orders)
        .where(where)
        .orderBy(orders.createdAt, orders.id)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const views = await loadOrders(
        inArray(
          orders.id,
          rows.map((row) => row.id),
        ),
        pageSize,
      );
      const byId = new Map(views.map((view) => [view.id, view]));
      return {
        orders: rows.flatMap((row) => {
          const view = byId.get(row.id);
          return view ? [{ ...view, shipTo: row.address ?? {} }] : [];
        }),
        page,
        pageCount,
        total,
      };
    },

    async decidePromoOrder(approverId, orderId, decision) {
      if (!Number.isSafeInteger(orderId) || orderId <= 0) {
        return { ok: false, status: 404, message: PROMO_MESSAGES.notWaiting };
      }
      const outcome = await db.transaction(async (tx) => {
        const [order] = await tx
          .select({
            id: orders.id,
            status: orders.status,
            approverId: orders.approverId,
            isPromoOrder: orders.isPromoOrder,
          })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
        if (!order || !order.isPromoOrder || order.approverId !== approverId) {
          return { ok: false as const, status: 404 as const, message: PROMO_MESSAGES.notWaiting };
        }
        if (order.status !== ORDER_STATUS.approvalPending) {
          return { ok: false as const, status: 409 as const, message: PROMO_MESSAGES.decided(order.id) };
        }
        if (decision === 'reject') {
          // A rejected promotional order ships nothing: the stock it took is on sale again.
          const lines = await tx
            .select({ sku: orderLines.sku, warehouse: orderLines.warehouse, quantity: orderLines.quantity })
            .from(orderLines)
            .where(eq(orderLines.orderId, order.id));
          await returnStock(tx, lines);
        }
        await tx
          .update(orders)
          .set({
            status: decision === 'approve' ? ORDER_STATUS.awaitingFulfillment : ORDER_STATUS.declined,
            decidedAt: clock.now(),
          })
          .where(eq(orders.id, order.id));
        return { ok: true as const };
      });
      if (!outcome.ok) return outcome;
      await deps.sync?.();
      const [order] = await loadOrders(eq(orders.id, orderId));
      await queueMail(order!.id, {
        to: order!.email,
        template: 'promo-order-decision',
        subject:
          decision === 'approve'
            ? `Your promotional order #${order!.id} is approved`
            : `Your promotional order #${order!.id} is not approved`,
        text: [
          decision === 'approve'
            ? `Your promotional order #${order!.id} is approved and will ship soon.`
            : `Your promotional order #${order!.id} is not approved. Nothing will ship and nothing is charged.`,
          '',
          ...orderLinesText(order!),
        ].join('\n'),
      });
      return { ok: true, order: order! };
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

function orderLinesText(order: OrderView): string[] {
  return order.lines.map(
    (line) => `${line.quantity} × ${line.name} (${line.sku}) ${formatPrice(line.unitCents * line.quantity)}`,
  );
}

function confirmationMail(order: OrderView) {
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
