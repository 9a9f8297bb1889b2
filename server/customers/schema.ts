/**
 * Tables of the customers context: customer groups, customers, their flags, addresses and newsletter
 * subscriptions.
 * Other contexts reach them through this context's service, never directly; `server/db/schema.ts` gathers
 * every context's tables for drizzle-kit and the typed database handle.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';

export const customerGroups = pgTable(
  'customer_groups',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    isGovXUser: boolean('is_govx_user').notNull().default(false),
    /** percent | fixed | price, or null for no discount. */
    discountMethod: text('discount_method'),
    /** Percent for `percent`, cents otherwise. */
    discountAmount: numeric('discount_amount', { precision: 10, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
  },
  (t) => [uniqueIndex('customer_groups_name_key').on(t.name)],
);

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    /** scrypt hash in `scrypt$N$r$p$salt$hash` form; null until a password is set. */
    passwordHash: text('password_hash'),
    isEnabled: boolean('is_enabled').notNull().default(false),
    customerGroupId: integer('customer_group_id').references(() => customerGroups.id),
    emailSubscribed: boolean('email_subscribed').notNull().default(true),
    smsSubscribed: boolean('sms_subscribed').notNull().default(false),
    /**
     * Counts the changes to what a signed-in viewer carries of this customer (group, flags: a pro application
     * approved); the signed session holds the version it was made at, and a session older than the customer's
     * version is made again on their next request (decision 055).
     */
    viewerVersion: integer('viewer_version').notNull().default(0),
    /** When `viewer_version` last changed (the database's clock): app servers poll for what changed since. */
    viewerChangedAt: timestamp('viewer_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
    index('customers_viewer_changed_at_idx')
      .on(t.viewerChangedAt)
      .where(sql`${t.viewerChangedAt} is not null`),
  ],
);

export const customerFlags = pgTable('customer_flags', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  promoOrder: boolean('promo_order').notNull().default(false),
  /** Approves or rejects promotional orders (SPEC §6 "Promotion-order approval users"; decision 045). */
  promoApprover: boolean('promo_approver').notNull().default(false),
  proUser: boolean('pro_user').notNull().default(false),
  shedUser: boolean('shed_user').notNull().default(false),
  isApplicationAboutToExpire: boolean('is_application_about_to_expire').notNull().default(false),
  isShedApplicationAboutToExpire: boolean('is_shed_application_about_to_expire').notNull().default(false),
  proProgramApplicationStatus: text('pro_program_application_status'),
  shedApplicationStatus: text('shed_application_status'),
  dnsFlag: boolean('dns_flag').notNull().default(false),
});

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    stateOrProvince: text('state_or_province').notNull(),
    postalCode: text('postal_code').notNull(),
    countryCode: text('country_code').notNull().default('US'),
    phone: text('phone').notNull().default(''),
    /** Extra form fields, `{ name, value }[]`; `default_address: true` marks the default. */
    formFields: jsonb('form_fields')
      .$type<{ name: string; value: string | boolean }[]>()
      .notNull()
      .default([]),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    acceptsMarketingNewsletter: boolean('accepts_marketing_newsletter').notNull().default(true),
    acceptsAbandonedCartEmails: boolean('accepts_abandoned_cart_emails').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_key').on(sql`lower(${t.email})`)],
);

/** Pro program applications (issue 10 §9, `/pro-program/apply/`): what the customer told us, for review. */
export const proProgramApplications = pgTable(
  'pro_program_applications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    organization: text('organization').notNull(),
    occupation: text('occupation').notNull(),
    details: text('details').notNull().default(''),
    /** pending | approved | rejected (mirrored in customer_flags.pro_program_application_status). */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    /** When staff approved or declined it (null while pending). */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The staff user (server/staff) who approved or declined it. */
    decidedBy: integer('decided_by'),
  },
  (t) => [
    index('pro_program_applications_customer_idx').on(t.customerId),
    // The review screen lists pending applications, oldest first.
    index('pro_program_applications_status_idx').on(t.status, t.id),
  ],
);
