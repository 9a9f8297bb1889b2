/**
 * Tables of the staff context (decision 088): the people who work the back office, their sign-in sessions and the
 * lockouts of their sign-ins. Other contexts name a staff user by id only (who quoted a repair, who decided a pro
 * application) and never read these tables.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/** A staff account: e-mail (unique, any case), scrypt hash as customers' (identity's password-hash), roles. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Comma-free role names (server/staff/roles.ts): repairs, pro-review, orders, stock, admin. */
    roles: text('roles').array().notNull(),
    createdAt: createdAt(),
    /** Set when the account is switched off: it can no longer sign in and its sessions end. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_users_email_key').on(sql`lower(${t.email})`)],
);

/**
 * Staff sign-in sessions, named by the `staff_session` cookie: the row keeps the SHA-256 of the cookie's random
 * token, so a stolen database copy signs no one in. Sign-out ends the row, which every app server sees.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_user_idx').on(t.staffUserId)],
);

/**
 * Sign-in attempts counted before the password is checked (decision 075's guarded upsert): one row per account
 * (`account:<e-mail>`) and one per client address (`address:<ip>`).
 */
export const staffLockouts = pgTable('staff_lockouts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
