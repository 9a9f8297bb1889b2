/**
 * Product cards for the product page's strips (recently viewed, recommendations): the same card shape as
 * a listing's, built in four batched statements for a list of product ids, in the order given.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import type { RatingSummary } from '../reviews/index.server';
import { pricedItem, toCard, type UnpricedCard } from './cards';
import { COLOR_OPTION, selectImages, selectOptionValues } from './queries.server';
import { productCustomFields, products } from './schema';

/** What cards are built from: the catalogue's tables, the clock of dated badges, and the reviews' ratings. */
export type CardSource = {
  db: Database;
  clock: Clock;
  ratings(productIds: readonly number[]): Promise<Map<number, RatingSummary>>;
};

export type CardProductRow = {
  id: number;
  name: string;
  url: string;
  priceCents: number;
  salePriceCents: number | null;
  productType: string;
  excludeProDiscount: boolean;
  groupPercents: Record<string, number>;
};

function groupBy<T extends { productId: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.productId, [...(groups.get(row.productId) ?? []), row]);
  return groups;
}

/** Cards of the given visible products, in the order of `rows` (unpriced: `priceCard` finishes them). */
export async function cardsFor(
  { db, clock, ratings: ratingsOf }: CardSource,
  rows: readonly CardProductRow[],
): Promise<UnpricedCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [colorValues, images, ratings, badgeFields] = await Promise.all([
    selectOptionValues(db, ids, COLOR_OPTION),
    selectImages(db, ids, { defaultsOnly: true }),
    ratingsOf(ids),
    db
      .select({
        productId: productCustomFields.productId,
        name: productCustomFields.name,
        value: productCustomFields.value,
      })
      .from(productCustomFields)
      .where(and(inArray(productCustomFields.productId, ids), like(productCustomFields.name, 'badge\\_%'))),
  ]);
  const colorsBy = groupBy(colorValues);
  const imagesBy = groupBy(images);
  const fieldsBy = groupBy(badgeFields);
  const now = clock.now();
  return rows.map((row) =>
    toCard(
      {
        id: row.id,
        name: row.name,
        url: row.url,
        pricing: pricedItem(row),
        badgeFields: Object.fromEntries(
          (fieldsBy.get(row.id) ?? []).map((field) => [field.name, field.value]),
        ),
      },
      colorsBy.get(row.id) ?? [],
      imagesBy.get(row.id) ?? [],
      ratings.get(row.id) ?? null,
      now,
    ),
  );
}

export const cardColumns = {
  id: products.id,
  name: products.name,
  url: products.url,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  productType: products.productType,
  excludeProDiscount: products.excludeProDiscount,
  groupPercents: products.groupPercents,
};

/** Cards of the visible products among `ids`, in the order of `ids` (unknown and hidden ids are left out). */
export async function cardsByIds(source: CardSource, ids: readonly number[]): Promise<UnpricedCard[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await source.db
    .select(cardColumns)
    .from(products)
    .where(and(inArray(products.id, unique), eq(products.isVisible, true)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return cardsFor(
    source,
    unique.flatMap((id) => byId.get(id) ?? []),
  );
}
