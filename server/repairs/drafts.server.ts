/**
 * A customer's repairs (SPEC §2 repair flow, §4 "Repair", §7 repair admin calls): the draft built step by step
 * (product, contact details and return address, damages, answers to the questions), its submission, and reading
 * the customer's repairs back. Input arrives parsed (`requests.ts`, the wizard's forms); every call that names a
 * repair goes through the one ownership check (`records.owned`).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { REPAIR_QUESTIONS } from './damage-catalogue';
import { RepairError } from './errors';
import { mailSubjectOf, repairSubmittedMail, type RepairMailContext } from './mails';
import { REPAIR_MESSAGES } from './messages';
import { paymentOf, type Records, type RepairRow } from './records.server';
import { repairDamages, repairFiles, repairQuestions, repairs } from './schema';
import type { CreateRepairInput } from './requests';
import { wizardSteps, type DraftProgress, type RepairStatus } from './status';
import type {
  OrderedProduct,
  RepairDamage,
  RepairDetail,
  RepairProduct,
  RepairSummary,
  RepairUserInfoPrefill,
} from './types';
import {
  userInfoSchema,
  type CustomerInfo,
  type DamageInput,
  type ProductInput,
  type QuestionAnswer,
  type ReturnAddress,
} from './validation';

export type DraftsDeps = {
  db: Database;
  clock: Clock;
  records: Records;
  /** The customer's bought products (the checkout's order history). */
  orderHistory(customerId: number): Promise<OrderedProduct[]>;
  /** SPEC §3 prefill from the account (the customers context). */
  userInfo(customerId: number): Promise<RepairUserInfoPrefill | null>;
  /** Removes stored photos (the photos service). */
  removeStored(keys: string[]): Promise<void>;
  /** The repair mails' brand and origin; none: no mail at submission. */
  mails?: RepairMailContext;
};

export type DraftsService = ReturnType<typeof createDraftsService>;

