/**
 * The repairs context's service (SPEC §2 repair flow, §4 "Repair", §7 repair admin calls): a customer's draft
 * repair (product, contact details and return address, damages with photos, answers to the questions), its
 * submission, the customer's list, and the repair desk's view. Every call that names a repair checks that it is
 * the caller's (403 otherwise). Failures are `RepairError`s carrying the HTTP status and the SPEC §8 message, so
 * the API and the wizard answer alike. Routes reach it through `context.services.repairs`.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { ZodError } from 'zod';
import type { Clock } from '../clock';
import type { OrderedProduct } from '../checkout/order-history.server';
import type { RepairOrderInput } from '../checkout/repair-payment.server';
import type { RepairUserInfoPrefill } from '../customers/repair-user-info.server';
import type { Database, Tx } from '../db/database.server';
import { repairDamages, repairFiles, repairQuestions, repairReasons, repairs } from './schema';
import { damageLabel, isKnownDamage, REPAIR_QUESTIONS } from './damage-catalogue';
import { PHOTO_TYPE_MESSAGE, photoTooLargeMessage, REPAIR_MESSAGES } from './messages';
import {
  checkPhoto,
  displayFileName,
  extensionMatches,
  isPhotoType,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_DAMAGE,
  sniffPhotoType,
  STORED_EXTENSION,
  type PhotoType,
} from './photos';
import {
  isStaffStatus,
  parseQuote,
  paymentState,
  repairPaymentPath,
  wizardSteps,
  type DraftProgress,
  type PaymentState,
  type RepairStatus,
} from './status';
import { isStorageKey, keyOwner, newStorageKey, type UploadStorage } from './storage.server';
import {
  addressSchema,
  customerInfoSchema,
  damageInputSchema,
  fileInputSchema,
  productInputSchema,
  questionAnswerSchema,
  reasonForRequestSchema,
  userInfoSchema,
  type DamageInput,
  type RepairUserInfo,
} from './validation';

export type { UploadStorage } from './storage.server';
export { createDiskStorage } from './storage.server';

/** Marks a RepairError whichever copy of this module made it (see `Symbol.hasInstance` below). */
const REPAIR_ERROR = Symbol.for('storefront.repairs.RepairError');

export class RepairError extends Error {
  readonly [REPAIR_ERROR] = true;

