/**
 * The customers context's types and constants, re-exported by `index.server.ts` (callers import them from there).
 */
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
   * pending (another member of staff was first). `staffUserId` (server/staff) is recorded as who decided.
   */
  decideProApplication(
    applicationId: number,
    decision: ProDecision,
    staffUserId: number,
  ): Promise<
    | { ok: true; customerId: number; email: string; firstName: string }
    | { ok: false; reason: 'not-found' | 'decided' }
  >;
  /**
   * SPEC §7 newsletter subscription; an address subscribed already stays as it is (not an error), one that had
   * unsubscribed gets the newsletter again. `started` says whether the address starts getting it now (new, or back
   * after unsubscribing): the welcome mail goes then only. A failure of the store is `ok: false` with the sentence
   * the form shows as is (SPEC §8 "a server error shows its string or message"): `NEWSLETTER_FAILED`, never the
   * database's own text, which is logged instead.
   */
  subscribe(input: {
    email: string;
    acceptsMarketingNewsletter: boolean;
    acceptsAbandonedCartEmails: boolean;
  }): Promise<{ ok: true; started: boolean } | { ok: false; message: string }>;
  /**
   * Issue 26 §2: no more marketing mail to this address (any case): its newsletter subscription is kept as
   * unsubscribed and the account with that address, if any, has `email_subscribed` false. Idempotent.
   */
  unsubscribe(email: string): Promise<void>;
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
