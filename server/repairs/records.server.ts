/**
 * What every part of the repairs context shares: reading a repair as the API answers it, the one ownership check,
 * the one guarded write of a repair row, and the reason-for-request list. Internal to the context.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/database.server';
import { enqueueInTransaction, type OutgoingMail } from '../mail/index.server';
import { damageLabel } from './damage-catalogue';
import { notDraft, RepairError, repairNotFound } from './errors';
import { REPAIR_MESSAGES } from './messages';
import { repairDamages, repairFiles, repairQuestions, repairReasons, repairs } from './schema';
import { paymentState, repairPaymentPath, type RepairStatus } from './status';
import {
  photoUrl,
  type RepairDetail,
  type RepairPayment,
  type RepairPhoto,
  type RepairProduct,
  type RepairReason,
} from './types';
import type { RepairUserInfo } from './validation';

export type RepairRow = typeof repairs.$inferSelect;
export type RepairValues = Partial<typeof repairs.$inferInsert>;

export type Records = ReturnType<typeof createRecords>;

export function createRecords({ db, clock }: { db: Database; clock: Clock }) {
  /** Updates repair `id` under `guards` and queues `mailFor(updated)` in the same transaction (none: null). */
  async function updateWithMail(
    id: number,
    guards: SQL[],
    values: RepairValues,
    mailFor: (row: RepairRow) => OutgoingMail | null,
  ): Promise<RepairRow | undefined> {
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(repairs)
        .set({ ...values, updatedAt: clock.now() })
        .where(and(eq(repairs.id, id), ...guards))
        .returning();
      const mail = updated ? mailFor(updated) : null;
      if (mail) await enqueueInTransaction(tx, mail);
      return updated;
    });
  }

  const reasonColumns = {
    id: repairReasons.id,
    code: repairReasons.code,
    name: repairReasons.name,
    covered: repairReasons.covered,
  };

  /** The reason a repair names, active or retired (null for none, or a code the list does not have). */
  async function reasonNamed(code: string | null): Promise<RepairReason | null> {
    if (code === null) return null;
    const [reason] = await db
      .select(reasonColumns)
      .from(repairReasons)
      .where(eq(repairReasons.code, code))
      .limit(1);
    return reason ?? null;
  }

  async function detail(row: RepairRow): Promise<RepairDetail> {
    const [damages, files, answers, reason] = await Promise.all([
      db
        .select()
        .from(repairDamages)
        .where(eq(repairDamages.repairId, row.id))
        .orderBy(asc(repairDamages.id)),
      db.select().from(repairFiles).where(eq(repairFiles.repairId, row.id)).orderBy(asc(repairFiles.id)),
      db
        .select()
        .from(repairQuestions)
        .where(eq(repairQuestions.repairId, row.id))
        .orderBy(asc(repairQuestions.questionId)),
      reasonNamed(row.reasonForRequest),
    ]);
    const photo = (file: typeof repairFiles.$inferSelect): RepairPhoto => ({
      id: file.id,
      damage_id: file.damageId,
      file_name: file.fileName,
      content_type: file.contentType,
      size_bytes: file.sizeBytes,
      url: photoUrl(file.id),
    });
    return {
      id: row.id,
      customer_id: row.customerId,
      status: row.status as RepairStatus,
      reason_for_request: row.reasonForRequest,
      reason,
      product: row.product as RepairProduct,
      customer: row.customerInfo as Partial<RepairUserInfo>,
      damages: damages.map((damage) => ({
        id: damage.id,
        issue_id: damage.issueId,
        specific_issue_id: damage.specificIssueId,
        location_id: damage.locationId,
        label: damageLabel(damage),
        description: damage.description,
        photos: files.filter((file) => file.damageId === damage.id).map(photo),
      })),
      questions: answers.map((answer) => ({ question_id: answer.questionId, answer: answer.answer })),
      files: files.filter((file) => file.damageId === null).map(photo),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      submitted_at: row.submittedAt?.toISOString() ?? null,
      ...paymentOf(row),
    };
  }

  return {
    detail,
    reasonNamed,

    /**
     * The repair `repairId` if it is `customerId`'s. The one ownership check of the context: another customer's
     * repair answers exactly as a missing one (`missing`, by default 404 "Repair not found."), so an id tells a
     * caller nothing about repairs that are not theirs (issue 27 §7). `draft`: a submitted repair is a 409.
     */
    async owned(
      customerId: number,
      repairId: number,
      options: { draft?: boolean; missing?: () => RepairError; tx?: Tx } = {},
    ): Promise<RepairRow> {
      const query = (options.tx ?? db)
        .select()
        .from(repairs)
        .where(and(eq(repairs.id, repairId), eq(repairs.customerId, customerId)))
        .limit(1);
      const [row] = options.tx ? await query.for('update') : await query;
      if (!row) throw (options.missing ?? repairNotFound)();
      if (options.draft && row.status !== 'draft') throw notDraft();
      return row;
    },

    /**
     * The one guarded write of a repair row: sets `values` (and `updatedAt`) on repair `id` only while every
     * `guard` still holds, and answers the updated repair; when a guard no longer holds (the repair was submitted,
     * paid or removed meanwhile), `miss` is thrown and nothing changes. `mailFor`: the mail the change sends (issue
     * 25 §6), stored in the same transaction, so it goes out once and only if the change is made.
     */
    async guardedUpdate(
      id: number,
      guards: SQL[],
      values: RepairValues,
      miss: () => RepairError = notDraft,
      mailFor?: (row: RepairRow) => OutgoingMail | null,
    ): Promise<RepairDetail> {
      const [updated] = mailFor
        ? [await updateWithMail(id, guards, values, mailFor)]
        : await db
            .update(repairs)
            .set({ ...values, updatedAt: clock.now() })
            .where(and(eq(repairs.id, id), ...guards))
            .returning();
      if (!updated) throw miss();
      return detail(updated);
    },

    /** Marks repair `repairId` changed now (inside `tx` when given). */
    async touch(repairId: number, tx?: Tx) {
      await (tx ?? db).update(repairs).set({ updatedAt: clock.now() }).where(eq(repairs.id, repairId));
    },

    /** The reason-for-request list: the reasons a customer can choose now, in the desk's order. */
    reasonList(): Promise<RepairReason[]> {
      return db
        .select(reasonColumns)
        .from(repairReasons)
        .where(eq(repairReasons.active, true))
        .orderBy(asc(repairReasons.sortOrder), asc(repairReasons.id));
    },

    /**
     * The reason a customer or the desk chose: a code of the list's active reasons; null is no choice, refused
     * when `required`. A code the list does not have is a 400 naming the field.
     */
    async chosenReason(code: string | null, required = false): Promise<RepairReason | null> {
      const refuse = () =>
        new RepairError(400, REPAIR_MESSAGES.unknownReason, {
          reason_for_request: [REPAIR_MESSAGES.unknownReason],
        });
      if (code === null) {
        if (required) throw refuse();
        return null;
      }
      const [reason] = await db
        .select(reasonColumns)
        .from(repairReasons)
        .where(and(eq(repairReasons.code, code), eq(repairReasons.active, true)))
        .limit(1);
      if (!reason) throw refuse();
      return reason;
    },
  };
}

/** The payment fields of a repair row. */
export function paymentOf(row: {
  id: number;
  quoteCents: number | null;
  paymentOrderId: number | null;
  paidAt: Date | null;
}): RepairPayment {
  const payment = paymentState({ quoteCents: row.quoteCents, paid: row.paidAt !== null });
  return {
    quote_cents: row.quoteCents,
    payment,
    payment_order_id: row.paymentOrderId,
    paid_at: row.paidAt?.toISOString() ?? null,
    payment_url: payment === 'due' ? repairPaymentPath(row.id) : null,
  };
}
