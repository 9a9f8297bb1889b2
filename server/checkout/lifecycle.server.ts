/**
 * Guarded transitions of an order (issue 25 §1, decision 092), inside the caller's transaction: the order is read,
 * the state machine (lifecycle.ts) decides, and one conditional `UPDATE … WHERE id = ? AND status = <read> AND
 * refunded_cents = <read>` makes the change. Two transitions at once on one order: PostgreSQL re-checks the guard on
 * the row the first one locked, so the second matches nothing and is told what the order became (PGlite runs one
 * transaction at a time, so the second reads the first's result). The change is recorded in `order_events` in the
 * same transaction: who, when, from, to and what it carried.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { formatPrice } from '../pricing/public';
import { decide, orderStatusWords, refundTarget, type OrderAction, type OrderStatus } from './lifecycle';
import { orderEvents, orderLines, orders } from './schema';

/** Who makes a change: a staff user (by id), the customer (or a promotional order's approver), or the system. */
export type OrderActor =
  | { kind: 'staff'; staffUserId: number }
  | { kind: 'customer'; customerId?: number | null }
  | { kind: 'system' };

export type TransitionRequest = {
  orderId: number;
  action: OrderAction;
  actor: OrderActor;
  /** `ship`: the carrier and its tracking number. */
  shipment?: { carrier: string; trackingNumber: string };
  /** `refund`: how much and why. */
  refund?: { amountCents: number; reason: string };
  /** `cancel`: why (optional). */
  reason?: string;
  /** A refund's form key: the same submit twice refunds once. */
  idempotencyKey?: string | null;
};

/** The order as the transition found it. */
export type TransitionedOrder = {
  id: number;
  email: string;
  totalCents: number;
  paymentProvider: string | null;
  isPromoOrder: boolean;
};

export type TransitionOutcome =
  | {
      ok: true;
      order: TransitionedOrder;
      from: OrderStatus;
      to: OrderStatus;
      /** A repeat: the order was already there, nothing was written. */
      unchanged: boolean;
      /** Money this transition gives back (a refund, or a cancel of a paid order), in cents. */
      refundCents: number;
    }
  | { ok: false; status: 400 | 404 | 409; message: string };

export const LIFECYCLE_MESSAGES = {
  notFound: 'This order does not exist.',
  refused: (id: number, words: string, action: OrderAction) =>
    `Order #${id} is ${words}: it cannot be ${PAST[action]}.`,
  changed: (id: number, words: string) =>
    `Order #${id} changed meanwhile and is now ${words}. Nothing was done: please check it and try again.`,
  amount: (remainingCents: number) =>
    remainingCents > 0
      ? `Enter an amount from $0.01 to ${formatPrice(remainingCents)}.`
      : 'Nothing is left to refund on this order.',
} as const;

const PAST: Record<OrderAction, string> = {
  pay: 'marked paid',
  approve: 'approved',
  decline: 'declined',
  ship: 'shipped',
  deliver: 'marked delivered',
  cancel: 'canceled',
  refund: 'refunded',
};

/** What can still be refunded: what was paid less what was refunded. */
export function refundable(order: {
  paidAt: Date | null;
  totalCents: number;
  refundedCents: number;
}): number {
  return Math.max(0, (order.paidAt ? order.totalCents : 0) - order.refundedCents);
}

/**
 * Runs one transition inside `tx`. `during` runs after the guarded update won and before the event is written
 * (return stock, ask the payment provider): its answer joins the event's details, and a throw rolls it all back.
 */
