/**
 * The stock feed (issue 25 §4, decision 097): API tokens per warehouse integration, and a batch of absolute
 * standard and pro quantities applied in one transaction, once per batch id.
 *
 * Tokens read `sft_<id>_<secret>`: the id finds the row, the secret's SHA-256 is compared with the stored one in
 * constant time; only the hash is stored, and the token is shown once, when it is made.
 *
 * A batch: its id is claimed first (`insert … on conflict do nothing`), so a replay, or the same batch sent twice at
 * once, finds it (a concurrent one waits for the first transaction and then finds it committed) and answers the
 * summary stored with it, changing nothing; a batch id used before with other content is refused. Unknown SKUs are
 * reported in the summary and skipped. The rows are locked in SKU order before they change (as orders lock them),
 * and the SKUs whose standard stock comes back from 0 get their back-in-stock notices in the same transaction
 * (decision 098).
 */
import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import {
  markNoticesDue,
  restockedSkus,
  sendDueNotices,
  type NoticeContext,
  type StandardChange,
} from './back-in-stock-notices.server';
import { inventoryRecords, stockFeedBatches, stockFeedTokens } from './schema';
import type { FeedBatch, FeedSummary } from './stock-feed';

export type FeedToken = { id: number; integration: string };

export type FeedTokenListing = FeedToken & {
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export type FeedOutcome =
  | { kind: 'applied'; summary: FeedSummary }
  | { kind: 'replayed'; summary: FeedSummary }
  /** The batch id was used before for a batch with other content. */
  | { kind: 'conflict' };

const TOKEN_SHAPE = /^sft_([1-9][0-9]{0,9})_([A-Za-z0-9_-]{43})$/;
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest();
/** Compared against when the token's id names no live row, so a miss costs what a hit does. */
const NO_HASH = sha256('no token').toString('hex');

/** The content of a batch, whatever the order of its items or the case of its SKUs. */
function payloadHash(batch: FeedBatch): string {
  const items = batch.items
    .map((item) => `${item.sku.toUpperCase()}\u0000${item.standard}\u0000${item.pro}`)
    .sort();
  return crypto.createHash('sha256').update(items.join('\n')).digest('hex');
}

export function createStockFeed({
  db,
  clock,
  notices,
}: {
  db: Database;
  clock: Clock;
  notices: NoticeContext;
}) {
  return {
    /** A new token for `integration`: the only time its secret is seen. */
    async createFeedToken(integration: string): Promise<{ id: number; token: string }> {
      const secret = crypto.randomBytes(32).toString('base64url');
      const [row] = await db
        .insert(stockFeedTokens)
        .values({ integration, secretHash: sha256(secret).toString('hex') })
        .returning({ id: stockFeedTokens.id });
      return { id: row!.id, token: `sft_${row!.id}_${secret}` };
    },

    listFeedTokens(): Promise<FeedTokenListing[]> {
      return db
        .select({
          id: stockFeedTokens.id,
          integration: stockFeedTokens.integration,
          createdAt: stockFeedTokens.createdAt,
          lastUsedAt: stockFeedTokens.lastUsedAt,
          revokedAt: stockFeedTokens.revokedAt,
        })
        .from(stockFeedTokens)
        .orderBy(asc(stockFeedTokens.id));
    },

    /** Revokes token `id`; false when no live token has it. */
    async revokeFeedToken(id: number): Promise<boolean> {
      const rows = await db
        .update(stockFeedTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(stockFeedTokens.id, id), isNull(stockFeedTokens.revokedAt)))
        .returning({ id: stockFeedTokens.id });
      return rows.length > 0;
    },

    /** The live token of an `Authorization: Bearer …` value, or null. */
    async authenticateFeedToken(authorization: string | null): Promise<FeedToken | null> {
      const match = /^Bearer (\S+)$/.exec(authorization ?? '');
      const parts = match ? TOKEN_SHAPE.exec(match[1]!) : null;
      if (!parts) return null;
      const id = Number(parts[1]);
      if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
      const [row] = await db
        .select({
          id: stockFeedTokens.id,
          integration: stockFeedTokens.integration,
          hash: stockFeedTokens.secretHash,
        })
        .from(stockFeedTokens)
        .where(and(eq(stockFeedTokens.id, id), isNull(stockFeedTokens.revokedAt)))
        .limit(1);
      const matches = crypto.timingSafeEqual(sha256(parts[2]!), Buffer.from(row?.hash ?? NO_HASH, 'hex'));
      if (!row || !matches) return null;
      await db.update(stockFeedTokens).set({ lastUsedAt: clock.now() }).where(eq(stockFeedTokens.id, row.id));
      return { id: row.id, integration: row.integration };
    },

    /** Applies `batch` for the integration of `token`, once per batch id. */
    async applyFeed(token: FeedToken, batch: FeedBatch): Promise<FeedOutcome> {
      const hash = payloadHash(batch);
      return db.transaction(async (tx): Promise<FeedOutcome> => {
        const claimed = await tx
          .insert(stockFeedBatches)
          .values({
            integration: token.integration,
            batchId: batch.batchId,
            payloadHash: hash,
            summary: {},
            tokenId: token.id,
          })
          .onConflictDoNothing()
          .returning({ batchId: stockFeedBatches.batchId });
        if (claimed.length === 0) {
          const [earlier] = await tx
            .select({ payloadHash: stockFeedBatches.payloadHash, summary: stockFeedBatches.summary })
            .from(stockFeedBatches)
            .where(
              and(
                eq(stockFeedBatches.integration, token.integration),
                eq(stockFeedBatches.batchId, batch.batchId),
              ),
            );
          if (!earlier || earlier.payloadHash !== hash) return { kind: 'conflict' };
          return { kind: 'replayed', summary: earlier.summary as FeedSummary };
        }

        const links = await notices.links(
          batch.items.map((item) => item.sku),
          tx,
        );
        const catalogueSku = new Map(links.map((link) => [link.sku.toUpperCase(), link.sku]));
        const known = batch.items.flatMap((item) => {
          const sku = catalogueSku.get(item.sku.toUpperCase());
          return sku === undefined ? [] : [{ sku, standard: item.standard, pro: item.pro }];
        });
        const unknownSkus = batch.items
          .filter((item) => !catalogueSku.has(item.sku.toUpperCase()))
          .map((item) => item.sku);
        known.sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));

        // Locked in SKU order, as orders lock them, so the feed and checkouts never wait on each other in a cycle.
        const before =
          known.length === 0
            ? []
            : await tx
                .select({
                  sku: inventoryRecords.variantSku,
                  standard: inventoryRecords.standardQuantity,
                  pro: inventoryRecords.proQuantity,
                })
                .from(inventoryRecords)
                .where(
                  inArray(
                    inventoryRecords.variantSku,
                    known.map((item) => item.sku),
                  ),
                )
                .orderBy(asc(inventoryRecords.variantSku))
                .for('update');
        const beforeBySku = new Map(before.map((row) => [row.sku, row]));
        const changed = known.filter((item) => {
          const row = beforeBySku.get(item.sku);
          return !row || row.standard !== item.standard || row.pro !== item.pro;
        });
        // Parameters stay well under PostgreSQL's 65,535 per statement.
        for (let start = 0; start < changed.length; start += 1000) {
          await tx
            .insert(inventoryRecords)
            .values(
              changed.slice(start, start + 1000).map((item) => ({
                variantSku: item.sku,
                standardQuantity: item.standard,
                proQuantity: item.pro,
              })),
            )
            .onConflictDoUpdate({
              target: inventoryRecords.variantSku,
              set: {
                standardQuantity: sql`excluded.standard_quantity`,
                proQuantity: sql`excluded.pro_quantity`,
                updatedAt: sql`now()`,
              },
            });
        }
        const changes: StandardChange[] = changed.map((item) => ({
          sku: item.sku,
          before: beforeBySku.get(item.sku)?.standard ?? 0,
          after: item.standard,
        }));
        const restocked = restockedSkus(changes);
        await markNoticesDue(tx, restocked);
        const noticesQueued = await sendDueNotices(tx, notices, { skus: restocked });
        const summary: FeedSummary = {
          batchId: batch.batchId,
          received: batch.items.length,
          updated: changed.length,
          unchanged: known.length - changed.length,
          unknownSkus,
          noticesQueued,
        };
        await tx
          .update(stockFeedBatches)
          .set({ summary })
          .where(
            and(
              eq(stockFeedBatches.integration, token.integration),
              eq(stockFeedBatches.batchId, batch.batchId),
            ),
          );
        return { kind: 'applied', summary };
      });
    },
  };
}