export function createDraftsService(deps: DraftsDeps) {
  const { db, clock, records } = deps;

  /** A change to the caller's own draft, written while the repair is still a draft. */
  async function updateOwnDraft(
    customerId: number,
    repairId: number,
    change: (row: RepairRow) => Partial<typeof repairs.$inferInsert>,
  ): Promise<RepairDetail> {
    const row = await records.owned(customerId, repairId, { draft: true });
    return records.guardedUpdate(row.id, [eq(repairs.status, 'draft')], change(row));
  }

  async function resolveProduct(customerId: number, value: ProductInput): Promise<RepairProduct> {
    if ('order_line_id' in value) {
      const line = (await deps.orderHistory(customerId)).find(
        (item) => item.orderLineId === value.order_line_id,
      );
      if (!line) throw new RepairError(400, REPAIR_MESSAGES.unknownProduct);
      const option = (name: string) =>
        line.options.find((item) => item.name.toLowerCase() === name)?.value ?? '';
      return {
        source: 'order',
        order_id: line.orderId,
        order_line_id: line.orderLineId,
        product_id: line.productId,
        sku: line.sku,
        name: line.name,
        image_url: line.imageUrl,
        color: option('color'),
        size: option('size'),
        description: '',
      };
    }
    return {
      source: 'described',
      order_id: null,
      order_line_id: null,
      product_id: null,
      sku: '',
      name: value.name,
      image_url: null,
      color: value.color,
      size: value.size,
      description: value.description,
    };
  }

  /** What is still missing before `row` can be submitted (empty when it is complete). */
  async function missingForSubmit(row: RepairRow): Promise<string[]> {
    const missing: string[] = [];
    if (!row.product || !(row.product as Partial<RepairProduct>).name) missing.push('product');
    if (!userInfoSchema.safeParse(row.customerInfo).success) missing.push('customer');
    const [damages] = await db
      .select({ n: count() })
      .from(repairDamages)
      .where(eq(repairDamages.repairId, row.id));
    if ((damages?.n ?? 0) === 0) missing.push('damages');
    const answers = await db.select().from(repairQuestions).where(eq(repairQuestions.repairId, row.id));
    const unanswered = REPAIR_QUESTIONS.filter(
      (question) =>
        question.required && !answers.some((a) => a.questionId === question.id && a.answer !== ''),
    );
    if (unanswered.length > 0) missing.push('questions');
    return missing;
  }

  async function newestDraft(customerId: number): Promise<RepairRow | undefined> {
    const [row] = await db
      .select()
      .from(repairs)
      .where(and(eq(repairs.customerId, customerId), eq(repairs.status, 'draft')))
      .orderBy(desc(repairs.updatedAt), desc(repairs.id))
      .limit(1);
    return row;
  }

  return {
    /** `getRepairList`: the customer's repairs, newest first; `status` filters. */
    async list(
      customerId: number,
      query: { status?: string | null; limit?: number } = {},
    ): Promise<RepairSummary[]> {
      const conditions = [eq(repairs.customerId, customerId)];
      if (query.status) conditions.push(eq(repairs.status, query.status));
      const rows = await db
        .select({
          id: repairs.id,
          status: repairs.status,
          product: repairs.product,
          createdAt: repairs.createdAt,
          submittedAt: repairs.submittedAt,
          quoteCents: repairs.quoteCents,
          paymentOrderId: repairs.paymentOrderId,
          paidAt: repairs.paidAt,
          damageCount: count(repairDamages.id),
        })
        .from(repairs)
        .leftJoin(repairDamages, eq(repairDamages.repairId, repairs.id))
        .where(and(...conditions))
        .groupBy(repairs.id)
        .orderBy(desc(repairs.createdAt), desc(repairs.id))
        .limit(Math.min(Math.max(query.limit ?? 50, 1), 100));
      return rows.map((row) => ({
        id: row.id,
        status: row.status as RepairStatus,
        product_name: (row.product as Partial<RepairProduct>).name ?? '',
        damage_count: row.damageCount,
        created_at: row.createdAt.toISOString(),
        submitted_at: row.submittedAt?.toISOString() ?? null,
        ...paymentOf(row),
      }));
    },

    /** `getQuestionsList`. */
    questionsList() {
      return REPAIR_QUESTIONS.map((question) => ({ ...question }));
    },

    /** `getRepairQuestions/{id}`: the questions with this repair's answers. */
    async questions(customerId: number, repairId: number) {
      const row = await records.owned(customerId, repairId);
      const answers = await db.select().from(repairQuestions).where(eq(repairQuestions.repairId, row.id));
      return REPAIR_QUESTIONS.map((question) => ({
        ...question,
        answer: answers.find((answer) => answer.questionId === question.id)?.answer ?? null,
      }));
    },

    /** `getRepair/{id}`. */
    async get(customerId: number, repairId: number): Promise<RepairDetail> {
      return records.detail(await records.owned(customerId, repairId));
    },

    /** `getrepair/basic-detail/{id}`. */
    async basicDetail(customerId: number, repairId: number) {
      const row = await records.owned(customerId, repairId);
      return {
        id: row.id,
        status: row.status as RepairStatus,
        product_name: (row.product as Partial<RepairProduct>).name ?? '',
        created_at: row.createdAt.toISOString(),
        submitted_at: row.submittedAt?.toISOString() ?? null,
      };
    },

    /** `createRepair {repair, product, customer}`: a new draft. */
    async create(customerId: number, input: CreateRepairInput): Promise<RepairDetail> {
      const reason = await records.chosenReason(input.reason);
      const product = await resolveProduct(customerId, input.product);
      const [row] = await db
        .insert(repairs)
        .values({
          customerId,
          status: 'draft',
          orderId: product.order_id,
          product,
          customerInfo: input.customer,
          reasonForRequest: reason?.code ?? null,
        })
        .returning();
      return records.detail(row!);
    },

    /** `updateRepairProduct/{repair_id}`. */
    async updateProduct(customerId: number, repairId: number, input: ProductInput): Promise<RepairDetail> {
      const row = await records.owned(customerId, repairId, { draft: true });
      const product = await resolveProduct(customerId, input);
      return records.guardedUpdate(row.id, [eq(repairs.status, 'draft')], {
        product,
        orderId: product.order_id,
      });
    },

    /** `repair/customer-info/{id}`: name, phone and e-mail. */
    updateCustomerInfo(customerId: number, repairId: number, input: CustomerInfo): Promise<RepairDetail> {
      return updateOwnDraft(customerId, repairId, (row) => ({
        customerInfo: { ...row.customerInfo, ...input },
      }));
    },

    /** `repair/address-update-new/{id}`: the return address. */
    updateAddress(customerId: number, repairId: number, input: ReturnAddress): Promise<RepairDetail> {
      return updateOwnDraft(customerId, repairId, (row) => ({
        customerInfo: { ...row.customerInfo, ...input },
      }));
    },

    /** `updateRepairQuestions/{id}`: answers, each replacing the question's earlier one. */
    async updateQuestions(
      customerId: number,
      repairId: number,
      answers: QuestionAnswer[],
    ): Promise<RepairDetail> {
      const row = await records.owned(customerId, repairId, { draft: true });
      await db.transaction(async (tx) => {
        for (const answer of answers) {
          await tx
            .insert(repairQuestions)
            .values({ repairId: row.id, questionId: answer.question_id, answer: answer.answer })
            .onConflictDoUpdate({
              target: [repairQuestions.repairId, repairQuestions.questionId],
              set: { answer: answer.answer },
            });
        }
        await records.touch(row.id, tx);
      });
      return records.detail(row);
    },

    /** `updateRepairDamages/{id}`: adds damages, or changes those given with their id. */
    async updateDamages(customerId: number, repairId: number, damages: DamageInput[]) {
      const row = await records.owned(customerId, repairId, { draft: true });
      const saved: number[] = [];
      await db.transaction(async (tx) => {
        for (const damage of damages) {
          const values = {
            issueId: damage.issue_id,
            specificIssueId: damage.specific_issue_id,
            locationId: damage.location_id,
            description: damage.description,
          };
          if (damage.id !== undefined) {
            const updated = await tx
              .update(repairDamages)
              .set(values)
              .where(and(eq(repairDamages.id, damage.id), eq(repairDamages.repairId, row.id)))
              .returning({ id: repairDamages.id });
            if (updated.length === 0) throw new RepairError(404, REPAIR_MESSAGES.damageNotFound);
            saved.push(damage.id);
          } else {
            const [inserted] = await tx
              .insert(repairDamages)
              .values({ repairId: row.id, ...values })
              .returning({ id: repairDamages.id });
            saved.push(inserted!.id);
          }
        }
        await records.touch(row.id, tx);
      });
      return { saved, damages: (await records.detail(row)).damages };
    },

    /** `getRepairDamages/{id}`. */
    async damages(customerId: number, repairId: number): Promise<RepairDamage[]> {
      return (await records.detail(await records.owned(customerId, repairId))).damages;
    },

    /** `deletDamageDetails/{id}` (a damage id): the damage and its photos. */
    async deleteDamage(customerId: number, damageId: number): Promise<void> {
      const missing = () => new RepairError(404, REPAIR_MESSAGES.damageNotFound);
      const [damage] = await db.select().from(repairDamages).where(eq(repairDamages.id, damageId)).limit(1);
      if (!damage) throw missing();
      await records.owned(customerId, damage.repairId, { draft: true, missing });
      const files = await db.select().from(repairFiles).where(eq(repairFiles.damageId, damageId));
      await db.transaction(async (tx) => {
        await tx.delete(repairDamages).where(eq(repairDamages.id, damageId));
        await records.touch(damage.repairId, tx);
      });
      await deps.removeStored(files.map((file) => file.storageKey));
    },

    /** `submitRepair/{id}`: a complete draft becomes a submitted repair, once (a repeat is a 409). */
    async submit(customerId: number, repairId: number): Promise<RepairDetail> {
      const row = await records.owned(customerId, repairId, { draft: true });
      const missing = await missingForSubmit(row);
      if (missing.length > 0)
        throw new RepairError(
          400,
          REPAIR_MESSAGES.incomplete,
          Object.fromEntries(missing.map((part) => [part, [REPAIR_MESSAGES.incomplete]])),
        );
      const { mails } = deps;
      return records.guardedUpdate(
        row.id,
        [eq(repairs.status, 'draft')],
        { status: 'submitted', submittedAt: clock.now() },
        undefined,
        (updated) => {
          const subject = mails ? mailSubjectOf(updated) : null;
          return mails && subject ? repairSubmittedMail(mails, subject) : null;
        },
      );
    },

    // --- The wizard -----------------------------------------------------------------------------------------

    /** The customer's draft in progress (the newest), or null. */
    async currentDraft(customerId: number): Promise<RepairDetail | null> {
      const row = await newestDraft(customerId);
      return row ? records.detail(row) : null;
    },

    /**
     * Step 1 of the wizard: the product of the customer's draft, starting one (with the account's contact details
     * and address, SPEC §3 prefill, checked only at submission) when there is none. The wizard asks for the reason
     * with the product (the reason-for-request list, issue 13 §6): given, it is required.
     */
    async saveDraftProduct(
      customerId: number,
      input: ProductInput,
      options: { reason?: string | null } = {},
    ): Promise<RepairDetail> {
      const product = await resolveProduct(customerId, input);
      const reason =
        'reason' in options
          ? ((await records.chosenReason(options.reason ?? null, true))?.code ?? null)
          : undefined;
      const withReason = reason === undefined ? {} : { reasonForRequest: reason };
      const draft = await newestDraft(customerId);
      if (draft)
        return records.guardedUpdate(draft.id, [eq(repairs.status, 'draft')], {
          product,
          orderId: product.order_id,
          ...withReason,
        });
      const prefill = await deps.userInfo(customerId);
      const [created] = await db
        .insert(repairs)
        .values({
          customerId,
          status: 'draft',
          orderId: product.order_id,
          product,
          customerInfo: { ...(prefill ?? {}) },
          ...withReason,
        })
        .returning();
      return records.detail(created!);
    },

    /** Clears a draft (SPEC §4: a draft is created, updated and cleared): the repair, its damages and photos. */
    async discardDraft(customerId: number, repairId: number): Promise<void> {
      const row = await records.owned(customerId, repairId, { draft: true });
      const files = await db.select().from(repairFiles).where(eq(repairFiles.repairId, row.id));
      await db.delete(repairs).where(and(eq(repairs.id, row.id), eq(repairs.status, 'draft')));
      await deps.removeStored(files.map((file) => file.storageKey));
    },

    /** What the step gating needs to know of a draft. */
    progressOf: draftProgress,

    /** The wizard's three steps for this draft (SPEC §2: steps 2 and 3 start disabled). */
    steps: (draft: RepairDetail | null) => wizardSteps(draftProgress(draft)),

    /** Products the customer can pick in step 1 (their order history). */
    orderHistory: (customerId: number) => deps.orderHistory(customerId),

    /** SPEC §3 repair userInfo prefill from the account. */
    userInfo: (customerId: number) => deps.userInfo(customerId),
  };
}

export function draftProgress(draft: RepairDetail | null): DraftProgress {
  return draft ? { hasProduct: Boolean(draft.product?.name), damageCount: draft.damages.length } : null;
}
