/**
 * Recommendations (SPEC §9: 10 for products by default, 8 for articles, revalidated hourly).
 *
 * - "You may also like" on a product page: visible products sharing a category with it, never the product
 *   itself, for its audience (a men's product: men's and unisex; others only to fill) and spread over prices
 *   among the closest relations (recommendation-pick.ts). Deterministic.
 * - The article block: the best-rated visible products of a category (or of the whole store), by the ratings the
 *   listing index keeps (decision 072).
 *
 * Answers are kept in process for an hour per key (an injectable clock decides), at most 5,000 of them (the bounded
 * cache of decision 073), so a busy product page costs these queries once an hour per server. A failed load is not
 * kept.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { boundedCache } from '../cache/index.server';
import { cardColumns, cardsByIds, cardsFor, type CardSource } from './product-page-cards.server';
import { listingProducts, productCategories, products } from './schema';
import { pickRecommendations } from './recommendation-pick';
import type { UnpricedCard } from './cards';

export const PRODUCT_RECOMMENDATIONS = 10;
export const ARTICLE_RECOMMENDATIONS = 8;
export const RECOMMENDATIONS_TTL_MS = 3_600_000;

export type Recommendations = {
  /** Related products for the same audience, spread over prices (recommendation-pick.ts), in price order. */
  forProduct(productId: number, limit?: number): Promise<UnpricedCard[]>;
  forArticle(options?: { categoryId?: number | null; limit?: number }): Promise<UnpricedCard[]>;
  /** Drops every kept answer. */
  clear(): void;
};

/** Answers kept at most (a product and an article key per page kind): bounded, unlike before issue 22. */
export const RECOMMENDATIONS_MAX_ENTRIES = 5_000;

export function createRecommendations({
  source,
  listingReady,
  ttlMs = RECOMMENDATIONS_TTL_MS,
}: {
  source: CardSource;
  /** Resolves once the listing index (whose ratings the article block orders by) has been synced. */
  listingReady: () => Promise<void>;
  ttlMs?: number;
}): Recommendations {
  const { db, clock } = source;
  const cache = boundedCache<Promise<UnpricedCard[]>>({
    maxEntries: RECOMMENDATIONS_MAX_ENTRIES,
    ttlMs,
    now: () => clock.now().getTime(),
  });
  return {
    forProduct(productId, limit = PRODUCT_RECOMMENDATIONS) {
      return cache.load(`product:${productId}:${limit}`, async () => {
        const own = await db
          .select({ gender: products.gender })
          .from(products)
          .where(eq(products.id, productId));
        if (!own[0]) return [];
        // Every visible product sharing a category with this one, with how many it shares.
        const ownCategories = db
          .select({ categoryId: productCategories.categoryId })
          .from(productCategories)
          .where(eq(productCategories.productId, productId));
        const shared = sql<number>`count(*)::int`;
        const candidates = await db
          .select({
            id: products.id,
            gender: products.gender,
            priceCents: products.priceCents,
            shared,
          })
          .from(productCategories)
          .innerJoin(products, eq(products.id, productCategories.productId))
          .where(
            and(
              inArray(productCategories.categoryId, ownCategories),
              ne(products.id, productId),
              eq(products.isVisible, true),
            ),
          )
          .groupBy(products.id, products.gender, products.priceCents);
        const ids = pickRecommendations(own[0], candidates, limit);
        return cardsByIds(source, ids);
      });
    },
    forArticle({ categoryId = null, limit = ARTICLE_RECOMMENDATIONS } = {}) {
      return cache.load(`article:${categoryId ?? 'all'}:${limit}`, async () => {
        const inCategory =
          categoryId === null
            ? undefined
            : inArray(
                products.id,
                db
                  .select({ productId: productCategories.productId })
                  .from(productCategories)
                  .where(eq(productCategories.categoryId, categoryId)),
              );
        await listingReady();
        const rows = await db
          .select(cardColumns)
          .from(products)
          .leftJoin(listingProducts, eq(listingProducts.productId, products.id))
          .where(and(eq(products.isVisible, true), inCategory))
          .orderBy(
            sql`${listingProducts.ratingScore} desc nulls last`,
            sql`${listingProducts.ratingCount} desc nulls last`,
            asc(products.id),
          )
          .limit(limit);
        return cardsFor(source, rows);
      });
    },
    clear: () => cache.clear(),
  };
}
