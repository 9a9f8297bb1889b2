/**
 * Staff sign-in attempts counted before the password is checked (decisions 075 and 088): one guarded upsert per
 * claim, so concurrent attempts take turns on the row (PostgreSQL's row lock; PGlite runs statements one at a time)
 * and none passes a lock another has just set. While a key is locked every attempt is refused without a hash, the
 * right password included.
 */
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { staffLockouts } from './schema';

export type LockRule = {
  /** The claim that brings the count to this locks the key at once, before its own password is checked. */
  maxFailures: number;
  lockMs: number;
  /** A count whose last claim is older than this starts again at 1 (none: it lasts until a success or a lock). */
  windowMs?: number;
};

export type Claim = { allowed: true; locksOut: boolean } | { allowed: false; secondsLeft: number };

export function createLockouts({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async claim(key: string, rule: LockRule): Promise<Claim> {
      const now = clock.now();
      const at = sql`${now.toISOString()}::timestamptz`;
      const lockedUntil = new Date(now.getTime() + rule.lockMs).toISOString();
      const lockEnded = sql`(${staffLockouts.lockedUntil} is not null and ${staffLockouts.lockedUntil} <= ${at})`;
      const stale =
        rule.windowMs === undefined
          ? sql`false`
          : sql`(${staffLockouts.lockedUntil} is null and ${staffLockouts.updatedAt} <= ${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz)`;
      const count = sql`case when ${lockEnded} or ${stale} then 1 else ${staffLockouts.failures} + 1 end`;
      const [claimed] = await db
        .insert(staffLockouts)
        .values({
          key,
          failures: 1,
          lockedUntil: rule.maxFailures <= 1 ? new Date(lockedUntil) : null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: staffLockouts.key,
          set: {
            failures: count,
            lockedUntil: sql`case when ${count} >= ${rule.maxFailures} then ${lockedUntil}::timestamptz else null end`,
            updatedAt: now,
          },
          setWhere: sql`${staffLockouts.lockedUntil} is null or ${staffLockouts.lockedUntil} <= ${at}`,
        })
        .returning({ lockedUntil: staffLockouts.lockedUntil });
      if (claimed) return { allowed: true, locksOut: claimed.lockedUntil !== null };
      const [row] = await db
        .select({ lockedUntil: staffLockouts.lockedUntil })
        .from(staffLockouts)
        .where(eq(staffLockouts.key, key))
        .limit(1);
      const left = (row?.lockedUntil?.getTime() ?? now.getTime()) - now.getTime();
      return { allowed: false, secondsLeft: Math.max(1, Math.ceil(left / 1000)) };
    },

    /** Seconds left of the longest lock among `keys` (0: none locked); a read, no claim. */
    async secondsLocked(keys: string[]): Promise<number> {
      const now = clock.now();
      const rows = await db
        .select({ lockedUntil: staffLockouts.lockedUntil })
        .from(staffLockouts)
        .where(
          sql`${staffLockouts.key} in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )}) and ${staffLockouts.lockedUntil} > ${now.toISOString()}::timestamptz`,
        );
      const until = Math.max(0, ...rows.map((row) => row.lockedUntil?.getTime() ?? 0));
      return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
    },

    /** A right password ends the account's count, which lifts a lock its own claim started (as customers'). */
    async clear(key: string): Promise<void> {
      await db.delete(staffLockouts).where(eq(staffLockouts.key, key));
    },

    /**
     * A right password takes back its own claim on the address's count, leaving the failures of others counted
     * (signing in to one's own account does not reset a guesser's count from the same address).
     */
    async release(key: string): Promise<void> {
      await db
        .update(staffLockouts)
        .set({ failures: sql`greatest(${staffLockouts.failures} - 1, 0)` })
        .where(sql`${staffLockouts.key} = ${key} and ${staffLockouts.lockedUntil} is null`);
    },
  };
}

export type Lockouts = ReturnType<typeof createLockouts>;
