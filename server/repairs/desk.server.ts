/**
 * The repair desk (staff pages): the submitted repairs, their status, and the quote a customer pays unless the
 * warranty covers it (issue 13 §6). Input arrives parsed (`requests.ts`: `quoteInput`, `statusInput`).
 */
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { enqueueInTransaction } from '../mail/index.server';
import { RepairError, repairNotFound } from './errors';
import { mailSubjectOf, repairQuotedMail, repairStatusMail, type RepairMailContext } from './mails';
import { REPAIR_MESSAGES } from './messages';
import type { Records } from './records.server';
import { repairs } from './schema';
import type { RepairStatus } from './status';
import type { RepairDetail } from './types';

export type DeskService = ReturnType<typeof createDeskService>;

export function createDeskService({
  db,
  clock,
  records,
  mails,
}: {
  db: Database;
  clock: Clock;
  records: Records;
  /** The repair mails' brand and origin; none: no mails. */
  mails?: RepairMailContext;
}) {
  return {
    /** Submitted repairs (not drafts), newest first. */
    async staffList(query: { status?: string | null; limit?: number } = {}): Promise<RepairDetail[]> {
      const conditions = [ne(repairs.status, 'draft')];
      if (query.status) conditions.push(eq(repairs.status, query.status));
      const rows = await db
        .select()
        .from(repairs)
        .where(and(...conditions))
        .orderBy(desc(repairs.submittedAt), desc(repairs.id))
        .limit(Math.min(Math.max(query.limit ?? 50, 1), 200));
      return Promise.all(rows.map(records.detail));
    },

    /**
     * Moves a submitted repair to a staff status (received, quoted, in repair, shipped), recording who did
     * (`staffUserId`, server/staff). A change of status mails the customer in the same transaction (issue 25 §6); the
     * same status again changes nothing and sends nothing.
     */
    async setStatus(input: {
      repairId: number;
      status: RepairStatus;
      staffUserId: number;
    }): Promise<RepairDetail> {
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: repairs.status })
          .from(repairs)
          .where(and(eq(repairs.id, input.repairId), ne(repairs.status, 'draft')))
          .for('update');
        if (!row) return null;
        const [changed] = await tx
          .update(repairs)
          .set({ status: input.status, statusChangedBy: input.staffUserId, updatedAt: clock.now() })
          .where(eq(repairs.id, input.repairId))
          .returning();
        const subject = mails && changed && row.status !== input.status ? mailSubjectOf(changed) : null;
        if (mails && subject)
          await enqueueInTransaction(tx, repairStatusMail(mails, { ...subject, status: input.status }));
        return changed ?? null;
      });
      if (!updated) throw repairNotFound();
      return records.detail(updated);
    },

    /**
     * The desk's quote: the repair becomes `quoted`; 0 means the warranty covers it, any other amount is paid by the
     * customer through the repair payment path. A paid repair's quote stays. The reason, when given, replaces the
     * customer's. The staff user who quoted is recorded (`staffUserId`).
     */
    async setQuote(input: {
      repairId: number;
      quoteCents: number;
      reason: string | null;
      staffUserId: number;
    }): Promise<RepairDetail> {
      const { repairId: id, quoteCents } = input;
      const chosen = await records.chosenReason(input.reason);
      const [row] = await db.select().from(repairs).where(eq(repairs.id, id)).limit(1);
      if (!row) throw repairNotFound();
      if (row.status === 'draft') throw new RepairError(409, REPAIR_MESSAGES.quoteNotSubmitted);
      const reason = chosen ?? (await records.reasonNamed(row.reasonForRequest));
      if (reason?.covered && quoteCents > 0) throw new RepairError(400, REPAIR_MESSAGES.quoteCovered);
      return records.guardedUpdate(
        id,
        [ne(repairs.status, 'draft'), isNull(repairs.paidAt)],
        {
          status: 'quoted',
          quoteCents,
          quotedBy: input.staffUserId,
          statusChangedBy: input.staffUserId,
          ...(chosen ? { reasonForRequest: chosen.code } : {}),
        },
        () => new RepairError(409, REPAIR_MESSAGES.quotePaid),
        (updated) => {
          const subject = mails ? mailSubjectOf(updated) : null;
          return mails && subject ? repairQuotedMail(mails, { ...subject, quoteCents }) : null;
        },
      );
    },
  };
}
