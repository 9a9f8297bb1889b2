/**
 * The customers context's service: customers, their group and flags (SPEC §3) as other contexts need them. The
 * sign-in provider keeps credentials here (`credentials`, `setPassword`, `enable`); the storefront loads a signed-in
 * customer's profile, group and flags with `profile`.
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.server';
import type { Logger } from '../logger';
import {
  addresses,
  customerFlags,
  customerGroups,
  customers,
  newsletterSubscriptions,
  proProgramApplications,
} from '../db/schema';
import type { CustomerGroup } from './groups.server';
import { groupAfterProApproval, PRO_PROGRAM_GROUP } from './pro-approval';
import { ViewerVersions, type ViewerChange } from './viewer-versions';

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
  /** Counts the changes to what a signed-in viewer carries of them (group, flags): decision 055. */
  viewerVersion: number;
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
   * The customer's latest `viewerVersion` as this process knows it, without a query of its own (decision 055):
   * changes made here count at once, changes made by other app servers once a look for changes (at most one per
   * `viewerCheckMs`, shared by all callers) has found them. 0 when nothing changed within a session's lifetime.
   */
  viewerVersionOf(id: number): Promise<number>;
  /**
   * A new customer, not enabled until their e-mail is verified; `exists` when the e-mail (case-insensitive) is
   * taken. The group is the one named (an associate group by e-mail domain), else Consumer.
   */
  create(input: NewCustomer): Promise<{ ok: true; id: number } | { ok: false; reason: 'exists' }>;
  /** The account area's profile form; false when there is no such customer. */
  updateProfile(id: number, update: ProfileUpdate): Promise<boolean>;
  /** The customer's saved addresses, the default first, then in the order they were added. */
  addresses(customerId: number): Promise<CustomerAddress[]>;
  /**
   * A new address (`addressId` null) or a change to one of theirs. The first address is the default; `makeDefault`
   * makes this one the default (and no other). `not-found`: not one of theirs; `too-many`: MAX_ADDRESSES already.
   */
  saveAddress(
    customerId: number,
    addressId: number | null,
    input: AddressInput,
  ): Promise<{ ok: true; id: number } | { ok: false; reason: 'not-found' | 'too-many' }>;
  /** Makes one of their addresses the default; false when it is not theirs. */
  setDefaultAddress(customerId: number, addressId: number): Promise<boolean>;
  /**
   * A pro program application: stored for review, the customer's status `pending`. Refused for a member and for
   * a customer whose application is pending already.
   */
  applyToProProgram(
    customerId: number,
    application: ProApplication,
  ): Promise<{ ok: true } | { ok: false; reason: 'member' | 'pending' }>;
  /** Pro program applications waiting for review, oldest first, with who sent them (the staff review screen). */
  pendingProApplications(): Promise<ProApplicationForReview[]>;
  /**
   * Staff approve or decline a pending application, in one transaction. Approval makes the customer a pro user in
   * the pro program's group (`groupAfterProApproval`), so their pricing and pro stock follow; declining leaves
   * them as they were. Both set the customer's `pro_program_application_status`. `decided`: it was no longer
   * pending (another member of staff was first).
   */
  decideProApplication(
    applicationId: number,
    decision: ProDecision,
  ): Promise<
    | { ok: true; customerId: number; email: string; firstName: string }
    | { ok: false; reason: 'not-found' | 'decided' }
  >;
  /**
   * SPEC §7 newsletter subscription; an address subscribed already stays as it is (not an error). A failure of the
   * store is `ok: false` with the sentence the form shows as is (SPEC §8 "a server error shows its string or
   * message"): `NEWSLETTER_FAILED`, never the database's own text, which is logged instead.
   */
  subscribe(input: {
    email: string;
    acceptsMarketingNewsletter: boolean;
    acceptsAbandonedCartEmails: boolean;
  }): Promise<{ ok: true; created: boolean } | { ok: false; message: string }>;
};

/** What the newsletter form shows when the subscription could not be stored (SPEC §8 gives no text for it). */
export const NEWSLETTER_FAILED = 'We could not subscribe you just now. Please try again in a few minutes.';

/** A saved address (SPEC §3: `form_fields` with `default_address` true marks the default). */
export type CustomerAddress = {
  id: number;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  countryCode: string;
  phone: string;
  isDefault: boolean;
};

export type AddressInput = Omit<CustomerAddress, 'id' | 'isDefault'> & { makeDefault: boolean };

/** What a customer may change of their profile (the e-mail is their sign-in name: not here). */
export type ProfileUpdate = {
  firstName: string;
  lastName: string;
  phone: string;
  emailSubscribed: boolean;
  smsSubscribed: boolean;
};

export type ProApplication = { organization: string; occupation: string; details: string };

export type ProDecision = 'approved' | 'rejected';