export async function transitionOrder(
  tx: Tx,
  request: TransitionRequest,
  now: Date,
  during?: (
    outcome: Extract<TransitionOutcome, { ok: true }>,
  ) => Promise<Record<string, string | number | null | undefined> | void>,
): Promise<TransitionOutcome> {
  const { orderId, action } = request;
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || orderId > 2_147_483_647)
    return { ok: false, status: 404, message: LIFECYCLE_MESSAGES.notFound };
  const read = async () =>
    (
      await tx
        .select({
          id: orders.id,
          status: orders.status,
          email: orders.email,
          totalCents: orders.totalCents,
          refundedCents: orders.refundedCents,
          paidAt: orders.paidAt,
          paymentProvider: orders.paymentProvider,
          isPromoOrder: orders.isPromoOrder,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
    )[0];
  const row = await read();
  if (!row) return { ok: false, status: 404, message: LIFECYCLE_MESSAGES.notFound };
  const order: TransitionedOrder = {
    id: row.id,
    email: row.email,
    totalCents: row.totalCents,
    paymentProvider: row.paymentProvider,
    isPromoOrder: row.isPromoOrder,
  };
  const words = (status: string) => orderStatusWords(status, { isPromoOrder: row.isPromoOrder });

  if (request.idempotencyKey) {
    const [earlier] = await tx
      .select({ from: orderEvents.fromStatus, to: orderEvents.toStatus, orderId: orderEvents.orderId })
      .from(orderEvents)
      .where(eq(orderEvents.idempotencyKey, request.idempotencyKey));
    if (earlier && earlier.orderId === orderId)
      return {
        ok: true,
        order,
        from: earlier.from as OrderStatus,
        to: earlier.to as OrderStatus,
        unchanged: true,
        refundCents: 0,
      };
  }

  const decision = decide(row.status, action);
  if (!decision.ok)
    return { ok: false, status: 409, message: LIFECYCLE_MESSAGES.refused(row.id, words(row.status), action) };
  const from = row.status as OrderStatus;
  if (decision.unchanged) return { ok: true, order, from, to: from, unchanged: true, refundCents: 0 };

  let to = decision.to;
  let refundCents = 0;
  const set: Partial<typeof orders.$inferInsert> = { status: to, statusChangedAt: now };
  const details: Record<string, string | number> = {};
  if (action === 'pay') set.paidAt = now;
  if (action === 'approve' || action === 'decline') set.decidedAt = now;
  if (action === 'ship') {
    const shipment = request.shipment!;
    set.carrier = shipment.carrier;
    set.trackingNumber = shipment.trackingNumber;
    details.carrier = shipment.carrier;
    details.trackingNumber = shipment.trackingNumber;
  }
  if (action === 'cancel') {
    // A cancelled order that was paid gives its money back, all that is left of it.
    refundCents = refundable(row);
    if (refundCents > 0) set.refundedCents = row.refundedCents + refundCents;
    if (request.reason) details.reason = request.reason;
  }
  if (action === 'refund') {
    const remaining = refundable(row);
    const amount = request.refund?.amountCents ?? 0;
    const target = refundTarget(remaining, amount);
    if (!target) return { ok: false, status: 400, message: LIFECYCLE_MESSAGES.amount(remaining) };
    to = target;
    set.status = target;
    refundCents = amount;
    set.refundedCents = row.refundedCents + amount;
    details.reason = request.refund!.reason;
  }
  if (refundCents > 0) details.amountCents = refundCents;

  const won = await tx
    .update(orders)
    .set(set)
    .where(
      and(eq(orders.id, row.id), eq(orders.status, row.status), eq(orders.refundedCents, row.refundedCents)),
    )
    .returning({ id: orders.id });
  if (won.length === 0) {
    const current = (await read())?.status ?? row.status;
    // The same transition made meanwhile (a double submit): a repeat, not a refusal.
    if (action !== 'refund' && current === to)
      return { ok: true, order, from: to, to, unchanged: true, refundCents: 0 };
    return { ok: false, status: 409, message: LIFECYCLE_MESSAGES.changed(row.id, words(current)) };
  }
  const outcome = { ok: true as const, order, from, to, unchanged: false, refundCents };
  for (const [name, value] of Object.entries((await during?.(outcome)) ?? {}))
    if (value !== null && value !== undefined) details[name] = value;
  await tx.insert(orderEvents).values({
    orderId: row.id,
    actor: request.actor.kind,
    staffUserId: request.actor.kind === 'staff' ? request.actor.staffUserId : null,
    fromStatus: from,
    toStatus: to,
    details,
    idempotencyKey: request.idempotencyKey ?? null,
    createdAt: now,
  });
  return outcome;
}

/** Records an order's placing (its first event) inside the transaction that writes it. */
export async function recordPlaced(
  tx: Tx,
  input: { orderId: number; status: string; actor: OrderActor; now: Date; details?: Record<string, string> },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: input.orderId,
    actor: input.actor.kind,
    staffUserId: input.actor.kind === 'staff' ? input.actor.staffUserId : null,
    fromStatus: null,
    toStatus: input.status,
    details: input.details ?? {},
    createdAt: input.now,
  });
}

/** The units an order took from stock (its catalogue lines; a repair's service line took none). */
export async function stockOfOrder(
  tx: Tx,
  orderId: number,
): Promise<{ sku: string; warehouse: string; quantity: number }[]> {
  return tx
    .select({ sku: orderLines.sku, warehouse: orderLines.warehouse, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.productId} > 0`))
    .orderBy(orderLines.id);
}
