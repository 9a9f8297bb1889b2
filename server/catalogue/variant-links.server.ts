/**
 * Where a variant is sold: its product's name and the product page with its colour and size chosen
 * (`/products/{url}/{colour}?size=M`), for the inventory context's back-in-stock notices and the stock desk. By SKU
 * list (without regard to case) (one statement whatever the number: they travel as one JSON parameter) or by base SKU (a parent or colourway
 * and the variants under it). Runs on the caller's transaction when given, so a notice is written with the stock
 * change that caused it (PGlite runs one transaction at a time: a query outside it would wait for it).
 */
import { asc, eq, like, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../db/database.server';
import { productOptionValues, products, variants } from './schema';
import { productPath } from './slug';

export type VariantLink = {
  sku: string;
  productName: string;
  color: string | null;
  size: string | null;
  path: string;
};

export type VariantLinkQuery = { skus: readonly string[] } | { base: string; limit: number };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function selectVariantLinks(db: Database | Tx, query: VariantLinkQuery): Promise<VariantLink[]> {
  const color = alias(productOptionValues, 'link_color');
  const size = alias(productOptionValues, 'link_size');
  if ('skus' in query && query.skus.length === 0) return [];
  const select = db
    .select({
      sku: variants.sku,
      productName: products.name,
      url: products.url,
      color: color.label,
      size: size.label,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(color, eq(color.id, variants.colorValueId))
    .leftJoin(size, eq(size.id, variants.sizeValueId));
  const rows =
    'skus' in query
      ? await select.where(
          sql`upper(${variants.sku}) in (select value from json_array_elements_text(${JSON.stringify([...new Set(query.skus.map((sku) => sku.toUpperCase()))])}::json))`,
        )
      : await select
          .where(
            or(
              eq(sql`upper(${variants.sku})`, query.base.toUpperCase()),
              like(sql`upper(${variants.sku})`, `${escapeLike(query.base.toUpperCase())}-%`),
            ),
          )
          .orderBy(asc(variants.sku))
          .limit(query.limit);
  return rows.map((row) => {
    const page =
      row.color === null ? `/products/${encodeURIComponent(row.url)}` : productPath(row.url, row.color);
    return {
      sku: row.sku,
      productName: row.productName,
      color: row.color,
      size: row.size,
      path: row.size === null ? page : `${page}?size=${encodeURIComponent(row.size)}`,
    };
  });
}
