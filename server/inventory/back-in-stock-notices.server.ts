/**
 * Back-in-stock notices (issue 25 §5, decision 098). A confirmed request is mailed once, when its variant's
 * standard (consumer) stock goes from 0 to above 0, and then removed:
 *
 * 1. the transaction that brings a SKU back (an order cancelled: `returnStock`; the stock feed; a stock desk
 *    adjustment) marks the SKU's confirmed requests due (`notice_due_at`), in that transaction, so a restock that
 *    commits always leaves its notices due and a restock that rolls back leaves none;
 * 2. a due request is claimed (`for update skip locked`) and deleted in the same transaction that stores its mail in
 *    the outbox: deleted once, mailed once, whichever app server or restock gets to it first; a crash before the
 *    commit leaves it due, a crash after leaves the mail in the outbox.
 *
 * The feed and the desk do both steps in their own transaction (up to the limits below); `returnStock`, which runs in
 * another context's transaction and has no mail to render, does step 1, and the sweep (every few seconds on each
 * app server) does step 2 for whatever is left due. The limits keep one transaction from flooding the outbox: the
 * rest stays due for the next sweep.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { enqueueInTransaction } from '../mail/index.server';
import { backInStockMail } from './back-in-stock-mail';
import { backInStockRequests, inventoryRecords } from './schema';

/** At most this many notices of one SKU are queued by one transaction (a restock, or one sweep). */
export const NOTICES_PER_SKU_PER_TRANSACTION = 50;
/** At most this many notices are queued by one transaction, whatever the SKUs. */
export const NOTICES_PER_TRANSACTION = 500;

/** What a notice needs beyond the request: the variant's page, the store's origin and the brand. */
export type NoticeContext = {
  /** `PUBLIC_URL` (the product link is absolute). */
  origin: string;
  siteName: string;
  /** The variants' product names and pages (the catalogue's), read on `tx`. */
  links(
    skus: readonly string[],
    tx: Tx,
  ): Promise<{ sku: string; productName: string; size: string | null; color: string | null; path: string }[]>;
};

/** A SKU's standard stock before and after a change in the current transaction. */
export type StandardChange = { sku: string; before: number; after: number };

/** The SKUs that came back: standard stock from 0 (or no record) to above 0. */
export const restockedSkus = (changes: readonly StandardChange[]): string[] => [
  ...new Set(changes.filter((change) => change.before <= 0 && change.after > 0).map((change) => change.sku)),
];

/**
 * When this process last marked notices due (or left some due over the limits): the sweep looks for due notices
 * for a while after it, and otherwise only now and then (decision 098), so an idle store sends no statements.
 * Only a hint: a mark in a transaction that rolls back costs one sweep that finds nothing.
 */
let lastDueHint = Number.NEGATIVE_INFINITY;
export const noticesDueHint = (): number => lastDueHint;
export const hintNoticesDue = (): void => {
  lastDueHint = Date.now();
};

/** Step 1: the confirmed requests waiting for these SKUs become due, in `tx`. Answers how many did. */
export async function markNoticesDue(tx: Tx, skus: readonly string[]): Promise<number> {
  if (skus.length === 0) return 0;
  const rows = await tx
    .update(backInStockRequests)
    .set({ noticeDueAt: sql`now()` })
    .where(
      and(
        inArray(backInStockRequests.variantSku, [...skus]),
        isNotNull(backInStockRequests.confirmedAt),
        isNull(backInStockRequests.noticeDueAt),
      ),
    )
    .returning({ id: backInStockRequests.id });
  if (rows.length > 0) hintNoticesDue();
  return rows.length;
}

/**
 * Step 2, in `tx`: claims due requests whose SKU has standard stock now (of `skus` only, when given), at most the
 * limits, deletes them and stores one mail each. A request whose variant the catalogue no longer has is deleted
 * without a mail. Answers the notices queued.
 */
export async function sendDueNotices(
  tx: Tx,
  context: NoticeContext,
  options: { skus?: readonly string[]; perSku?: number; total?: number } = {},
): Promise<number> {
  const perSku = options.perSku ?? NOTICES_PER_SKU_PER_TRANSACTION;
  const total = options.total ?? NOTICES_PER_TRANSACTION;
  if (options.skus?.length === 0) return 0;
  const candidates = await tx
    .select({ id: backInStockRequests.id, sku: backInStockRequests.variantSku })
    .from(backInStockRequests)
    .innerJoin(
      inventoryRecords,
      and(
        eq(inventoryRecords.variantSku, backInStockRequests.variantSku),
        gt(inventoryRecords.standardQuantity, 0),
      ),
    )
    .where(
      and(
        isNotNull(backInStockRequests.noticeDueAt),
        options.skus ? inArray(backInStockRequests.variantSku, [...options.skus]) : undefined,
      ),
    )
    .orderBy(asc(backInStockRequests.noticeDueAt), asc(backInStockRequests.id))
    .limit(total)
    // Another transaction claiming the same requests holds them: skip them, it mails them.
    .for('update', { of: backInStockRequests, skipLocked: true });
  const perSkuCount = new Map<string, number>();
  const chosen = candidates.filter((candidate) => {
    const count = perSkuCount.get(candidate.sku) ?? 0;
    perSkuCount.set(candidate.sku, count + 1);
    return count < perSku;
  });
  // Some left for the next sweep (over a limit): it should come soon.
  if (chosen.length < candidates.length || candidates.length === total) hintNoticesDue();
  if (chosen.length === 0) return 0;
  const claimed = await tx
    .delete(backInStockRequests)
    .where(
      inArray(
        backInStockRequests.id,
        chosen.map((candidate) => candidate.id),
      ),
    )
    .returning({ email: backInStockRequests.email, sku: backInStockRequests.variantSku });
  const links = new Map(
    (await context.links([...new Set(claimed.map((row) => row.sku))], tx)).map((link) => [link.sku, link]),
  );
  let sent = 0;
  for (const row of claimed) {
    const link = links.get(row.sku);
    if (!link) continue;
    await enqueueInTransaction(
      tx,
      backInStockMail({
        to: row.email,
        siteName: context.siteName,
        productName: link.productName,
        sku: row.sku,
        color: link.color,
        size: link.size,
        link: `${context.origin}${link.path}`,
      }),
    );
    sent += 1;
  }
  return sent;
}

/**
 * The sweep's other half, in `tx`: due requests of SKUs sold out again before their notice went out wait for the
 * next restock instead (a notice says the size can be bought).
 */
export async function clearStaleDue(tx: Tx): Promise<void> {
  await tx
    .update(backInStockRequests)
    .set({ noticeDueAt: null })
    .where(
      and(
        isNotNull(backInStockRequests.noticeDueAt),
        sql`not exists (select 1 from ${inventoryRecords} where ${inventoryRecords.variantSku} = ${backInStockRequests.variantSku} and ${inventoryRecords.standardQuantity} > 0)`,
      ),
    );
}