export type ProApplicationForReview = ProApplication & {
  id: number;
  customerId: number;
  firstName: string;
  lastName: string;
  email: string;
  groupName: string | null;
  createdAt: Date;
};

/** At most this many saved addresses per customer. */
export const MAX_ADDRESSES = 20;

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

export function createCustomersService({
  db,
  logger,
  viewerCheckMs = 0,
}: {
  db: Database;
  logger: Logger;
  /** How often at most `viewerVersionOf` looks for changes made elsewhere; 0: before every answer. */
  viewerCheckMs?: number;
}): CustomersService {
  const viewerVersions = new ViewerVersions((since) => selectViewerChanges(db, since), {
    minIntervalMs: viewerCheckMs,
  });
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

    async addresses(customerId) {
      const rows = await db
        .select()
        .from(addresses)
        .where(eq(addresses.customerId, customerId))
        .orderBy(asc(addresses.id));
      const all = rows.map(toAddress);
      return [...all.filter((address) => address.isDefault), ...all.filter((address) => !address.isDefault)];
    },

    async saveAddress(customerId, addressId, input) {
      return db.transaction(async (tx) => {
        // The customer's row, locked: two saves of one customer take turns (the count, the one default), also
        // before they have an address to lock.
        await lockCustomer(tx, customerId);
        const mine = await tx
          .select({ id: addresses.id, formFields: addresses.formFields })
          .from(addresses)
          .where(eq(addresses.customerId, customerId))
          .orderBy(asc(addresses.id))
          .for('update');
        const { makeDefault, ...fields } = input;
        let id: number;
        if (addressId === null) {
          if (mine.length >= MAX_ADDRESSES) return { ok: false as const, reason: 'too-many' as const };
          const [row] = await tx
            .insert(addresses)
            .values({ customerId, ...fields, formFields: [] })
            .returning({ id: addresses.id });
          id = row!.id;
          mine.push({ id, formFields: [] });
        } else {
          if (!mine.some((address) => address.id === addressId))
            return { ok: false as const, reason: 'not-found' as const };
          await tx
            .update(addresses)
            .set(fields)
            .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
          id = addressId;
        }
        const hasDefault = mine.some((address) => isDefaultAddress(address.formFields));
        if (makeDefault || !hasDefault) await markDefault(tx, mine, id);
        return { ok: true as const, id };
      });
    },

    async setDefaultAddress(customerId, addressId) {
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const mine = await tx
          .select({ id: addresses.id, formFields: addresses.formFields })
          .from(addresses)
          .where(eq(addresses.customerId, customerId))
          .for('update');
        if (!mine.some((address) => address.id === addressId)) return false;
        await markDefault(tx, mine, addressId);
        return true;
      });
    },

    async applyToProProgram(customerId, application) {
      return db.transaction(async (tx) => {
        // The customer's row, locked: a double submit makes one application.
        await tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.id, customerId))
          .for('update');
        const [flags] = await tx.select().from(customerFlags).where(eq(customerFlags.customerId, customerId));
        if (flags?.proUser || flags?.proProgramApplicationStatus === 'approved')
          return { ok: false as const, reason: 'member' as const };
        const [latest] = await tx
          .select({ status: proProgramApplications.status })
          .from(proProgramApplications)
          .where(eq(proProgramApplications.customerId, customerId))
          .orderBy(desc(proProgramApplications.id))
          .limit(1);
        if (latest?.status === 'pending' || flags?.proProgramApplicationStatus === 'pending')
          return { ok: false as const, reason: 'pending' as const };
        await tx.insert(proProgramApplications).values({ customerId, ...application });
        await tx
          .insert(customerFlags)
          .values({ customerId, proProgramApplicationStatus: 'pending' })
          .onConflictDoUpdate({
            target: customerFlags.customerId,
            set: { proProgramApplicationStatus: 'pending' },
          });
        return { ok: true as const };
      });
    },

    async pendingProApplications() {
      const rows = await db
        .select({
          id: proProgramApplications.id,
          customerId: proProgramApplications.customerId,
          organization: proProgramApplications.organization,
          occupation: proProgramApplications.occupation,
          details: proProgramApplications.details,
          createdAt: proProgramApplications.createdAt,
          firstName: customers.firstName,
          lastName: customers.lastName,
          email: customers.email,
          groupName: customerGroups.name,
        })
        .from(proProgramApplications)
        .innerJoin(customers, eq(customers.id, proProgramApplications.customerId))
        .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
        .where(eq(proProgramApplications.status, 'pending'))
        .orderBy(asc(proProgramApplications.id))
        .limit(200);
      return rows;
    },

    async decideProApplication(applicationId, decision) {
      const result = await db.transaction(async (tx) => {
        // The one conditional update decides: a second decision of the same application finds it decided.
        const [decided] = await tx
          .update(proProgramApplications)
          .set({ status: decision, decidedAt: sql`now()` })
          .where(
            and(eq(proProgramApplications.id, applicationId), eq(proProgramApplications.status, 'pending')),
          )
          .returning({ customerId: proProgramApplications.customerId });
        if (!decided) {
          const [exists] = await tx
            .select({ id: proProgramApplications.id })
            .from(proProgramApplications)
            .where(eq(proProgramApplications.id, applicationId))
            .limit(1);
          return { ok: false as const, reason: exists ? ('decided' as const) : ('not-found' as const) };
        }
        const { customerId } = decided;
        await lockCustomer(tx, customerId);
        const [customer] = await tx
          .select({ email: customers.email, firstName: customers.firstName, group: customerGroups })
          .from(customers)
          .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
          .where(eq(customers.id, customerId));
        let change: ViewerChange | undefined;
        if (decision === 'approved') {
          const [proGroup] = await tx
            .select()
            .from(customerGroups)
            .where(eq(customerGroups.name, PRO_PROGRAM_GROUP))
            .limit(1);
          const asGroup = (row: typeof customerGroups.$inferSelect) => ({
            ...row,
            discountAmount: Number(row.discountAmount),
          });
          // The group (and below, the pro flag) a signed-in viewer carries change: a new viewer version, so their
          // session is made again on their next request (decision 055).
          const [changed] = await tx
            .update(customers)
            .set({
              ...(proGroup
                ? {
                    customerGroupId: groupAfterProApproval(
                      customer?.group ? asGroup(customer.group) : null,
                      asGroup(proGroup),
                    ),
                  }
                : {}),
              viewerVersion: sql`${customers.viewerVersion} + 1`,
              viewerChangedAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(eq(customers.id, customerId))
            .returning({ version: customers.viewerVersion, changedAt: customers.viewerChangedAt });
          if (changed?.changedAt)
            change = { customerId, version: changed.version, changedAt: changed.changedAt };
        }
        const flags =
          decision === 'approved'
            ? { proUser: true, proProgramApplicationStatus: decision }
            : { proProgramApplicationStatus: decision };
        await tx
          .insert(customerFlags)
          .values({ customerId, ...flags })
          .onConflictDoUpdate({ target: customerFlags.customerId, set: flags });
        return {
          change,
          outcome: {
            ok: true as const,
            customerId,
            email: customer?.email ?? '',
            firstName: customer?.firstName ?? '',
          },
        };
      });
      if (!result.outcome) return { ok: false, reason: result.reason };
      // Committed: this process's requests see the change at once.
      if (result.change) viewerVersions.note(result.change);
      return result.outcome;
    },

    async viewerVersionOf(id) {
      await viewerVersions.check();
      return viewerVersions.latest(id);
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
        return { ok: true, created: rows.length > 0 };
      } catch (error) {
        // The logger withholds the statement and its parameters (the address); the cause says what failed.
        logger.error('newsletter subscription failed', { error });
        return { ok: false, message: NEWSLETTER_FAILED };
      }
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

/** Customers whose viewer version changed after `since` (null: within a session's lifetime), by the database's clock. */
async function selectViewerChanges(db: Database, since: Date | null): Promise<ViewerChange[]> {
  const rows = await db
    .select({
      customerId: customers.id,
      version: customers.viewerVersion,
      changedAt: customers.viewerChangedAt,
    })
    .from(customers)
    .where(
      since
        ? gt(customers.viewerChangedAt, since)
        : sql`${customers.viewerChangedAt} > now() - interval '7 days'`,
    );
  return rows.flatMap((row) => (row.changedAt ? [{ ...row, changedAt: row.changedAt }] : []));
}

async function lockCustomer(tx: Tx, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

type FormFields = (typeof addresses.$inferSelect)['formFields'];

const isDefaultAddress = (formFields: FormFields) =>
  formFields.some((field) => field.name === 'default_address' && field.value === true);

function toAddress(row: typeof addresses.$inferSelect): CustomerAddress {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    stateOrProvince: row.stateOrProvince,
    postalCode: row.postalCode,
    countryCode: row.countryCode,
    phone: row.phone,
    isDefault: isDefaultAddress(row.formFields),
  };
}

/** `default_address: true` on `id`'s form fields and on no other address of the customer (rows locked). */
async function markDefault(
  tx: Tx,
  mine: readonly { id: number; formFields: FormFields }[],
  id: number,
): Promise<void> {
  for (const address of mine) {
    const others = address.formFields.filter((field) => field.name !== 'default_address');
    const wanted = address.id === id ? [...others, { name: 'default_address', value: true }] : others;
    if (address.id !== id && others.length === address.formFields.length) continue;
    await tx.update(addresses).set({ formFields: wanted }).where(eq(addresses.id, address.id));
  }
}
