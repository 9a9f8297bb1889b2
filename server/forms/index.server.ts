/**
 * The forms context: idempotency of form submissions (issue 8 §1). A form that carries an idempotency key claims
 * it before doing its work; a second request with the same key gets the first one's stored outcome (waiting a
 * little while the first is still running) instead of doing the work again. Claims are one SQL upsert, so two app
 * servers racing on one key never both win. Keys are kept for a day.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { formSubmissions } from './schema';

export { readFormBody, isAcceptableText, mediaType, type FormBody } from './body';
export { safeRedirect } from './safe-redirect';

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request with its key to finish. */
const IDEMPOTENCY_WAIT_MS = 5_000;
const POLL_MS = 100;

/** A key as the kit makes them: 22 to 64 URL-safe characters. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{22,64}$/;

export type IdempotencyClaim<Outcome> =
  /** This request owns the key: do the work, then `complete` with its outcome, or `release` to let a retry run. */
  | { kind: 'claimed'; complete(outcome: Outcome): Promise<void>; release(): Promise<void> }
  /** A request with this key and these values already finished: answer its outcome. */
  | { kind: 'replay'; outcome: Outcome }
  /** The key was used with other values. */
  | { kind: 'conflict' }
  /** A request with this key is still running after the wait. */
  | { kind: 'pending' };

export type FormsService = {
  claim<Outcome>(
    formId: string,
    key: string,
    fingerprint: string,
    options?: { waitMs?: number },
  ): Promise<IdempotencyClaim<Outcome>>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createFormsService({ db, clock }: { db: Database; clock: Clock }): FormsService {
  const where = (formId: string, key: string) =>
    and(eq(formSubmissions.formId, formId), eq(formSubmissions.key, key));

  async function tryClaim(formId: string, key: string, fingerprint: string): Promise<boolean> {
    const now = clock.now();
    const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
    const rows = await db
      .insert(formSubmissions)
      .values({ formId, key, fingerprint, createdAt: now })
      .onConflictDoUpdate({
        target: [formSubmissions.formId, formSubmissions.key],
        // A key older than a day is free again.
        set: { fingerprint, outcome: null, createdAt: now, completedAt: null },
        setWhere: sql`${formSubmissions.createdAt} <= ${expired.toISOString()}::timestamptz`,
      })
      .returning({ key: formSubmissions.key });
    if (rows.length === 0) return false;
    await db.delete(formSubmissions).where(lt(formSubmissions.createdAt, expired));
    return true;
  }

  return {
    async claim<Outcome>(
      formId: string,
      key: string,
      fingerprint: string,
      options: { waitMs?: number } = {},
    ): Promise<IdempotencyClaim<Outcome>> {
      const deadline = Date.now() + (options.waitMs ?? IDEMPOTENCY_WAIT_MS);
      for (;;) {
        if (await tryClaim(formId, key, fingerprint)) {
          return {
            kind: 'claimed',
            async complete(outcome) {
              await db
                .update(formSubmissions)
                .set({ outcome: outcome as unknown, completedAt: clock.now() })
                .where(where(formId, key));
            },
            async release() {
              await db.delete(formSubmissions).where(where(formId, key));
            },
          };
        }
        const [row] = await db
          .select({ fingerprint: formSubmissions.fingerprint, outcome: formSubmissions.outcome })
          .from(formSubmissions)
          .where(where(formId, key));
        // Released between the two statements: try to claim it again.
        if (!row && Date.now() < deadline) continue;
        if (!row) return { kind: 'pending' };
        if (row.fingerprint !== fingerprint) return { kind: 'conflict' };
        if (row.outcome !== null) return { kind: 'replay', outcome: row.outcome as Outcome };
        if (Date.now() >= deadline) return { kind: 'pending' };
        await sleep(POLL_MS);
      }
    },
  };
}
