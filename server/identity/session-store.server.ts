/** The `SessionStore` port's first adapter: a `sessions` row per session, seen by every app server (decision 074). */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
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
    device: row.device,
    providerSid: row.providerSid,
  });
  return {
    async create({ customerId, ttlMs, device, providerSid }) {
      const now = clock.now();
      const [row] = await db
        .insert(sessions)
        .values({
          id: crypto.randomBytes(24).toString('base64url'),
          customerId,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + ttlMs),
          device: device ?? null,
          providerSid: providerSid ?? null,
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

    async endOthers(customerId, keepId) {
      const ended = await db
        .update(sessions)
        .set({ endedAt: clock.now() })
        .where(and(eq(sessions.customerId, customerId), ne(sessions.id, keepId), isNull(sessions.endedAt)))
        .returning({ id: sessions.id });
      return ended.length;
    },

    async findByProviderSid(providerSid) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.providerSid, providerSid))
        .orderBy(desc(sessions.createdAt))
        .limit(1);
      return row ? toRecord(row) : null;
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
