/**
 * Tables of the checkout context: orders and their lines.
 * Other contexts reach them through this context's service, never directly; `server/db/schema.ts` gathers
 * every context's tables for drizzle-kit and the typed database handle.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/**
 * The customers table as this context's foreign keys name it: its key only (issue 22: a context never imports
 * another's tables). Not exported, so drizzle-kit sees the customers context's own definition of the table.
 */
const customers = pgTable('customers', { id: serial('id').primaryKey() });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    cartId: uuid('cart_id'),
    /** One of `ORDER_STATUSES` (lifecycle.ts, decision 092); changed only by a guarded transition. */
    status: text('status').notNull(),
    email: text('email').notNull(),
    isPromoOrder: boolean('is_promo_order').notNull().default(false),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /**
     * Which payment provider the order's total was asked of (decision 069; `manual` for orders before it): null for
     * an order with nothing to pay (a promotional order).
     */
    paymentProvider: text('payment_provider').default('manual'),
    /** The tax calculator's answer (decision 070): `tax_cents` is part of the prices (true) or added to them. */
    taxIncluded: boolean('tax_included').notNull().default(true),
    billingAddress: jsonb('billing_address').$type<Record<string, string>>(),
    idempotencyKey: text('idempotency_key'),
    /** A promotional order's approval user (decision 045), chosen by the promo user. */
    approverId: integer('approver_id').references(() => customers.id, { onDelete: 'set null' }),
    /** When the approver approved or rejected a promotional order. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the payment was recorded (staff, or the provider at placing); null while nothing is paid. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What was refunded so far (decision 092): a refund is at most `total_cents - refunded_cents`. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** When the status last changed (the guarded transitions set it). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_approval_idx').on(t.approverId, t.status, t.createdAt),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    options: jsonb('options').$type<{ name: string; value: string }[]>().notNull().default([]),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    warehouse: text('warehouse').notNull().default('02'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * An order's history (decision 092): one row per transition, written in the transaction that makes it — who
 * (`staff` with the staff user's id, the `customer`, or the `system`), when, from which status to which, and what
 * it carried (carrier and tracking number, refund amount and reason, the payment provider's reference).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** staff | customer | system */
    actor: text('actor').notNull(),
    /** The staff user who made it (server/staff names staff by id only). */
    staffUserId: integer('staff_user_id'),
    /** null: the order was placed. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    /** A refund's form key: the same submit twice refunds once. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    uniqueIndex('order_events_idempotency_key').on(t.idempotencyKey),
  ],
);