  /**
   * `instanceof` by brand, not by class identity: production runs two bundles (the server entry, which creates the
   * services, and the Remix build, whose routes catch their errors), each with its own copy of this class.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[REPAIR_ERROR] === true
    );
  }

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'RepairError';
  }
}

export type RepairProduct = {
  source: 'order' | 'described';
  order_id: number | null;
  order_line_id: number | null;
  product_id: number | null;
  sku: string;
  name: string;
  image_url: string | null;
  color: string;
  size: string;
  description: string;
};

export type RepairPhoto = {
  id: number;
  damage_id: number | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  url: string;
};

export type RepairDamage = {
  id: number;
  issue_id: number;
  specific_issue_id: number | null;
  location_id: number | null;
  label: string;
  description: string;
  photos: RepairPhoto[];
};

/** One entry of the reason-for-request list (SPEC §7 `GET /api/reason-for-request`). */
export type RepairReason = {
  id: number;
  /** What a repair names (`reason_for_request`). */
  code: string;
  name: string;
  /** Whether the warranty covers a repair for this reason (its quote is $0). */
  covered: boolean;
};

export type RepairDetail = {
  id: number;
  customer_id: number;
  status: RepairStatus;
  /** The code of the reason for the request (the reason-for-request list), or null when none was given. */
  reason_for_request: string | null;
  /** That reason (null when none was given, or a code the list no longer has). */
  reason: RepairReason | null;
  product: RepairProduct;
  customer: Partial<RepairUserInfo>;
  damages: RepairDamage[];
  questions: { question_id: number; answer: string }[];
  /** Photos not tied to a damage. */
  files: RepairPhoto[];
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
} & RepairPayment;

/** A repair's quote and payment (issue 13 §6). */
export type RepairPayment = {
  quote_cents: number | null;
  payment: PaymentState;
  payment_order_id: number | null;
  paid_at: string | null;
  /** Where the quote is paid (SPEC §7 `getcheckoutpaymenturl`), while payment is due. */
  payment_url: string | null;
};

export type RepairSummary = {
  id: number;
  status: RepairStatus;
  product_name: string;
  damage_count: number;
  created_at: string;
  submitted_at: string | null;
} & RepairPayment;

export type SignedUpload = {
  url: string;
  fields: { key: string; content_type: PhotoType; expires: string; signature: string };
};

/** The URL a customer's photo is served from (the repair API, owner only). */
export const photoUrl = (fileId: number) => `/api/repair-admin/repairFile/${fileId}`;

const UPLOAD_URL = '/api/repair-admin/upload';
const UPLOAD_TTL_MS = 15 * 60_000;

export type RepairsService = ReturnType<typeof createRepairsService>;

export function createRepairsService(deps: {
  db: Database;
  clock: Clock;
  storage: UploadStorage;
  /** Signs upload URLs. */
  secret: string;
  orderHistory(customerId: number): Promise<OrderedProduct[]>;
  userInfo(customerId: number): Promise<RepairUserInfoPrefill | null>;
  /** The checkout's repair-payment entry point (server/checkout/repair-payment.server.ts). */
  payments: {
    writeOrder(tx: Tx, input: RepairOrderInput, now: Date): Promise<number>;
    confirm(orderId: number): Promise<void>;
  };
}) {
  const { db, clock, storage } = deps;

  type RepairRow = typeof repairs.$inferSelect;

  /** The repair `repairId` if it is `customerId`'s: 404 when there is none, 403 when it is someone else's. */
  async function owned(customerId: number, repairId: unknown, options: { draft?: boolean } = {}) {
    const id = parseId(repairId);
    if (id === null) throw new RepairError(400, REPAIR_MESSAGES.missingRepairId);
    const [row] = await db.select().from(repairs).where(eq(repairs.id, id)).limit(1);
    if (!row) throw new RepairError(404, REPAIR_MESSAGES.notFound);
    if (row.customerId !== customerId) throw new RepairError(403, REPAIR_MESSAGES.forbidden);
    if (options.draft && row.status !== 'draft') throw new RepairError(409, REPAIR_MESSAGES.notDraft);
    return row;
  }

  /**
   * The one guarded write of a repair row: sets `values` (and `updatedAt`) on repair `id` only while every `guard`
   * still holds, and answers the updated repair; when a guard no longer holds (the repair was submitted, paid or
   * removed meanwhile), `miss` is thrown and nothing changes.
   */
  async function guardedUpdate(
    id: number,
    guards: SQL[],
    values: Partial<typeof repairs.$inferInsert>,
    miss: () => RepairError,
  ): Promise<RepairDetail> {
    const [updated] = await db
      .update(repairs)
      .set({ ...values, updatedAt: clock.now() })
      .where(and(eq(repairs.id, id), ...guards))
      .returning();
    if (!updated) throw miss();
    return detail(updated);
  }

  /**
   * A change to the caller's own draft: loads it (400 without an id, 404, 403 for another customer's, 409 once
   * submitted), lets `change` check the input and compute the new values from the row, and writes them while the
   * repair is still a draft.
   */
  async function updateOwnDraft(
    customerId: number,
    repairId: unknown,
    change: (
      row: RepairRow,
    ) => Partial<typeof repairs.$inferInsert> | Promise<Partial<typeof repairs.$inferInsert>>,
  ): Promise<RepairDetail> {
    const row = await owned(customerId, repairId, { draft: true });
    const values = await change(row);
    return guardedUpdate(row.id, [eq(repairs.status, 'draft')], values, notDraft);
  }

  const reasonColumns = {
    id: repairReasons.id,
    code: repairReasons.code,
    name: repairReasons.name,
    covered: repairReasons.covered,
  };

  /** The reason-for-request list: the reasons a customer can choose now, in the desk's order. */
  function reasonList(): Promise<RepairReason[]> {
    return db
      .select(reasonColumns)
      .from(repairReasons)
      .where(eq(repairReasons.active, true))
      .orderBy(asc(repairReasons.sortOrder), asc(repairReasons.id));
  }

  /**
   * The reason a customer or the desk chose: a code of the list's active reasons; blank or missing is no choice
   * (null) unless `required`. Anything else is a 400 naming the field.
   */
  async function chosenReason(input: unknown, required = false): Promise<RepairReason | null> {
    const refuse = () =>
      new RepairError(400, REPAIR_MESSAGES.unknownReason, {
        reason_for_request: [REPAIR_MESSAGES.unknownReason],
      });
    // null (a JSON null, a form's blank choice) is no choice, as a missing one.
    const parsed = reasonForRequestSchema.safeParse(input ?? undefined);
    if (!parsed.success) throw refuse();
    if (parsed.data === null) {
      if (required) throw refuse();
      return null;
    }
    const [reason] = await db
      .select(reasonColumns)
      .from(repairReasons)
      .where(and(eq(repairReasons.code, parsed.data), eq(repairReasons.active, true)))
      .limit(1);
    if (!reason) throw refuse();
    return reason;
  }

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

  async function resolveProduct(customerId: number, input: unknown): Promise<RepairProduct> {
    const parsed = productInputSchema.safeParse(input);
    if (!parsed.success) throw invalid(parsed.error);
    const value = parsed.data;
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

  async function touch(repairId: number) {
    await db.update(repairs).set({ updatedAt: clock.now() }).where(eq(repairs.id, repairId));
  }

  function sign(customerId: number, key: string, type: string, expires: string): string {
    return crypto
      .createHmac('sha256', deps.secret)
      .update(`repair-upload\n${customerId}\n${key}\n${type}\n${expires}`)
      .digest('base64url');
  }

  async function storePhoto(
    customerId: number,
    file: { name: string; bytes: Uint8Array },
    expectedType?: PhotoType,
  ): Promise<{ key: string; type: PhotoType }> {
    const check = checkPhoto(file);
    if (!check.ok) {
      if (check.reason === 'empty') throw new RepairError(400, REPAIR_MESSAGES.missingFile);
      if (check.reason === 'too-large') throw new RepairError(413, photoTooLargeMessage(MAX_PHOTO_BYTES));
      throw new RepairError(415, PHOTO_TYPE_MESSAGE);
    }
    if (expectedType && check.type !== expectedType) throw new RepairError(415, PHOTO_TYPE_MESSAGE);
    const key = newStorageKey(customerId, STORED_EXTENSION[check.type]);
    await storage.put(key, file.bytes);
    return { key, type: check.type };
  }

  async function attach(
    customerId: number,
    repair: RepairRow,
    files: { key: string; name: string; damageId: number | null }[],
  ): Promise<void> {
    const damageIds = [
      ...new Set(files.map((file) => file.damageId).filter((id): id is number => id !== null)),
    ];
    if (damageIds.length > 0) {
      const found = await db
        .select({ id: repairDamages.id })
        .from(repairDamages)
        .where(and(eq(repairDamages.repairId, repair.id), inArray(repairDamages.id, damageIds)));
      if (found.length !== damageIds.length) throw new RepairError(404, REPAIR_MESSAGES.damageNotFound);
      const counts = await db
        .select({ damageId: repairFiles.damageId, photos: count() })
        .from(repairFiles)
        .where(inArray(repairFiles.damageId, damageIds))
        .groupBy(repairFiles.damageId);
      for (const damageId of damageIds) {
        const existing = counts.find((row) => row.damageId === damageId)?.photos ?? 0;
        const adding = files.filter((file) => file.damageId === damageId).length;
        if (existing + adding > MAX_PHOTOS_PER_DAMAGE)
          throw new RepairError(400, REPAIR_MESSAGES.tooManyPhotos);
      }
    }
    const rows: (typeof repairFiles.$inferInsert)[] = [];
    for (const file of files) {
      if (!isStorageKey(file.key) || keyOwner(file.key) !== customerId)
        throw new RepairError(400, REPAIR_MESSAGES.unknownUpload);
      const stored = await storage.get(file.key);
      if (!stored) throw new RepairError(400, REPAIR_MESSAGES.unknownUpload);
      const type = sniffPhotoType(stored.bytes);
      if (!type) throw new RepairError(415, PHOTO_TYPE_MESSAGE);
      rows.push({
        repairId: repair.id,
        damageId: file.damageId,
        fileName: displayFileName(file.name),
        contentType: type,
        sizeBytes: stored.size,
        storageKey: file.key,
      });
    }
    if (rows.length === 0) return;
    try {
      await db.insert(repairFiles).values(rows);
    } catch (error) {
      if (isUniqueViolation(error)) throw new RepairError(409, REPAIR_MESSAGES.unknownUpload);
      throw error;
    }
    await touch(repair.id);
  }

  async function saveDamages(repair: RepairRow, damages: DamageInput[]) {
    for (const damage of damages) {
      if (
        !isKnownDamage({
          issueId: damage.issue_id,
          specificIssueId: damage.specific_issue_id,
          locationId: damage.location_id,
        })
      )
        throw new RepairError(400, REPAIR_MESSAGES.unknownIssue);
    }
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
            .where(and(eq(repairDamages.id, damage.id), eq(repairDamages.repairId, repair.id)))
            .returning({ id: repairDamages.id });
          if (updated.length === 0) throw new RepairError(404, REPAIR_MESSAGES.damageNotFound);
          saved.push(damage.id);
        } else {
          const [inserted] = await tx
            .insert(repairDamages)
            .values({ repairId: repair.id, ...values })
            .returning({ id: repairDamages.id });
          saved.push(inserted!.id);
        }
      }
      await tx.update(repairs).set({ updatedAt: clock.now() }).where(eq(repairs.id, repair.id));
    });
    return saved;
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

  return {
    // --- The customer's repairs (SPEC §7 repair admin calls) --------------------------------------------------

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

    /** SPEC §7 `GET /api/reason-for-request`: the reasons a customer can give for a request. */
    reasons: reasonList,

    /** `getQuestionsList`. */
    questionsList() {
      return REPAIR_QUESTIONS.map((question) => ({ ...question }));
    },

    /** `getRepairQuestions/{id}`: the questions with this repair's answers. */
    async questions(customerId: number, repairId: unknown) {
      const row = await owned(customerId, repairId);
      const answers = await db.select().from(repairQuestions).where(eq(repairQuestions.repairId, row.id));
      return REPAIR_QUESTIONS.map((question) => ({
        ...question,
        answer: answers.find((answer) => answer.questionId === question.id)?.answer ?? null,
      }));
    },

    /** `getRepair/{id}`. */
    async get(customerId: number, repairId: unknown): Promise<RepairDetail> {
      return detail(await owned(customerId, repairId));
    },

    /** `getrepair/basic-detail/{id}`. */
    async basicDetail(customerId: number, repairId: unknown) {
      const row = await owned(customerId, repairId);
      return {
        id: row.id,
        status: row.status as RepairStatus,
        product_name: (row.product as Partial<RepairProduct>).name ?? '',
        created_at: row.createdAt.toISOString(),
        submitted_at: row.submittedAt?.toISOString() ?? null,
      };
    },

    /** `createRepair {repair, product, customer}`: a new draft (SPEC §5: all three are needed). */
    async create(customerId: number, input: unknown): Promise<RepairDetail> {
      const body = (input ?? {}) as { repair?: unknown; product?: unknown; customer?: unknown };
      if (!isObject(input) || !isObject(body.repair) || !isObject(body.product) || !isObject(body.customer))
        throw new RepairError(400, REPAIR_MESSAGES.missingRepairData);
      const customer = userInfoSchema.safeParse(body.customer);
      if (!customer.success) throw invalid(customer.error);
      const reason = await chosenReason((body.repair as { reason_for_request?: unknown }).reason_for_request);
      const product = await resolveProduct(customerId, body.product);
      const [row] = await db
        .insert(repairs)
        .values({
          customerId,
          status: 'draft',
          orderId: product.order_id,
          product,
          customerInfo: customer.data,
          reasonForRequest: reason?.code ?? null,
        })
        .returning();
      return detail(row!);
    },

    /** `updateRepairProduct/{repair_id}`. */
    updateProduct(customerId: number, repairId: unknown, input: unknown): Promise<RepairDetail> {
      return updateOwnDraft(customerId, repairId, async () => {
        if (!isObject(input)) throw new RepairError(400, REPAIR_MESSAGES.missingRepairData);
        const product = await resolveProduct(customerId, input);
        return { product, orderId: product.order_id };
      });
    },

    /** `repair/customer-info/{id}`: name, phone and e-mail. */
    updateCustomerInfo(customerId: number, repairId: unknown, input: unknown): Promise<RepairDetail> {
      return updateOwnDraft(customerId, repairId, (row) => {
        if (!isObject(input)) throw new RepairError(400, REPAIR_MESSAGES.missingRepairData);
        const parsed = customerInfoSchema.safeParse(input);
        if (!parsed.success) throw invalid(parsed.error);
        return { customerInfo: { ...row.customerInfo, ...parsed.data } };
      });
    },

    /** `repair/address-update-new/{id}`: the return address. */
    updateAddress(customerId: number, repairId: unknown, input: unknown): Promise<RepairDetail> {
      return updateOwnDraft(customerId, repairId, (row) => {
        if (!isObject(input)) throw new RepairError(400, REPAIR_MESSAGES.missingRepairData);
        const parsed = addressSchema.safeParse(input);
        if (!parsed.success) throw invalid(parsed.error);
        return { customerInfo: { ...row.customerInfo, ...parsed.data } };
      });
    },

    /** `signedUrl {image_type, image_name, image_extension}`: where and with which fields to upload one photo. */
    signUpload(customerId: number, input: unknown): SignedUpload {
      const body = (isObject(input) ? input : {}) as Record<string, unknown>;
      const type = body.image_type;
      const name = body.image_name;
      const extension = body.image_extension;
      if (typeof name !== 'string' || name.trim() === '' || typeof extension !== 'string' || !type)
        throw new RepairError(400, REPAIR_MESSAGES.missingUploadParams);
      if (!isPhotoType(type) || !extensionMatches(type, extension))
        throw new RepairError(415, PHOTO_TYPE_MESSAGE);
      const key = newStorageKey(customerId, STORED_EXTENSION[type]);
      const expires = String(clock.now().getTime() + UPLOAD_TTL_MS);
      return {
        url: UPLOAD_URL,
        fields: { key, content_type: type, expires, signature: sign(customerId, key, type, expires) },
      };
    },

    /** The form upload to a signed URL: checks the signature, the size and the content, then stores the photo. */
    async receiveSignedUpload(
      customerId: number,
      fields: Record<string, unknown>,
      file: { name: string; bytes: Uint8Array } | null,
    ): Promise<{ key: string }> {
      const { key, content_type: type, expires, signature } = fields;
      if (
        typeof key !== 'string' ||
        typeof type !== 'string' ||
        typeof expires !== 'string' ||
        typeof signature !== 'string'
      )
        throw new RepairError(400, REPAIR_MESSAGES.missingUploadParams);
      const expected = sign(customerId, key, type, expires);
      const valid =
        isStorageKey(key) &&
        keyOwner(key) === customerId &&
        isPhotoType(type) &&
        signature.length === expected.length &&
        crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) &&
        Number(expires) > clock.now().getTime();
      if (!valid) throw new RepairError(403, REPAIR_MESSAGES.uploadExpired);
      if (!file || file.bytes.length === 0) throw new RepairError(400, REPAIR_MESSAGES.missingFile);
      if (file.bytes.length > MAX_PHOTO_BYTES)
        throw new RepairError(413, photoTooLargeMessage(MAX_PHOTO_BYTES));
      if (sniffPhotoType(file.bytes) !== type) throw new RepairError(415, PHOTO_TYPE_MESSAGE);
      if ((await storage.size(key)) !== null) throw new RepairError(409, REPAIR_MESSAGES.uploadExpired);
      await storage.put(key, file.bytes);
      return { key };
    },

    /** `uploadRepairFiles/{id} {files: [{key, name, damage_id}]}`: attaches uploaded photos to the repair. */
    async uploadFiles(customerId: number, repairId: unknown, input: unknown): Promise<RepairDetail> {
      const files = isObject(input) ? (input as { files?: unknown }).files : undefined;
      if (parseId(repairId) === null || !Array.isArray(files) || files.length === 0)
        throw new RepairError(400, REPAIR_MESSAGES.missingFiles);
      const row = await owned(customerId, repairId, { draft: true });
      const parsed = fileInputSchema
        .array()
        .max(MAX_PHOTOS_PER_DAMAGE * 4)
        .safeParse(files);
      if (!parsed.success) throw new RepairError(400, REPAIR_MESSAGES.missingFiles);
      await attach(
        customerId,
        row,
        parsed.data.map((file) => ({ key: file.key, name: file.name ?? 'photo', damageId: file.damage_id })),
      );
      return detail(row);
    },

    /** The wizard without JavaScript: photos of a multipart form stored and attached in one go. */
    async addPhotos(
      customerId: number,
      repairId: unknown,
      damageId: number | null,
      files: { name: string; bytes: Uint8Array }[],
    ): Promise<{ attached: string[]; refused: { name: string; message: string }[] }> {
      const row = await owned(customerId, repairId, { draft: true });
      const stored: { key: string; name: string; damageId: number | null }[] = [];
      const refused: { name: string; message: string }[] = [];
      for (const file of files) {
        try {
          const { key } = await storePhoto(customerId, file);
          stored.push({ key, name: file.name, damageId });
        } catch (error) {
          if (!(error instanceof RepairError)) throw error;
          refused.push({ name: displayFileName(file.name), message: error.message });
        }
      }
      try {
        await attach(customerId, row, stored);
      } catch (error) {
        await Promise.all(stored.map((file) => storage.delete(file.key)));
        throw error;
      }
      return { attached: stored.map((file) => displayFileName(file.name)), refused };
    },

    /** Removes one photo of a draft (its file too). */
    async deleteFile(customerId: number, fileId: unknown): Promise<void> {
      const id = parseId(fileId);
      if (id === null) throw new RepairError(400, REPAIR_MESSAGES.missingFiles);
      const [file] = await db.select().from(repairFiles).where(eq(repairFiles.id, id)).limit(1);
      if (!file) throw new RepairError(404, REPAIR_MESSAGES.unknownUpload);
      await owned(customerId, file.repairId, { draft: true });
      await db.delete(repairFiles).where(eq(repairFiles.id, id));
      await storage.delete(file.storageKey);
      await touch(file.repairId);
    },

    /** A photo's bytes for its owner. */
    async photo(customerId: number, fileId: unknown) {
      const id = parseId(fileId);
      if (id === null) throw new RepairError(400, REPAIR_MESSAGES.missingFiles);
      const [file] = await db.select().from(repairFiles).where(eq(repairFiles.id, id)).limit(1);
      if (!file) throw new RepairError(404, REPAIR_MESSAGES.unknownUpload);
      await owned(customerId, file.repairId);
      const stored = await storage.get(file.storageKey);
      if (!stored) throw new RepairError(404, REPAIR_MESSAGES.unknownUpload);
      return { bytes: stored.bytes, contentType: file.contentType };
    },

    /** `updateRepairQuestions/{id} {questions: [{question_id, answer}]}`. */
    async updateQuestions(customerId: number, repairId: unknown, input: unknown): Promise<RepairDetail> {
      const questions = isObject(input) ? (input as { questions?: unknown }).questions : undefined;
      if (parseId(repairId) === null || !Array.isArray(questions) || questions.length === 0)
        throw new RepairError(400, REPAIR_MESSAGES.missingQuestions);
      const row = await owned(customerId, repairId, { draft: true });
      const parsed = questionAnswerSchema.array().max(REPAIR_QUESTIONS.length).safeParse(questions);
      if (!parsed.success) throw invalid(parsed.error, REPAIR_MESSAGES.missingQuestions);
      if (
        parsed.data.some((answer) => !REPAIR_QUESTIONS.some((question) => question.id === answer.question_id))
      )
        throw new RepairError(400, REPAIR_MESSAGES.missingQuestions);
      await db.transaction(async (tx) => {
        for (const answer of parsed.data) {
          await tx
            .insert(repairQuestions)
            .values({ repairId: row.id, questionId: answer.question_id, answer: answer.answer })
            .onConflictDoUpdate({
              target: [repairQuestions.repairId, repairQuestions.questionId],
              set: { answer: answer.answer },
            });
        }
        await tx.update(repairs).set({ updatedAt: clock.now() }).where(eq(repairs.id, row.id));
      });
      return detail(row);
    },

    /** `updateRepairDamages/{id} {damages: [...]}`: adds damages, or changes those given with their id. */
    async updateDamages(customerId: number, repairId: unknown, input: unknown) {
      const damages = isObject(input) ? (input as { damages?: unknown }).damages : undefined;
      const row = await owned(customerId, repairId, { draft: true });
      if (!Array.isArray(damages) || damages.length === 0)
        throw new RepairError(400, REPAIR_MESSAGES.missingRepairData);
      const parsed = damageInputSchema.array().max(20).safeParse(damages);
      if (!parsed.success) throw invalid(parsed.error);
      const ids = await saveDamages(row, parsed.data);
      const all = await detail(row);
      return { saved: ids, damages: all.damages };
    },

    /** `getRepairDamages/{id}`. */
    async damages(customerId: number, repairId: unknown): Promise<RepairDamage[]> {
      return (await detail(await owned(customerId, repairId))).damages;
    },

    /** `deletDamageDetails/{id}` (a damage id): the damage and its photos. */
    async deleteDamage(customerId: number, damageId: unknown): Promise<void> {
      const id = parseId(damageId);
      if (id === null) throw new RepairError(400, REPAIR_MESSAGES.missingDamageId);
      const [damage] = await db.select().from(repairDamages).where(eq(repairDamages.id, id)).limit(1);
      if (!damage) throw new RepairError(404, REPAIR_MESSAGES.damageNotFound);
      await owned(customerId, damage.repairId, { draft: true });
      const files = await db.select().from(repairFiles).where(eq(repairFiles.damageId, id));
      await db.transaction(async (tx) => {
        await tx.delete(repairDamages).where(eq(repairDamages.id, id));
        await tx.update(repairs).set({ updatedAt: clock.now() }).where(eq(repairs.id, damage.repairId));
      });
      await Promise.all(files.map((file) => storage.delete(file.storageKey)));
    },

    /** `submitRepair/{id}`: a complete draft becomes a submitted repair, once (a repeat is a 409). */
    async submit(customerId: number, repairId: unknown): Promise<RepairDetail> {
      const row = await owned(customerId, repairId, { draft: true });
      const missing = await missingForSubmit(row);
      if (missing.length > 0)
        throw new RepairError(
          400,
          REPAIR_MESSAGES.incomplete,
          Object.fromEntries(missing.map((part) => [part, [REPAIR_MESSAGES.incomplete]])),
        );
      return guardedUpdate(
        row.id,
        [eq(repairs.status, 'draft')],
        { status: 'submitted', submittedAt: clock.now() },
        notDraft,
      );
    },

    // --- Paid repairs (issue 13 §6) --------------------------------------------------------------------------

    /** SPEC §7 `getcheckoutpaymenturl/{id}`: where the customer pays the repair's quote, while it is due. */
    async checkoutPaymentUrl(customerId: number, repairId: unknown): Promise<{ checkout_url: string }> {
      const row = await owned(customerId, repairId);
      const { payment_url: url } = paymentOf(row);
      if (!url) throw new RepairError(409, REPAIR_MESSAGES.noPaymentDue);
      return { checkout_url: url };
    },

    /** The repair the payment page shows: the customer's, quoted at an amount (due or already paid). */
    async forPayment(customerId: number, repairId: unknown): Promise<RepairDetail> {
      const row = await owned(customerId, repairId);
      const { payment } = paymentOf(row);
      if (payment !== 'due' && payment !== 'paid') throw new RepairError(409, REPAIR_MESSAGES.noPaymentDue);
      return detail(row);
    },

    /**
     * Pays the repair's quote: in one transaction the repair is locked, its quote checked to be due, the order
     * written by the checkout, and the repair marked paid. A repair that is paid already answers its order
     * (`replayed`): a repeated submit, or two at once, pay once.
     */
    async pay(
      customerId: number,
      repairId: unknown,
      input: Pick<RepairOrderInput, 'email' | 'address'>,
    ): Promise<{ orderId: number; replayed: boolean }> {
      await owned(customerId, repairId);
      const id = parseId(repairId)!;
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(repairs).where(eq(repairs.id, id)).for('update').limit(1);
        if (!row || row.customerId !== customerId) throw new RepairError(404, REPAIR_MESSAGES.notFound);
        if (row.paymentOrderId !== null) return { orderId: row.paymentOrderId, replayed: true };
        const { payment } = paymentOf(row);
        if (payment !== 'due') throw new RepairError(409, REPAIR_MESSAGES.noPaymentDue);
        const product = (row.product as Partial<RepairProduct>).name ?? '';
        const now = clock.now();
        const orderId = await deps.payments.writeOrder(
          tx,
          {
            customerId,
            repairId: row.id,
            description: `Warranty repair #${row.id}${product ? `: ${product}` : ''}`,
            amountCents: row.quoteCents!,
            email: input.email,
            address: input.address,
          },
          now,
        );
        await tx
          .update(repairs)
          .set({ paymentOrderId: orderId, paidAt: now, updatedAt: now })
          .where(eq(repairs.id, row.id));
        return { orderId, replayed: false };
      });
      if (!outcome.replayed) await deps.payments.confirm(outcome.orderId);
      return outcome;
    },

    // --- The wizard -----------------------------------------------------------------------------------------

    /** The customer's draft in progress (the newest), or null. */
    async currentDraft(customerId: number): Promise<RepairDetail | null> {
      const [row] = await db
        .select()
        .from(repairs)
        .where(and(eq(repairs.customerId, customerId), eq(repairs.status, 'draft')))
        .orderBy(desc(repairs.updatedAt), desc(repairs.id))
        .limit(1);
      return row ? detail(row) : null;
    },

    /**
     * Step 1 of the wizard: the product of the customer's draft, starting one (with the account's contact details
     * and address, SPEC §3 prefill, checked only at submission) when there is none.
     */
    async saveDraftProduct(
      customerId: number,
      input: unknown,
      options: { reason?: unknown } = {},
    ): Promise<RepairDetail> {
      const product = await resolveProduct(customerId, input);
      // The wizard asks for the reason with the product (the reason-for-request list, issue 13 §6).
      const reason =
        'reason' in options ? ((await chosenReason(options.reason, true))?.code ?? null) : undefined;
      const withReason = reason === undefined ? {} : { reasonForRequest: reason };
      const [draft] = await db
        .select()
        .from(repairs)
        .where(and(eq(repairs.customerId, customerId), eq(repairs.status, 'draft')))
        .orderBy(desc(repairs.updatedAt), desc(repairs.id))
        .limit(1);
      if (draft)
        return guardedUpdate(
          draft.id,
          [eq(repairs.status, 'draft')],
          { product, orderId: product.order_id, ...withReason },
          notDraft,
        );
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
      return detail(created!);
    },

    /** Clears a draft (SPEC §4: a draft is created, updated and cleared): the repair, its damages and photos. */
    async discardDraft(customerId: number, repairId: unknown): Promise<void> {
      const row = await owned(customerId, repairId, { draft: true });
      const files = await db.select().from(repairFiles).where(eq(repairFiles.repairId, row.id));
      await db.delete(repairs).where(and(eq(repairs.id, row.id), eq(repairs.status, 'draft')));
      await Promise.all(files.map((file) => storage.delete(file.storageKey)));
    },

    /** What the step gating needs to know of a draft. */
    progressOf: draftProgress,

    /** The wizard's three steps for this draft (SPEC §2: steps 2 and 3 start disabled). */
    steps: (draft: RepairDetail | null) => wizardSteps(draftProgress(draft)),

    /** Products the customer can pick in step 1 (their order history). */
    orderHistory: (customerId: number) => deps.orderHistory(customerId),

    /** SPEC §3 repair userInfo prefill from the account. */
    userInfo: (customerId: number) => deps.userInfo(customerId),

    // --- The repair desk ------------------------------------------------------------------------------------

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
      return Promise.all(rows.map(detail));
    },

    /** Moves a submitted repair to a staff status (received, quoted, in repair, shipped). */
    async setStatus(repairId: unknown, status: unknown): Promise<RepairDetail> {
      const id = parseId(repairId);
      if (id === null) throw new RepairError(400, REPAIR_MESSAGES.missingRepairId);
      if (!isStaffStatus(status)) throw new RepairError(400, 'Please choose a status from the list.');
      return guardedUpdate(
        id,
        [ne(repairs.status, 'draft')],
        { status },
        () => new RepairError(404, REPAIR_MESSAGES.notFound),
      );
    },

    /**
     * The repair desk's quote, typed in dollars: the repair becomes `quoted`; 0 means the warranty covers it, any
     * other amount is paid by the customer through the repair payment path. A paid repair's quote stays.
     */
    async setQuote(repairId: unknown, amount: unknown, reasonCode?: unknown): Promise<RepairDetail> {
      const id = parseId(repairId);
      if (id === null) throw new RepairError(400, REPAIR_MESSAGES.missingRepairId);
      const quoteCents = parseQuote(amount);
      if (quoteCents === null) throw new RepairError(400, REPAIR_MESSAGES.quoteInvalid);
      // The desk may set the reason as it quotes (from the same list); blank keeps the customer's.
      const chosen = await chosenReason(reasonCode);
      const [row] = await db.select().from(repairs).where(eq(repairs.id, id)).limit(1);
      if (!row) throw new RepairError(404, REPAIR_MESSAGES.notFound);
      if (row.status === 'draft') throw new RepairError(409, REPAIR_MESSAGES.quoteNotSubmitted);
      const reason = chosen ?? (await reasonNamed(row.reasonForRequest));
      if (reason?.covered && quoteCents > 0) throw new RepairError(400, REPAIR_MESSAGES.quoteCovered);
      return guardedUpdate(
        id,
        [ne(repairs.status, 'draft'), isNull(repairs.paidAt)],
        { status: 'quoted', quoteCents, ...(chosen ? { reasonForRequest: chosen.code } : {}) },
        () => new RepairError(409, REPAIR_MESSAGES.quotePaid),
      );
    },

    /** A photo's bytes for the repair desk. */
    async staffPhoto(fileId: unknown) {
      const id = parseId(fileId);
      if (id === null) throw new RepairError(400, REPAIR_MESSAGES.missingFiles);
      const [file] = await db
        .select({ key: repairFiles.storageKey, contentType: repairFiles.contentType, status: repairs.status })
        .from(repairFiles)
        .innerJoin(repairs, eq(repairs.id, repairFiles.repairId))
        .where(eq(repairFiles.id, id))
        .limit(1);
      if (!file || file.status === 'draft') throw new RepairError(404, REPAIR_MESSAGES.unknownUpload);
      const stored = await storage.get(file.key);
      if (!stored) throw new RepairError(404, REPAIR_MESSAGES.unknownUpload);
      return { bytes: stored.bytes, contentType: file.contentType };
    },
  };
}

/** A change to a repair that is no longer a draft. */
const notDraft = () => new RepairError(409, REPAIR_MESSAGES.notDraft);

/** The payment fields of a repair row. */
function paymentOf(row: {
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

export function draftProgress(draft: RepairDetail | null): DraftProgress {
  return draft ? { hasProduct: Boolean(draft.product?.name), damageCount: draft.damages.length } : null;
}

/** A positive 32-bit id from a path segment or a number; null for anything else. */
export function parseId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A 400 with the first message of each invalid field. */
function invalid(error: ZodError, message: string = REPAIR_MESSAGES.missingRepairData): RepairError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = issue.path.join('.') || 'form';
    (fieldErrors[name] ??= []).push(issue.message);
  }
  return new RepairError(400, message, fieldErrors);
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}
