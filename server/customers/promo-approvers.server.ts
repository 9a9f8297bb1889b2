/**
 * Promotional-order approval users (SPEC §6 "Promotion-order approval users exist", §7
 * `GET /users/promotion-order-approval?limit&page`; decision 045): customers whose `promo_approver` flag is set.
 * The customers context's answer for the checkout context (which places and decides promotional orders) and the
 * promo-order page (which lists them).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { customerFlags, customers } from './schema';

export type PromoApprover = { id: number; firstName: string; lastName: string; email: string };

export type ApproverPage = {
  approvers: PromoApprover[];
  page: number;
  limit: number;
  total: number;
};

const APPROVER = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
};

/** One page (1-based) of the enabled approval users, by name. */
export async function promoApprovers(
  db: Database,
  options: { limit: number; page: number },
): Promise<ApproverPage> {
  const limit = Math.min(Math.max(Math.trunc(options.limit) || 1, 1), 100);
  const page = Math.max(Math.trunc(options.page) || 1, 1);
  const where = and(eq(customerFlags.promoApprover, true), eq(customers.isEnabled, true));
  const [rows, [count]] = await Promise.all([
    db
      .select(APPROVER)
      .from(customers)
      .innerJoin(customerFlags, eq(customerFlags.customerId, customers.id))
      .where(where)
      .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(customers)
      .innerJoin(customerFlags, eq(customerFlags.customerId, customers.id))
      .where(where),
  ]);
  return { approvers: rows, page, limit, total: Number(count?.total ?? 0) };
}

/** The approval user with this id, or null when there is none (not a customer, not enabled, not an approver). */
export async function promoApprover(db: Database, id: number): Promise<PromoApprover | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db
    .select(APPROVER)
    .from(customers)
    .innerJoin(customerFlags, eq(customerFlags.customerId, customers.id))
    .where(and(eq(customers.id, id), eq(customerFlags.promoApprover, true), eq(customers.isEnabled, true)))
    .limit(1);
  return row ?? null;
}

/** Whether the customer may place promotional orders now (the `promo_order` flag, read from the database). */
export async function isPromoUser(db: Database, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const [row] = await db
    .select({ promo: customerFlags.promoOrder })
    .from(customerFlags)
    .where(eq(customerFlags.customerId, id))
    .limit(1);
  return row?.promo ?? false;
}

/** The answers the checkout context needs, over a database. */
export function promoLookups(db: Database) {
  return {
    isPromoUser: (customerId: number) => isPromoUser(db, customerId),
    approver: (id: number) => promoApprover(db, id),
    approvers: (options: { limit: number; page: number }) => promoApprovers(db, options),
  };
}
