/**
 * The checkout context (SPEC §5, §7 "Orders and checkout"; issue 11 §8–9): orders, their lines, promotional orders'
 * approvals and the mails about them. Placing an order spans the cart, inventory, checkout, payment and mail: it is
 * the place-order workflow (server/workflows/place-order.server.ts, decision 068), which composes this service's
 * `review`, `writeOrder` and `placed` with the cart's and the inventory's in one transaction.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { CartActor, CartService } from '../cart/index.server';
import { CART_MESSAGES } from '../cart/index.server';
import type { CartView } from '../cart/index.server';
import type { Database, Tx } from '../db/database.server';
import { returnStock } from '../inventory/index.server';
import type { Logger } from '../logger';
import type { MailService } from '../mail/index.server';
import { orderLines, orders } from './schema';
import type { ApproverPage, OrderView, PromoApprover, PromoOrderView } from './types';
import {
  confirmationMail,
  orderLinesText,
  orderMail,
  type MailBrand,
  type MailOrder,
  type OrderGiftCard,
  type OrderGiftCardPayment,
  type OrderMailStep,
} from './mails';
import { ORDER_STATUS, PROMO_MESSAGES, PROMO_ORDER_PATH, PROMO_PAGE_SIZE } from './promo';
import { recordPlaced, transitionOrder } from './lifecycle.server';

export type * from './types';
export * from './regions';
export * from './promo';
export {
  giftCardsText,
  orderLinesText,
  type MailBrand,
  type OrderGiftCard,
  type OrderGiftCardPayment,
  type OrderMailStep,
} from './mails';
export * from './ports';
export * from './lifecycle';
export {
  LIFECYCLE_MESSAGES,
  stockOfOrder,
  transitionOrder,
  type OrderActor,
  type TransitionOutcome,
  type TransitionRequest,
} from './lifecycle.server';
export {
  createOrderDesk,
  DESK_PAGE_SIZE,
  EXPORT_MAX_ROWS,
  type DeskFilter,
  type OrderDesk,
} from './desk.server';
export { csvDollars, toCsv } from './csv';

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

export type PlaceOrderInput = {
  email: string;
  address: ShippingAddress;
  idempotencyKey: string | null;
  /**
   * What the shopper reviewed as paid by gift cards, in cents (decision 114); absent: 0. The order is refused when
   * the applied cards would pay anything else, so the provider is never asked for an amount the shopper did not see.
   */
  reviewedGiftCardCents?: number;
};
export type PlacePromoOrderInput = PlaceOrderInput & { approverId: number; origin?: string }; // origin: mail links
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
  /** Queues the mail of one step of an order's life (decision 094), after the step's commit. */
  mailStep(orderId: number, step: OrderMailStep): Promise<void>;

  // For the place-order workflow.
  /** The cart as it can be checked out, or why not (empty, a line over its stock). */
  review(actor: CartActor): Promise<{ ok: true; view: CartView } | PlaceOrderRefusal>;
  /** The order placed with this idempotency key, or null. */
  byIdempotencyKey(key: string): Promise<OrderView | null>;
  /** An order and where it ships, by its form's idempotency key (the placing page's secret): its confirmation. */
  confirmation(key: string): Promise<PromoOrderView | null>;
  /** Writes an order and its lines inside the workflow's transaction; answers its id. */
  writeOrder(tx: Tx, order: NewOrder): Promise<number>;
  /**
   * After the commit: durable (the database's sync), then read back and its confirmation mail queued (an order
   * stands if the mail cannot be queued: it is logged).
   */
  placed(
    orderId: number,
    extras?: {
      giftCards?: readonly OrderGiftCard[];
      paymentInstructions?: string;
      /** What gift cards paid of it (issue 26 §1). */
      giftCardPayments?: readonly OrderGiftCardPayment[];
    },
  ): Promise<OrderView>;
  /** Queues a mail about an order after its commit; logged when it cannot be queued. */
  queueMail(orderId: number, mail: Parameters<MailService['enqueue']>[0]): Promise<void>;
  /** Whether this customer may place promotional orders (the customers context's answer). */
  isPromoUser(customerId: number): Promise<boolean>;
};

export type PlaceOrderRefusal = Extract<PlaceOrderResult, { ok: false }>;

/** An order as the place-order workflow writes it: what it costs and how it is paid (SPEC §9 amounts). */
export type NewOrder = {
  customerId: number | null;
  cartId: string;
  status: string;
  email: string;
  isPromoOrder: boolean;
  approverId: number | null;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  paymentProvider: string | null;
  taxIncluded: boolean;
  billingAddress: Record<string, string>;
  idempotencyKey: string | null;
  lines: {
    productId: number;
    variantId: number;
    sku: string;
    name: string;
    imageUrl: string | null;
    options: { name: string; value: string }[];
    quantity: number;
    unitPriceCents: number;
    warehouse: string;
  }[];
};

export const CHECKOUT_PATH = '/checkout';

