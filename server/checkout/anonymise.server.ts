/**
 * The checkout context's part of an account deletion (issue 26 §4; decision 101), in the deletion workflow's
 * transaction: the orders are kept for accounting (lines, amounts, taxes, dates, status, payment) with the personal
 * data removed, as the privacy policy says (content/pages.json `/legal/privacy`): the e-mail becomes an address no
 * one receives (`deleted-order-<id>@deleted.invalid`), the address keeps only its country and state or province
 * (where the tax was due), names, street, city, postal code and phone are emptied, and the order no longer names
 * the customer. Orders placed as a guest with the account's e-mail are the same person's and are anonymised too.
 * Idempotent: an anonymised order has nothing left to remove.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { orders } from './schema';

/** Address fields an anonymised order keeps: where the order was taxed, nothing that finds the person. */
const KEPT_ADDRESS_FIELDS = new Set([
  'countryCode',
  'country_code',
  'country',
  'stateOrProvince',
  'state_or_province',
]);

/** An order's address with only its country and state or province left (every other field emptied). */
export function anonymisedAddress(address: Record<string, string> | null): Record<string, string> | null {
  if (!address) return null;
  return Object.fromEntries(
    Object.entries(address).map(([name, value]) => [name, KEPT_ADDRESS_FIELDS.has(name) ? value : '']),
  );
}

export const anonymisedOrderEmail = (orderId: number) => `deleted-order-${orderId}@deleted.invalid`;

/**
 * Anonymises the orders of the customer, and those placed as a guest with `email`; answers how many. The orders
 * stay where they are for the books; the customer's "My Orders" is gone with the account.
 */
export async function anonymiseCustomerOrders(tx: Tx, customerId: number, email: string): Promise<number> {
  const rows = await tx
    .select({ id: orders.id, address: orders.billingAddress })
    .from(orders)
    .where(or(eq(orders.customerId, customerId), eq(sql`lower(${orders.email})`, email.trim().toLowerCase())))
    .for('update');
  for (const row of rows) {
    await tx
      .update(orders)
      .set({
        email: anonymisedOrderEmail(row.id),
        billingAddress: anonymisedAddress(row.address),
        customerId: null,
      })
      .where(eq(orders.id, row.id));
  }
  // A promotional order this customer was to approve no longer names them (another approver decides it).
  await tx.update(orders).set({ approverId: null }).where(eq(orders.approverId, customerId));
  return rows.length;
}
