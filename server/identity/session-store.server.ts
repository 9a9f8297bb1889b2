/** The `SessionStore` port's first adapter: a `sessions` row per session, seen by every app server (decision 074). */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { sessions } from './schema';
import type { SessionRecord, SessionStore } from './session-store';

export function createDatabaseSessionStore({ db, clock }: { db: Database; clock: Clock }): SessionStore {
  const toRecord = (row: typeof sessions.$inferSelect): SessionRecord => ({
    id: row.id,
    customerId: row.customerId,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
    endedAt: row.endedAt,
  });
  return {
    async create({ customerId, ttlMs }) {
      const now = clock.now();
      const [row] = await db
        .insert(sessions)
        .values({
          id: crypto.randomBytes(24).toString('base64url'),
          customerId,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + ttlMs),
        })
        .returning();
      return toRecord(row!);
    },

    async find(id) {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row ? toRecord(row) : null;
    },

    async touch(id) {
      await db
        .update(sessions)
        .set({ lastSeenAt: clock.now() })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
    },

    async end(id) {
      await db
        .update(sessions)
        .set({ endedAt: clock.now() })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
    },

    async endAll(customerId) {
      const ended = await db
        .update(sessions)
        .set({ endedAt: clock.now() })
        .where(and(eq(sessions.customerId, customerId), isNull(sessions.endedAt)))
        .returning({ id: sessions.id });
      return ended.length;
    },

    async list(customerId) {
      const rows = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.customerId, customerId),
            isNull(sessions.endedAt),
            gt(sessions.expiresAt, clock.now()),
          ),
        )
        .orderBy(desc(sessions.createdAt), desc(sessions.id));
      return rows.map(toRecord);
    },
  };
}
