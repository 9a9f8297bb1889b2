/**
 * Accounts: credentials for the sign-in provider, creation at sign-up, the profile the storefront loads at sign-in
 * and the account area edits, and newsletter subscriptions (SPEC §3, §7).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import type { Logger } from '../logger';
import { customerFlags, customerGroups, customers, newsletterSubscriptions } from './schema';
import { NEWSLETTER_FAILED, NO_FLAGS, type CustomersService } from './types';

type AccountsService = Pick<
  CustomersService,
  | 'credentials'
  | 'credentialsById'
  | 'setPassword'
  | 'enable'
  | 'create'
  | 'updateProfile'
  | 'subscribe'
  | 'unsubscribe'
  | 'profile'
>;

const normalEmail = (email: string) => email.trim().toLowerCase();

export function createAccounts({ db, logger }: { db: Database; logger: Logger }): AccountsService {
  const credentialColumns = {
    id: customers.id,
    email: customers.email,
    firstName: customers.firstName,
    passwordHash: customers.passwordHash,
    isEnabled: customers.isEnabled,
  };
  return {
    async credentials(email) {
      const [row] = await db
        .select(credentialColumns)
        .from(customers)
        .where(eq(sql`lower(${customers.email})`, normalEmail(email)))
        .limit(1);
      return row ?? null;
    },

    async credentialsById(id) {
      const [row] = await db.select(credentialColumns).from(customers).where(eq(customers.id, id)).limit(1);
      return row ?? null;
    },

    async setPassword(id, passwordHash) {
      await db
        .update(customers)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(customers.id, id));
    },

    async enable(id) {
      const rows = await db
        .update(customers)
        .set({ isEnabled: true, updatedAt: sql`now()` })
        .where(and(eq(customers.id, id), eq(customers.isEnabled, false)))
        .returning({ id: customers.id });
      return rows.length > 0;
    },

    async create(input) {
      return db.transaction(async (tx) => {
        const [group] = await tx
          .select({ id: customerGroups.id })
          .from(customerGroups)
          .where(eq(customerGroups.name, input.groupName ?? 'Consumer'))
          .limit(1);
        const [row] = await tx
          .insert(customers)
          .values({
            email: input.email.trim(),
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone,
            emailSubscribed: input.emailSubscribed,
            smsSubscribed: input.smsSubscribed,
            passwordHash: input.passwordHash,
            isEnabled: false,
            customerGroupId: group?.id ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: customers.id });
        if (!row) return { ok: false as const, reason: 'exists' as const };
        await tx.insert(customerFlags).values({ customerId: row.id, proUser: input.proUser });
        return { ok: true as const, id: row.id };
      });
    },

    async updateProfile(id, update) {
      const rows = await db
        .update(customers)
        .set({ ...update, updatedAt: sql`now()` })
        .where(eq(customers.id, id))
        .returning({ id: customers.id });
      return rows.length > 0;
    },

    async subscribe(input) {
      try {
        const rows = await db
          .insert(newsletterSubscriptions)
          .values({
            email: input.email.trim(),
            acceptsMarketingNewsletter: input.acceptsMarketingNewsletter,
            acceptsAbandonedCartEmails: input.acceptsAbandonedCartEmails,
          })
          .onConflictDoNothing()
          .returning({ id: newsletterSubscriptions.id });
        if (rows.length > 0) return { ok: true, started: true };
        // Subscribed before: back on the list if it had unsubscribed (the welcome goes again), else as it was.
        const back = await db
          .update(newsletterSubscriptions)
          .set({ acceptsMarketingNewsletter: true })
          .where(
            and(
              eq(sql`lower(${newsletterSubscriptions.email})`, normalEmail(input.email)),
              eq(newsletterSubscriptions.acceptsMarketingNewsletter, false),
            ),
          )
          .returning({ id: newsletterSubscriptions.id });
        return { ok: true, started: back.length > 0 };
      } catch (error) {
        // The logger withholds the statement and its parameters (the address); the cause says what failed.
        logger.error('newsletter subscription failed', { error });
        return { ok: false, message: NEWSLETTER_FAILED };
      }
    },
    async unsubscribe(email) {
      const address = normalEmail(email);
      await db.transaction(async (tx) => {
        await tx
          .update(newsletterSubscriptions)
          .set({ acceptsMarketingNewsletter: false })
          .where(eq(sql`lower(${newsletterSubscriptions.email})`, address));
        await tx
          .update(customers)
          .set({ emailSubscribed: false, updatedAt: sql`now()` })
          .where(and(eq(sql`lower(${customers.email})`, address), eq(customers.emailSubscribed, true)));
      });
    },

    async profile(id) {
      const [row] = await db
        .select({ customer: customers, group: customerGroups, flags: customerFlags })
        .from(customers)
        .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
        .leftJoin(customerFlags, eq(customerFlags.customerId, customers.id))
        .where(eq(customers.id, id))
        .limit(1);
      if (!row) return null;
      const { customer, group, flags } = row;
      return {
        id: customer.id,
        email: customer.email,
        firstName: customer.firstName,
        lastName: customer.lastName,
        phone: customer.phone,
        emailSubscribed: customer.emailSubscribed,
        smsSubscribed: customer.smsSubscribed,
        group: group
          ? {
              id: group.id,
              name: group.name,
              isGovXUser: group.isGovXUser,
              discountMethod: group.discountMethod,
              discountAmount: Number(group.discountAmount),
            }
          : null,
        flags: flags
          ? {
              promoOrder: flags.promoOrder,
              proUser: flags.proUser,
              shedUser: flags.shedUser,
              isApplicationAboutToExpire: flags.isApplicationAboutToExpire,
              isShedApplicationAboutToExpire: flags.isShedApplicationAboutToExpire,
              proProgramApplicationStatus: flags.proProgramApplicationStatus,
              shedApplicationStatus: flags.shedApplicationStatus,
              dnsFlag: flags.dnsFlag,
            }
          : NO_FLAGS,
        viewerVersion: customer.viewerVersion,
      };
    },
  };
}