export const CART_CHANGED = 'Your cart changed while you were checking out. Please review it and try again.';
export const CART_EMPTY = 'Your cart is empty';
export const ORDER_PLACED = (id: number) => `Thank you! Your order #${id} is placed.`;

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
  /** The brand and public origin the order mails name and link to (`seo.json` siteName, `PUBLIC_URL`). */
  brand: MailBrand;
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
      paymentProvider: row.paymentProvider,
      taxIncluded: row.taxIncluded,
      paidAt: row.paidAt?.toISOString() ?? null,
      refundedCents: row.refundedCents,
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
      statusChangedAt: (row.statusChangedAt ?? row.createdAt).toISOString(),
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

  /** An order with where it ships, as its mails need it; null when there is none. */
  async function mailOrder(orderId: number): Promise<MailOrder | null> {
    const [order] = await loadOrders(eq(orders.id, orderId));
    if (!order) return null;
    const [row] = await db.select({ to: orders.billingAddress }).from(orders).where(eq(orders.id, orderId));
    return { ...order, shipTo: row?.to ?? {} };
  }

  /** The cart as it can be checked out, or why not. */
  async function checkable(actor: CartActor): Promise<{ ok: true; view: CartView } | PlaceOrderRefusal> {
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

  return {
    async checkoutUrl(actor) {
      const got = await checkable(actor);
      if (!got.ok) return got;
      return { ok: true, url: got.view.isPromoOrder ? PROMO_ORDER_PATH : CHECKOUT_PATH };
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
        // The guarded transition of every order (decision 092), recorded with the approver as its customer.
        const moved = await transitionOrder(
          tx,
          {
            orderId: order.id,
            action: decision === 'approve' ? 'approve' : 'decline',
            actor: { kind: 'customer', customerId: approverId },
          },
          clock.now(),
          async () => {
            // A rejected promotional order ships nothing: the stock it took is on sale again.
            if (decision === 'reject') {
              const lines = await tx
                .select({
                  sku: orderLines.sku,
                  warehouse: orderLines.warehouse,
                  quantity: orderLines.quantity,
                })
                .from(orderLines)
                .where(eq(orderLines.orderId, order.id));
              await returnStock(tx, lines);
            }
            return {};
          },
        );
        if (!moved.ok || moved.unchanged)
          return { ok: false as const, status: 409 as const, message: PROMO_MESSAGES.decided(order.id) };
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
            ? `Your ${deps.brand.siteName} promotional order #${order!.id} is approved`
            : `Your ${deps.brand.siteName} promotional order #${order!.id} is not approved`,
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

    review: checkable,

    byIdempotencyKey: byKey,

    async confirmation(key) {
      const order = key.length >= 16 && key.length <= 64 ? await byKey(key) : null;
      const where = eq(orders.id, order?.id ?? 0);
      const [row] = order ? await db.select({ to: orders.billingAddress }).from(orders).where(where) : [];
      return order ? { ...order, shipTo: row?.to ?? {} } : null;
    },

    async writeOrder(tx, { lines, ...order }) {
      const now = clock.now();
      // An order the provider confirmed paid at placing is paid from the start (a promotional one has nothing to pay).
      const paidAt = order.status === ORDER_STATUS.awaitingFulfillment && !order.isPromoOrder ? now : null;
      const [written] = await tx
        .insert(orders)
        .values({ ...order, paidAt, statusChangedAt: now, createdAt: now })
        .returning({ id: orders.id });
      if (lines.length > 0)
        await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: written!.id })));
      await recordPlaced(tx, {
        orderId: written!.id,
        status: order.status,
        actor:
          order.customerId === null
            ? { kind: 'customer' }
            : { kind: 'customer', customerId: order.customerId },
        now,
      });
      return written!.id;
    },

    async placed(orderId, extras = {}) {
      // Acknowledged only once durable (README "Durability"; the embedded database fsyncs its WAL here).
      await deps.sync?.();
      const order = await mailOrder(orderId);
      await queueMail(
        orderId,
        confirmationMail(
          order!,
          deps.brand,
          extras.giftCards,
          extras.paymentInstructions,
          extras.giftCardPayments,
        ),
      );
      const { shipTo: _shipTo, ...view } = order!;
      return view;
    },

    queueMail,

    isPromoUser: (customerId) => deps.promo.isPromoUser(customerId),

    async confirmOrder(orderId) {
      const order = await mailOrder(orderId);
      if (!order) return;
      try {
        await deps.mail.enqueue(confirmationMail(order, deps.brand));
      } catch (error) {
        deps.logger.error('order confirmation mail not queued', { orderId, error: String(error) });
      }
    },

    async mailStep(orderId, step) {
      const order = await mailOrder(orderId);
      if (order) await queueMail(orderId, orderMail(order, step, deps.brand));
    },
  };
}

export { productsHistory, type OrderedProduct } from './order-history.server';
export { writeRepairOrder, type RepairOrderInput } from './repair-payment.server';
export { claimGuestOrders } from './guest-orders.server';
export { anonymiseCustomerOrders } from './anonymise.server';
