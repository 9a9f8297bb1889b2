/**
 * The customers context's part of an account deletion (issue 26 §4; decision 101) and the do-not-sell choice
 * (SPEC §6 `dns_flag`). The deletion workflow (server/workflows/delete-account.server.ts) runs `eraseCustomer` in
 * its transaction.
 *
 * An erased customer stays as a row with nothing personal in it (a tombstone): its id is what the orders kept for
 * accounting and the repair records were made by, and the foreign keys of other contexts' tables keep pointing at
 * something. Its e-mail becomes `deleted-<id>@deleted.invalid` (RFC 2606: no mailbox), so the address is free to
 * register again and no sign-in, reset or guest-order claim ever finds the old account; it has no password, is not
 * enabled, and its names, phone, consents, flags, addresses, pro applications and newsletter sign-up are gone.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.server';
import {
  addresses,
  customerFlags,
  customers,
  newsletterSubscriptions,
  proProgramApplications,
} from './schema';

/** The domain of an erased customer's e-mail (and of anonymised orders': server/checkout/anonymise.server.ts). */
export const ERASED_EMAIL_DOMAIN = 'deleted.invalid';

export const erasedEmail = (customerId: number) => `deleted-${customerId}@${ERASED_EMAIL_DOMAIN}`;

/** Whether an e-mail is one an erasure wrote (the account is deleted already). */
export const isErasedEmail = (email: string) => email.toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`);

/**
 * Erases the customer's personal data in the caller's transaction: the customer row is locked first, so two
 * deletions at once take turns and the second finds it erased. Answers the e-mail the account had (for the other
 * contexts' parts, which find data by address), or null when there is no such customer or it is erased already.
 */
export async function eraseCustomer(tx: Tx, customerId: number): Promise<{ email: string } | null> {
  const [row] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!row || isErasedEmail(row.email)) return null;
  const address = row.email.trim().toLowerCase();
  await tx.delete(addresses).where(eq(addresses.customerId, customerId));
  await tx.delete(proProgramApplications).where(eq(proProgramApplications.customerId, customerId));
  await tx.delete(customerFlags).where(eq(customerFlags.customerId, customerId));
  await tx.delete(newsletterSubscriptions).where(eq(sql`lower(${newsletterSubscriptions.email})`, address));
  await tx
    .update(customers)
    .set({
      email: erasedEmail(customerId),
      firstName: '',
      lastName: '',
      phone: '',
      passwordHash: null,
      isEnabled: false,
      customerGroupId: null,
      emailSubscribed: false,
      smsSubscribed: false,
      // Whatever a signed-in viewer carried of them is out of date (decision 055).
      viewerVersion: sql`${customers.viewerVersion} + 1`,
      viewerChangedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(customers.id, customerId));
  return { email: row.email };
}

/** Whether the customer was erased (a tombstone); false for a customer that does not exist. */
export async function isErasedCustomer(db: Database, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), like(customers.email, `%@${ERASED_EMAIL_DOMAIN}`)))
    .limit(1);
  return row !== undefined;
}

/**
 * SPEC §6 / §3 do-not-sell choice, saved on the customer's flags; the customer's viewer version moves on, so every
 * signed-in session of theirs carries the new flag from its next request (decision 055). False: no such customer
 * (or an erased one).
 */
export async function setDoNotSell(tx: Tx, customerId: number, doNotSell: boolean): Promise<boolean> {
  const [changed] = await tx
    .update(customers)
    .set({
      viewerVersion: sql`${customers.viewerVersion} + 1`,
      viewerChangedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(customers.id, customerId), sql`${customers.email} not like ${`%@${ERASED_EMAIL_DOMAIN}`}`))
    .returning({ id: customers.id });
  if (!changed) return false;
  await tx
    .insert(customerFlags)
    .values({ customerId, dnsFlag: doNotSell })
    .onConflictDoUpdate({ target: customerFlags.customerId, set: { dnsFlag: doNotSell } });
  return true;
}
