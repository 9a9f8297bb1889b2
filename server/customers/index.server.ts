/**
 * The customers context's service: customers, their group and flags (SPEC §3) as other contexts need them. The
 * sign-in provider keeps credentials here (`credentials`, `setPassword`, `enable`); the storefront loads a signed-in
 * customer's profile, group and flags with `profile`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { customerFlags, customerGroups, customers, newsletterSubscriptions } from '../db/schema';
import type { CustomerGroup } from './groups.server';

export type CustomerCredentials = {
  id: number;
  email: string;
  firstName: string;
  passwordHash: string | null;
  isEnabled: boolean;
};

/** SPEC §3 customer flags. */
export type CustomerFlags = {
  promoOrder: boolean;
  proUser: boolean;
  shedUser: boolean;
  isApplicationAboutToExpire: boolean;
  isShedApplicationAboutToExpire: boolean;
  proProgramApplicationStatus: string | null;
  shedApplicationStatus: string | null;
  dnsFlag: boolean;
};

export type CustomerProfile = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  emailSubscribed: boolean;
  smsSubscribed: boolean;
  group: CustomerGroup | null;
  flags: CustomerFlags;
};

export const NO_FLAGS: CustomerFlags = {
  promoOrder: false,
  proUser: false,
  shedUser: false,
  isApplicationAboutToExpire: false,
  isShedApplicationAboutToExpire: false,
  proProgramApplicationStatus: null,
  shedApplicationStatus: null,
  dnsFlag: false,
};

export type CustomersService = {
  /** The credentials of the account with this e-mail (case-insensitive), or null. */
  credentials(email: string): Promise<CustomerCredentials | null>;
  credentialsById(id: number): Promise<CustomerCredentials | null>;
  setPassword(id: number, passwordHash: string): Promise<void>;
  /** Activates the account; true when it was not active before (the caller then sends the welcome mail). */
  enable(id: number): Promise<boolean>;
  /** Profile, group and flags of a customer, or null when there is no such customer. */
  profile(id: number): Promise<CustomerProfile | null>;
  /**
   * A new customer, not enabled until their e-mail is verified; `exists` when the e-mail (case-insensitive) is
   * taken. The group is the one named (an associate group by e-mail domain), else Consumer.
   */
  create(input: NewCustomer): Promise<{ ok: true; id: number } | { ok: false; reason: 'exists' }>;
  /** SPEC §7 newsletter subscription; an address subscribed already stays as it is (not an error). */
  subscribe(input: {
    email: string;
    acceptsMarketingNewsletter: boolean;
    acceptsAbandonedCartEmails: boolean;
  }): Promise<{ created: boolean }>;
};

export type NewCustomer = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  emailSubscribed: boolean;
  smsSubscribed: boolean;
  passwordHash: string;
  groupName: string | null;
  proUser: boolean;
};

const normalEmail = (email: string) => email.trim().toLowerCase();

export function createCustomersService({ db }: { db: Database }): CustomersService {
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

    async subscribe(input) {
      const rows = await db
        .insert(newsletterSubscriptions)
        .values({
          email: input.email.trim(),
          acceptsMarketingNewsletter: input.acceptsMarketingNewsletter,
          acceptsAbandonedCartEmails: input.acceptsAbandonedCartEmails,
        })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscriptions.id });
      return { created: rows.length > 0 };
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
      };
    },
  };
}
