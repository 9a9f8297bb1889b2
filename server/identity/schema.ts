/**
 * Tables of the identity context: what the embedded sign-in provider (`/idp`) keeps on the server. Flow state
 * itself lives in the provider's own cookie; here are only what must be shared by every app server and must not be
 * replayable: signing keys, one-time authorization codes, sessions (single logout revokes them), lockouts and the
 * single-use tokens mailed for verification and password reset. Secrets are stored as SHA-256 hashes.
 * Other contexts reach them through this context's service, never directly; `server/db/schema.ts` gathers
 * every context's tables for drizzle-kit and the typed database handle.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/**
 * The provider's token-signing keys (JWK), shared by every app server (decision 079): the unretired key with the
 * latest `signs_from` that has come signs; every unretired key verifies (JWKS), one that signs later is published
 * first. A retired key verifies nowhere.
 */
export const idpSigningKeys = pgTable('idp_signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  signsFrom: timestamp('signs_from', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** One-time authorization codes of completed flows, exchanged once at the token endpoint. */
export const idpAuthorizationCodes = pgTable(
  'idp_authorization_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    customerId: integer('customer_id').notNull(),
    clientId: text('client_id').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('idp_codes_expires_idx').on(t.expiresAt)],
);

/** Sessions behind access tokens (`sid` claim); single logout revokes one, so its token is refused after. */
export const idpSessions = pgTable(
  'idp_sessions',
  {
    sid: text('sid').primaryKey(),
    customerId: integer('customer_id').notNull(),
    clientId: text('client_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('idp_sessions_customer_idx').on(t.customerId)],
);

/** Failed sign-ins per account (keyed by an HMAC of the e-mail) and the lockout they lead to. */
export const idpLockouts = pgTable('idp_lockouts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Single-use tokens mailed to a customer: `verify` (activation) and `reset` (password reset). */
export const idpOneTimeTokens = pgTable(
  'idp_one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').$type<'verify' | 'reset'>().notNull(),
    customerId: integer('customer_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('idp_one_time_tokens_customer_idx').on(t.customerId, t.purpose)],
);

/**
 * The store's own sessions (decision 074, the `SessionStore` port's database adapter): one row per sign-in, named
 * by the signed `customer_session` cookie. Sign-out ends one, a password reset ends all of the customer's; a
 * cookie whose row is ended or missing is signed out on every app server.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** A coarse label of the browser that signed in ("Firefox on Windows"), from its User-Agent (decision 086). */
    device: text('device'),
    /** The provider's session (`sid` claim) of the token issued with it: a bearer call with that token counts
     * only while this row lasts (decision 086). */
    providerSid: text('provider_sid'),
  },
  (t) => [
    index('sessions_customer_idx').on(t.customerId),
    index('sessions_provider_sid_idx').on(t.providerSid),
  ],
);
