/**
 * The order desk's side of the checkout context (issue 25 §2, decision 093): orders found by status, date range,
 * number, customer name or e-mail, a page at a time; one order with its address and history; the rows of a CSV
 * export; and the transitions that touch only this context (mark paid, ship, mark delivered), each a guarded
 * transition in its own transaction followed by its mail. Cancel and refund span contexts (stock, the payment
 * provider): they are workflows (server/workflows/cancel-order.server.ts, refund-order.server.ts).
 */
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { orderStatusWords, type OrderStatus } from './lifecycle';
import { transitionOrder, type OrderActor, type TransitionOutcome } from './lifecycle.server';
import type { OrderMailStep } from './mails';
import { orderEvents, orderLines, orders } from './schema';

export const DESK_PAGE_SIZE = 25;
/** The CSV export's ceiling: a date range with more orders is cut here (the export says so in its last row). */
export const EXPORT_MAX_ROWS = 50_000;

export type DeskFilter = {
  status?: OrderStatus | null;
  /** Inclusive first day (UTC midnight) and exclusive end (the day after the last day). */
  from?: Date | null;
  until?: Date | null;
  /** An order number (`12`, `#12`), or part of the customer's name or e-mail. */
  query?: string | null;
  page?: number;
};

export type DeskOrderRow = {
  id: number;
  createdAt: string;
  status: string;
  isPromoOrder: boolean;
  email: string;
  customerName: string;
  totalCents: number;
  refundedCents: number;
  items: number;
};

export type DeskEvent = {
  id: number;
  at: string;
  actor: string;
  staffUserId: number | null;
  from: string | null;
  to: string;
  details: Record<string, string | number>;
};

export type DeskOrder = DeskOrderRow & {
  customerId: number | null;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  paymentProvider: string | null;
  paidAt: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  shipTo: Record<string, string>;
  lines: {
    sku: string;
    name: string;
    options: { name: string; value: string }[];
    quantity: number;
    unitCents: number;
  }[];
  events: DeskEvent[];
};

export type ExportRow = DeskOrderRow & {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  paidAt: string | null;
  carrier: string | null;
  trackingNumber: string | null;
};

