/**
 * Staff sign-in (decision 088), for both doors: the session sign-in page and HTTP Basic for scripts. Each attempt is
 * counted before its password is checked, against the account (the customers' lockout: the fifth attempt in a row
 * locks it for 60 s, decision 075) and against the client address (20 failures in 10 minutes lock it for 10
 * minutes), so a guesser past either limit is refused without a hash, even with the right password.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { hashPassword, tooManyAttemptsMessage, verifyPassword } from '../identity/index.server';
import { normalizeEmail, toStaffUser, type Accounts, type StaffUser } from './accounts.server';
import type { LockRule, Lockouts } from './lockout.server';
import { STAFF_MESSAGES, STAFF_PASSWORD_LENGTH } from './roles';
import { staffSessions, staffUsers } from './schema';

const MINUTE = 60_000;
/** SPEC §4's lockout, as customers have it. */
export const ACCOUNT_LOCK: LockRule = { maxFailures: 5, lockMs: MINUTE };
export const ADDRESS_LOCK: LockRule = { maxFailures: 20, lockMs: 10 * MINUTE, windowMs: 10 * MINUTE };
/** A staff session lasts a working day at most; sign-out ends it sooner. */
export const STAFF_SESSION_MS = 12 * 60 * MINUTE;

export type SignInOutcome =
  | { kind: 'ok'; user: StaffUser }
  /** The account or the address is locked: refused without a hash. */
  | { kind: 'locked'; message: string; secondsLeft: number }
  | { kind: 'invalid'; message: string };

let dummy: Promise<string> | undefined;
/** A hash to check unknown e-mails against, so timing says nothing about which staff accounts exist. */
const dummyHash = () => (dummy ??= hashPassword(crypto.randomBytes(16).toString('base64')));

const tokenHash = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('base64url');

export function createStaffSignIn({
  db,
  clock,
  accounts,
  lockouts,
}: {
  db: Database;
  clock: Clock;
  accounts: Accounts;
  lockouts: Lockouts;
}) {
  return {
    async authenticate(input: { email: string; password: string; clientIp: string }): Promise<SignInOutcome> {
      const email = normalizeEmail(input.email);
      const invalid = { kind: 'invalid', message: STAFF_MESSAGES.invalid } as const;
      if (email === '' || email.length > 254 || input.password.length > STAFF_PASSWORD_LENGTH.max * 4)
        return invalid;
      const addressKey = `address:${input.clientIp}`;
      const accountKey = `account:${email}`;
      const address = await lockouts.claim(addressKey, ADDRESS_LOCK);
      if (!address.allowed)
        return {
          kind: 'locked',
          message: STAFF_MESSAGES.tooManyFromAddress,
          secondsLeft: address.secondsLeft,
        };
      const account = await lockouts.claim(accountKey, ACCOUNT_LOCK);
      if (!account.allowed)
        return {
          kind: 'locked',
          message: tooManyAttemptsMessage(account.secondsLeft),
          secondsLeft: account.secondsLeft,
        };
      const row = await accounts.byEmail(email);
      const matches = row
        ? await verifyPassword(input.password, row.passwordHash)
        : (await verifyPassword(input.password, await dummyHash()), false);
      if (!row || !matches) {
        if (account.locksOut) {
          const seconds = Math.ceil(ACCOUNT_LOCK.lockMs / 1000);
          return { kind: 'locked', message: tooManyAttemptsMessage(seconds), secondsLeft: seconds };
        }
        return invalid;
      }
      await Promise.all([lockouts.clear(accountKey), lockouts.release(addressKey)]);
      if (row.disabledAt !== null) return invalid;
      return { kind: 'ok', user: toStaffUser(row) };
    },

    /**
     * A staff user whose password this process checked a moment ago (HTTP Basic sends it on every request): no
     * claim and no hash, but still refused while the account or the address is locked, and read afresh (roles,
     * disabled).
     */
    async recheck(input: { email: string; clientIp: string }): Promise<SignInOutcome> {
      const email = normalizeEmail(input.email);
      const seconds = await lockouts.secondsLocked([`account:${email}`, `address:${input.clientIp}`]);
      if (seconds > 0)
        return { kind: 'locked', message: tooManyAttemptsMessage(seconds), secondsLeft: seconds };
      const row = await accounts.byEmail(email);
      if (!row || row.disabledAt !== null) return { kind: 'invalid', message: STAFF_MESSAGES.invalid };
      return { kind: 'ok', user: toStaffUser(row) };
    },

    /** A new session for a signed-in staff user: the cookie's token (random, 32 bytes) and when it ends. */
    async startSession(staffUserId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + STAFF_SESSION_MS);
      await db.insert(staffSessions).values({ tokenHash: tokenHash(token), staffUserId, expiresAt });
      return { token, expiresAt };
    },

    /** The staff user of a live session (not ended, not expired, account not disabled); null otherwise. */
    async sessionUser(token: string): Promise<StaffUser | null> {
      if (token.length === 0 || token.length > 100) return null;
      const [row] = await db
        .select({ id: staffUsers.id, email: staffUsers.email, roles: staffUsers.roles })
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
        .where(
          and(
            eq(staffSessions.tokenHash, tokenHash(token)),
            isNull(staffSessions.endedAt),
            gt(staffSessions.expiresAt, clock.now()),
            isNull(staffUsers.disabledAt),
          ),
        )
        .limit(1);
      return row ? toStaffUser(row) : null;
    },

    async endSession(token: string): Promise<void> {
      if (token.length === 0 || token.length > 100) return;
      await db
        .update(staffSessions)
        .set({ endedAt: clock.now() })
        .where(and(eq(staffSessions.tokenHash, tokenHash(token)), isNull(staffSessions.endedAt)));
    },
  };
}
