/**
 * Fixed-window rate limits shared by every app server (ARCHITECTURE: "rate limits, lockouts — table in the
 * database"). A key (`track:<ip>`, `login:<email>`) counts hits in a window that opens at its first hit and lasts
 * `windowMs`; the first hit after the window has passed opens a new one at 1. Counting is one SQL upsert, so
 * concurrent requests on several servers never lose a hit and never read-then-write.
 */
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { rateLimitCounters } from './schema';

export type RateLimitOptions = {
  /** Hits allowed in one window; the hit that makes `limit + 1` is refused. */
  limit: number;
  windowMs: number;
};

export type RateLimitResult = {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  limit: number;
  remaining: number;
  /** When the current window closes and counting starts again. */
  resetAt: Date;
  /** Whole seconds until `resetAt` (at least 1), for a `Retry-After` header. */
  retryAfterSeconds: number;
};

export type RateLimiter = {
  /** Counts one hit against `key` and says whether it is within the limit. */
  hit(key: string, options: RateLimitOptions): Promise<RateLimitResult>;
  /** Forgets the key's window (for example after a successful login). */
  reset(key: string): Promise<void>;
};

export function createRateLimiter({ db, clock }: { db: Database; clock: Clock }): RateLimiter {
  return {
    async hit(key, { limit, windowMs }) {
      if (!Number.isInteger(limit) || limit < 1)
        throw new RangeError(`limit must be a positive integer: ${limit}`);
      if (!Number.isInteger(windowMs) || windowMs < 1)
        throw new RangeError(`windowMs must be a positive integer: ${windowMs}`);
      const now = clock.now();
      // A window that opened at or before this instant has run its course.
      const expiredAt = new Date(now.getTime() - windowMs).toISOString();
      const nowText = now.toISOString();
      const expired = sql`${rateLimitCounters.windowStart} <= ${expiredAt}::timestamptz`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            windowStart: sql`case when ${expired} then ${nowText}::timestamptz else ${rateLimitCounters.windowStart} end`,
            count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
          },
        })
        .returning({ windowStart: rateLimitCounters.windowStart, count: rateLimitCounters.count });
      if (!row) throw new Error(`rate limit upsert returned no row for ${key}`);
      const resetAt = new Date(row.windowStart.getTime() + windowMs);
      return {
        allowed: row.count <= limit,
        count: row.count,
        limit,
        remaining: Math.max(0, limit - row.count),
        resetAt,
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)),
      };
    },

    async reset(key) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
  };
}