/** `like` wildcards in what was typed are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const nameSql = sql<string>`trim(coalesce(${orders.billingAddress}->>'firstName', '') || ' ' || coalesce(${orders.billingAddress}->>'lastName', ''))`;
// Spelled out with its aliases: a correlated subquery must not let "id" resolve to the line's own.
const itemsSql = sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`;

const rowColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  isPromoOrder: orders.isPromoOrder,
  email: orders.email,
  customerName: nameSql,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
  items: itemsSql,
};

function whereOf(filter: DeskFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
  if (filter.until) conditions.push(lt(orders.createdAt, filter.until));
  const query = filter.query?.trim().toLowerCase() ?? '';
  if (query !== '') {
    const number = /^#?(\d{1,9})$/.exec(query);
    const like = `%${escapeLike(query)}%`;
    const matches: SQL[] = [sql`lower(${orders.email}) like ${like}`, sql`lower(${nameSql}) like ${like}`];
    if (number) matches.push(eq(orders.id, Number(number[1])));
    conditions.push(or(...matches)!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const toRow = (row: {
  id: number;
  createdAt: Date;
  status: string;
  isPromoOrder: boolean;
  email: string;
  customerName: string;
  totalCents: number;
  refundedCents: number;
  items: number;
}): DeskOrderRow => ({ ...row, createdAt: row.createdAt.toISOString(), items: Number(row.items) });

export type OrderDesk = ReturnType<typeof createOrderDesk>;

export function createOrderDesk(deps: {
  db: Database;
  clock: Clock;
  /** The checkout's mail of a step (after the commit). */
  mailStep(orderId: number, step: OrderMailStep): Promise<void>;
  /** Durable before acknowledged (the database handle's `sync`). */
  sync?: () => Promise<void>;
}) {
  const { db } = deps;

  /** One transition in its own transaction, then durable and its mail queued (when it changed the order). */
  async function move(
    orderId: number,
    request: Omit<Parameters<typeof transitionOrder>[1], 'orderId'>,
    step: (outcome: Extract<TransitionOutcome, { ok: true }>) => OrderMailStep | null,
  ): Promise<TransitionOutcome> {
    const outcome = await db.transaction((tx) =>
      transitionOrder(tx, { ...request, orderId }, deps.clock.now()),
    );
    if (outcome.ok && !outcome.unchanged) {
      await deps.sync?.();
      const mail = step(outcome);
      if (mail) await deps.mailStep(orderId, mail);
    }
    return outcome;
  }

  return {
    /** Orders matching `filter`, newest first, one page (1-based) at a time. */
    async list(filter: DeskFilter) {
      const where = whereOf(filter);
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(orders)
        .where(where);
      const total = Number(count?.total ?? 0);
      const pageCount = Math.max(1, Math.ceil(total / DESK_PAGE_SIZE));
      const page = Math.min(Math.max(Math.trunc(filter.page ?? 1) || 1, 1), pageCount);
      const rows = await db
        .select(rowColumns)
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(DESK_PAGE_SIZE)
        .offset((page - 1) * DESK_PAGE_SIZE);
      return { orders: rows.map(toRow), page, pageCount, total };
    },

    /** One order with its lines, address and history; null when there is none. */
    async detail(id: number): Promise<DeskOrder | null> {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
      const [row] = await db
        .select({
          ...rowColumns,
          customerId: orders.customerId,
          subtotalCents: orders.subtotalCents,
          discountCents: orders.discountCents,
          shippingCents: orders.shippingCents,
          taxCents: orders.taxCents,
          paymentProvider: orders.paymentProvider,
          paidAt: orders.paidAt,
          carrier: orders.carrier,
          trackingNumber: orders.trackingNumber,
          shipTo: orders.billingAddress,
        })
        .from(orders)
        .where(eq(orders.id, id));
      if (!row) return null;
      const [lines, events] = await Promise.all([
        db
          .select({
            sku: orderLines.sku,
            name: orderLines.name,
            options: orderLines.options,
            quantity: orderLines.quantity,
            unitCents: orderLines.unitPriceCents,
          })
          .from(orderLines)
          .where(eq(orderLines.orderId, id))
          .orderBy(asc(orderLines.id)),
        db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id)),
      ]);
      return {
        ...toRow(row),
        customerId: row.customerId,
        subtotalCents: row.subtotalCents,
        discountCents: row.discountCents,
        shippingCents: row.shippingCents,
        taxCents: row.taxCents,
        paymentProvider: row.paymentProvider,
        paidAt: row.paidAt?.toISOString() ?? null,
        carrier: row.carrier,
        trackingNumber: row.trackingNumber,
        shipTo: row.shipTo ?? {},
        lines,
        events: events.map((event) => ({
          id: event.id,
          at: event.createdAt.toISOString(),
          actor: event.actor,
          staffUserId: event.staffUserId,
          from: event.fromStatus,
          to: event.toStatus,
          details: event.details,
        })),
      };
    },

    /** Orders placed in [from, until), oldest first, for the CSV export (at most EXPORT_MAX_ROWS + 1: cut shows). */
    async exportRows(from: Date, until: Date): Promise<ExportRow[]> {
      const rows = await db
        .select({
          ...rowColumns,
          subtotalCents: orders.subtotalCents,
          discountCents: orders.discountCents,
          shippingCents: orders.shippingCents,
          taxCents: orders.taxCents,
          paidAt: orders.paidAt,
          carrier: orders.carrier,
          trackingNumber: orders.trackingNumber,
        })
        .from(orders)
        .where(and(gte(orders.createdAt, from), lt(orders.createdAt, until)))
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(EXPORT_MAX_ROWS + 1);
      return rows.map((row) => ({ ...row, ...toRow(row), paidAt: row.paidAt?.toISOString() ?? null }));
    },

    /** The history of an order as the customer's page shows it (oldest first). */
    async events(orderIds: readonly number[]) {
      if (orderIds.length === 0) return [];
      return db
        .select({
          orderId: orderEvents.orderId,
          from: orderEvents.fromStatus,
          to: orderEvents.toStatus,
          at: orderEvents.createdAt,
          details: orderEvents.details,
        })
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, [...orderIds]))
        .orderBy(asc(orderEvents.id));
    },

    /**
     * The status of each order (a repair's payment order: the repair list says what My Orders says), in words.
     * Only this customer's orders are answered (null: any order, for the staff desks).
     */
    async statusWords(customerId: number | null, orderIds: readonly number[]): Promise<Map<number, string>> {
      const ids = orderIds.filter((id) => Number.isSafeInteger(id) && id > 0);
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: orders.id, status: orders.status, isPromoOrder: orders.isPromoOrder })
        .from(orders)
        .where(
          customerId === null
            ? inArray(orders.id, ids)
            : and(inArray(orders.id, ids), eq(orders.customerId, customerId)),
        );
      return new Map(
        rows.map((row) => [row.id, orderStatusWords(row.status, { isPromoOrder: row.isPromoOrder })]),
      );
    },

    /** Staff records the payment of an order awaiting it. */
    markPaid: (orderId: number, actor: OrderActor) =>
      move(orderId, { action: 'pay', actor }, () => ({ kind: 'paid' })),

    /** Staff ships an order that is paid (or approved), with its carrier and tracking number. */
    ship: (orderId: number, actor: OrderActor, shipment: { carrier: string; trackingNumber: string }) =>
      move(orderId, { action: 'ship', actor, shipment }, () => ({ kind: 'shipped', ...shipment })),

    /** Staff records that a shipped order arrived. */
    markDelivered: (orderId: number, actor: OrderActor) =>
      move(orderId, { action: 'deliver', actor }, () => ({ kind: 'delivered' })),
  };
}
