/**
 * The reviews context: rating summaries of products (SPEC §3). The catalogue reads them through this service (cards,
 * product pages) and keeps its own copy in the listing index (decision 072), never from this context's table.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.server';
import { ratingSummaries } from './schema';
import type { RatingSummary } from './public';

export type * from './public';

export type ReviewsService = {
  /**
   * The rating summaries of these products, by product id (products without one are absent). One statement,
   * whatever the number of ids (they travel as one JSON parameter); on `tx` when given.
   */
  productRatings(productIds: readonly number[], tx?: Tx): Promise<Map<number, RatingSummary>>;
};

export function createReviewsService({ db }: { db: Database }): ReviewsService {
  return {
    async productRatings(productIds, tx) {
      if (productIds.length === 0) return new Map();
      const rows = await (tx ?? db)
        .select({
          productId: ratingSummaries.targetId,
          score: ratingSummaries.score,
          totalCount: ratingSummaries.totalCount,
        })
        .from(ratingSummaries)
        .where(
          and(
            eq(ratingSummaries.targetType, 'product'),
            sql`${ratingSummaries.targetId} in (select value::int from json_array_elements_text(${JSON.stringify(productIds)}::json))`,
          ),
        );
      return new Map(rows.map(({ productId, score, totalCount }) => [productId, { score, totalCount }]));
    },
  };
}
