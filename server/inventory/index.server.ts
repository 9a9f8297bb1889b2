/**
 * The inventory context (SPEC §3 inventory record, §7 warehouse endpoints, back-in-stock requests). Routes
 * reach it through `context.services.inventory` and import only its types and pure modules.
 */
import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/database.server';
import type { MailService } from '../mail/index.server';
import { alreadySubscribedMail, confirmationMail } from './back-in-stock-mail';
import { createNoticeSweep, type NoticeSweep } from './notice-sweep.server';
import { createStockDesk, LOOKUP_LIMIT } from './stock-desk.server';
import { createStockFeed } from './stock-feed.server';
import {
  groupByBaseSku,
  levelsFor,
  type InventoryAudience,
  type InventoryGroup,
  type InventoryLevel,
  type InventoryRecord,
} from './levels';
import { backInStockRequests, inventoryRecords } from './schema';

export type * from './levels';
export type { AdjustInput, AdjustOutcome, StockAdjustment, StockKind, StockRow } from './stock-desk.server';
export type { FeedOutcome, FeedToken, FeedTokenListing } from './stock-feed.server';
export { parseFeed, MAX_FEED_ITEMS, MAX_FEED_BYTES, type FeedBatch, type FeedSummary } from './stock-feed';
export { NOTICES_PER_SKU_PER_TRANSACTION, NOTICES_PER_TRANSACTION } from './back-in-stock-notices.server';
export { MAX_STOCK_QUANTITY, STOCK_MESSAGES } from './stock-messages';
export { buyableLevel, isUnderBaseSku, parseSkuList } from './levels';

export type BackInStockOutcome =
  /**
   * A confirmation mail is queued (or one was queued less than a minute ago): the request counts once its link is
   * used. Already confirmed requests get a mail saying so. The shopper is told the same in every case, so the
   * form never reveals which address asked for what.
   */
  | { kind: 'confirmation-sent'; mailed: boolean }
  /** No variant has this SKU. */
  | { kind: 'unknown-sku' };

export type BackInStockConfirmation =
  | { kind: 'confirmed'; sku: string; productName: string }
  /** Unknown, already used or expired. */
  | { kind: 'invalid' };

export type BackInStockLink = { sku: string; productName: string };

export type InventoryService = ReturnType<typeof createStockDesk> &
  ReturnType<typeof createStockFeed> &
  NoticeSweep & {
    /** Levels of the given SKUs, in the order given; SKUs without a record are at 0. */
    getLevels(skus: readonly string[], audience: InventoryAudience): Promise<InventoryLevel[]>;
    /** `basedOnSku=true`: each base SKU (parent or colorway) with the variants under it. */
    getLevelsByBaseSku(bases: readonly string[], audience: InventoryAudience): Promise<InventoryGroup[]>;
    /**
     * Which of these SKUs have stock (standard plus pro above 0), upper-cased: the catalogue's search documents ask.
     * One statement whatever the number of SKUs (they travel as one JSON parameter); on `tx` when given.
     */
    skusInStock(skus: readonly string[], tx?: Tx): Promise<Set<string>>;
    /** Whether a variant with this SKU exists (the back-in-stock form's database check). */
    variantExists(sku: string): Promise<boolean>;
    /**
     * `email` asks to hear when the variant `sku` is back: the request is stored unconfirmed and a confirmation mail
     * with a single-use link (`{origin}/back-in-stock/confirm?token=…`, valid 48 hours) is queued.
     */
    requestBackInStock(email: string, sku: string, options: { origin: string }): Promise<BackInStockOutcome>;
    /** What a confirmation token is for, without using it; null when it is unknown, used or expired. */
    findBackInStockLink(token: string): Promise<BackInStockLink | null>;
    /** Uses a confirmation token once: the request counts from now on. */
    confirmBackInStock(token: string): Promise<BackInStockConfirmation>;
    /** The confirmed, not yet notified addresses waiting for a variant (unconfirmed requests do not count). */
    backInStockSubscribers(sku: string): Promise<string[]>;
  };

/** How long a confirmation link works. */
export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
/** A repeated request within this time queues no second mail (a double submit, a reload that posts again). */
export const CONFIRMATION_RESEND_MS = 60 * 1000;
export const BACK_IN_STOCK_CONFIRM_PATH = '/back-in-stock/confirm';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const recordColumns = {
  variantSku: inventoryRecords.variantSku,
  standardQuantity: inventoryRecords.standardQuantity,
  proQuantity: inventoryRecords.proQuantity,
};

/** `like` wildcards in a SKU prefix are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** What inventory needs of the catalogue: a variant by SKU and its product's name (refusing unknown SKUs, mails). */
export type VariantLookup = {
  findVariant(sku: string): Promise<{ sku: string; productName: string } | null>;
  /**
   * Variants by SKU list or base SKU with their product page (colour and size chosen); on `tx` when given. Without
   * it (tests and benchmarks of other things) no SKU is known to the stock desk, the feed or the notices.
   */
  variantLinks?(
    query: { skus: readonly string[] } | { base: string; limit: number },
    tx?: Tx,
  ): Promise<{ sku: string; productName: string; color: string | null; size: string | null; path: string }[]>;
};

export function createInventoryService({
  db,
  clock,
  mail,
  catalogue,
  links,
}: {
  db: Database;
  clock: Clock;
  mail: MailService;
  catalogue: VariantLookup;
  /** The back-in-stock notices' absolute links (`PUBLIC_URL`) and brand (decision 098). */
  links?: { origin: string; siteName: string };
}): InventoryService {
  const findVariant = (sku: string) => catalogue.findVariant(sku);
  const variantLinks = catalogue.variantLinks?.bind(catalogue) ?? (async () => []);
  const notices = {
    origin: links?.origin ?? '',
    siteName: links?.siteName ?? '',
    links: (skus: readonly string[], tx: Tx) => variantLinks({ skus }, tx),
  };

  return {
    ...createStockDesk({
      db,
      notices,
      variantsUnder: (base) => variantLinks({ base, limit: LOOKUP_LIMIT }),
    }),
    ...createStockFeed({ db, clock, notices }),
    ...createNoticeSweep({ db, notices }),
    async getLevels(skus, audience) {
      if (skus.length === 0) return [];
      const upper = skus.map((sku) => sku.toUpperCase());
      const records: InventoryRecord[] = await db
        .select(recordColumns)
        .from(inventoryRecords)
        .where(inArray(sql`upper(${inventoryRecords.variantSku})`, upper));
      return levelsFor(skus, records, audience);
    },

    async getLevelsByBaseSku(bases, audience) {
      if (bases.length === 0) return [];
      const records: InventoryRecord[] = await db
        .select(recordColumns)
        .from(inventoryRecords)
        .where(
          // The base SKU itself or its colourways and sizes (`BASE-…`), both through the upper(sku) index.
          or(
            ...bases.flatMap((base) => [
              eq(sql`upper(${inventoryRecords.variantSku})`, base.toUpperCase()),
              like(sql`upper(${inventoryRecords.variantSku})`, `${escapeLike(base.toUpperCase())}-%`),
            ]),
          ),
        );
      return groupByBaseSku(bases, records, audience);
    },

    async skusInStock(skus, tx) {
      if (skus.length === 0) return new Set();
      const upper = [...new Set(skus.map((sku) => sku.toUpperCase()))];
      const rows = await (tx ?? db)
        .select({ sku: sql<string>`upper(${inventoryRecords.variantSku})` })
        .from(inventoryRecords)
        .where(
          and(
            sql`upper(${inventoryRecords.variantSku}) in (select value from json_array_elements_text(${JSON.stringify(upper)}::json))`,
            sql`${inventoryRecords.standardQuantity} + ${inventoryRecords.proQuantity} > 0`,
          ),
        );
      return new Set(rows.map((row) => row.sku));
    },

    async variantExists(sku) {
      return (await findVariant(sku)) !== null;
    },

    async requestBackInStock(email, sku, { origin }) {
      const variant = await findVariant(sku);
      if (!variant) return { kind: 'unknown-sku' };
      const normalEmail = email.trim().toLowerCase();
      const now = clock.now();
      const token = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS);
      const recentlySent = new Date(now.getTime() - CONFIRMATION_RESEND_MS).toISOString();
      const pending = {
        confirmTokenHash: hashToken(token),
        confirmTokenExpiresAt: expiresAt,
        confirmationSentAt: now,
      };
      // One statement decides: a new request, or an existing one that is not confirmed and waiting (or was
      // notified already and asks again), gets a fresh token; a confirmed, waiting one and one mailed within the
      // last minute keep theirs.
      const [row] = await db
        .insert(backInStockRequests)
        .values({ email: normalEmail, variantSku: variant.sku, ...pending })
        .onConflictDoUpdate({
          target: [backInStockRequests.email, backInStockRequests.variantSku],
          set: { ...pending, confirmedAt: null, notifiedAt: null },
          setWhere: sql`(${backInStockRequests.confirmedAt} is null or ${backInStockRequests.notifiedAt} is not null)
            and (${backInStockRequests.confirmationSentAt} is null
              or ${backInStockRequests.confirmationSentAt} <= ${recentlySent}::timestamptz
              or ${backInStockRequests.notifiedAt} is not null)`,
        })
        .returning({ id: backInStockRequests.id });
      if (row) {
        await mail.enqueue(
          confirmationMail({
            to: normalEmail,
            productName: variant.productName,
            sku: variant.sku,
            link: `${origin}${BACK_IN_STOCK_CONFIRM_PATH}?token=${token}`,
            siteName: notices.siteName,
          }),
        );
        return { kind: 'confirmation-sent', mailed: true };
      }
      const [existing] = await db
        .select({
          confirmedAt: backInStockRequests.confirmedAt,
          confirmationSentAt: backInStockRequests.confirmationSentAt,
        })
        .from(backInStockRequests)
        .where(
          and(eq(backInStockRequests.email, normalEmail), eq(backInStockRequests.variantSku, variant.sku)),
        );
      if (existing?.confirmedAt) {
        // Confirmed and waiting: say so by mail (once a minute), never on the page.
        const claimed = await db
          .update(backInStockRequests)
          .set({ confirmationSentAt: now })
          .where(
            and(
              eq(backInStockRequests.email, normalEmail),
              eq(backInStockRequests.variantSku, variant.sku),
              sql`(${backInStockRequests.confirmationSentAt} is null or ${backInStockRequests.confirmationSentAt} <= ${recentlySent}::timestamptz)`,
            ),
          )
          .returning({ id: backInStockRequests.id });
        if (claimed.length > 0) {
          await mail.enqueue(
            alreadySubscribedMail({
              to: normalEmail,
              productName: variant.productName,
              sku: variant.sku,
              siteName: notices.siteName,
            }),
          );
          return { kind: 'confirmation-sent', mailed: true };
        }
      }
      return { kind: 'confirmation-sent', mailed: false };
    },

    async findBackInStockLink(token) {
      const [row] = await db
        .select({ sku: backInStockRequests.variantSku })
        .from(backInStockRequests)
        .where(
          and(
            eq(backInStockRequests.confirmTokenHash, hashToken(token)),
            gt(backInStockRequests.confirmTokenExpiresAt, clock.now()),
          ),
        )
        .limit(1);
      const variant = row ? await findVariant(row.sku) : null;
      return variant && row ? { sku: row.sku, productName: variant.productName } : null;
    },

    async confirmBackInStock(token) {
      const now = clock.now();
      // Single use: the one update that matches clears the hash, so a second use matches nothing.
      const [row] = await db
        .update(backInStockRequests)
        .set({ confirmedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null })
        .where(
          and(
            eq(backInStockRequests.confirmTokenHash, hashToken(token)),
            gt(backInStockRequests.confirmTokenExpiresAt, now),
          ),
        )
        .returning({ sku: backInStockRequests.variantSku });
      if (!row) return { kind: 'invalid' };
      const variant = await findVariant(row.sku);
      return { kind: 'confirmed', sku: row.sku, productName: variant?.productName ?? row.sku };
    },

    async backInStockSubscribers(sku) {
      const rows = await db
        .select({ email: backInStockRequests.email })
        .from(backInStockRequests)
        .where(
          and(
            eq(backInStockRequests.variantSku, sku),
            isNotNull(backInStockRequests.confirmedAt),
            isNull(backInStockRequests.notifiedAt),
          ),
        )
        .orderBy(backInStockRequests.id);
      return rows.map((row) => row.email);
    },
  };
}

export { returnStock, takeStock, type StockDemand } from './take-stock.server';
export { setStockLevels, type StockLevelRecord } from './set-levels.server';
export { forgetBackInStockRequests } from './forget.server';
