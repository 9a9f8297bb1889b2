/**
 * What listings read besides the listing index's own structures: a product's shelf price and price range in SQL
 * (the pricing module's rule), and the columns of a listing's product rows with what their cards need, read in the
 * page's statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PriceList } from '../pricing/index.server';
import { priceSql } from '../pricing/index.server';
import { PRICE_RANGES, type FacetCountRow } from './facets';

/** What a viewer on `list` pays for product `p`: the pricing module's rule, in SQL. */
export const shelfPrice = (list: PriceList) =>
  priceSql(list, {
    listCents: sql.raw('p.price_cents'),
    saleCents: sql.raw('p.sale_price_cents'),
    productType: sql.raw('p.product_type'),
    excludeProDiscount: sql.raw('p.exclude_pro_discount'),
    groupPercents: sql.raw('p.group_percents'),
  });

/** The price range key (PRICE_RANGES) of the price `cents`. */
export function priceRangeKeySql(cents: SQL): SQL {
  return sql`(case ${sql.join(
    PRICE_RANGES.map((range) =>
      range.maxCents === null
        ? sql`when ${cents} >= ${sql.raw(String(range.minCents))} then ${sql.raw(`'${range.key}'`)}`
        : sql`when ${cents} >= ${sql.raw(String(range.minCents))} and ${cents} < ${sql.raw(
            String(range.maxCents),
          )} then ${sql.raw(`'${range.key}'`)}`,
    ),
    sql` `,
  )} else ${sql.raw(`'${PRICE_RANGES[0]!.key}'`)} end)`;
}

/** Facet value counts under the other facets' filters, and the number of matching products. */
export type FacetCounts = { rows: FacetCountRow[]; totalCount: number };

export type FilteredProductRow = {
  id: number;
  name: string;
  url: string;
  priceCents: number;
  salePriceCents: number | null;
  productType: string;
  excludeProDiscount: boolean;
  groupPercents: Record<string, number>;
  /** The product's badge_* custom fields by name (for merchandising badges). */
  badgeFields: Record<string, string>;
};

/** The columns of a listing's product row, over `products p`. */
export const PRODUCT_ROW = sql.raw(`p.id, p.name, p.url, p.price_cents, p.sale_price_cents, p.product_type,
    p.exclude_pro_discount, p.group_percents,
    (select json_object_agg(cf.name, cf.value)::text from product_custom_fields cf
      where cf.product_id = p.id and cf.name like 'badge\\_%') as badge_fields`);

export type ProductRowRecord = {
  id: number;
  name: string;
  url: string;
  price_cents: number;
  sale_price_cents: number | null;
  product_type: string;
  exclude_pro_discount: boolean;
  group_percents: Record<string, number> | string;
  badge_fields: string | null;
};

/**
 * What a card needs besides the product row, in the same statement (the listing index's page): the colour option's
 * values, the default images (each colour's and the thumbnail), the rating. The same rows as `selectOptionValues`,
 * `selectImages({ defaultsOnly })` (queries.server.ts) give for these products, and the rating the listing index
 * keeps (decision 072).
 */
export const CARD_DETAILS = sql.raw(`(select json_agg(json_build_object('productId', po.product_id,
        'optionName', po.display_name, 'id', ov.id, 'label', ov.label, 'sortOrder', ov.sort_order,
        'isDefault', ov.is_default, 'swatch', ov.swatch, 'colorHex', ov.color_hex, 'isPattern', ov.is_pattern)
        order by ov.sort_order, ov.id)
      from product_option_values ov join product_options po on ov.option_id = po.id
      where po.product_id = p.id and po.display_name ilike 'Color')::text as color_values,
    (select json_agg(json_build_object('productId', pi.product_id, 'url', pi.url, 'width', pi.width,
        'height', pi.height, 'sortOrder', pi.sort_order, 'isThumbnail', pi.is_thumbnail,
        'description', pi.description) order by pi.sort_order)
      from product_images pi
      where pi.product_id = p.id and (pi.is_thumbnail or pi.description->>'default' = 'true'))::text as images,
    (select r.rating_score from listing_products r where r.product_id = p.id) as rating_score,
    (select r.rating_count from listing_products r where r.product_id = p.id) as rating_count`);

export type CardDetailsRecord = {
  color_values: string | null;
  images: string | null;
  rating_score: number | string | null;
  rating_count: number | string | null;
};

export function toFilteredProductRow(row: ProductRowRecord): FilteredProductRow {
  return {
    id: Number(row.id),
    name: row.name,
    url: row.url,
    priceCents: Number(row.price_cents),
    salePriceCents: row.sale_price_cents === null ? null : Number(row.sale_price_cents),
    productType: row.product_type,
    excludeProDiscount: Boolean(row.exclude_pro_discount),
    groupPercents:
      typeof row.group_percents === 'string'
        ? (JSON.parse(row.group_percents) as Record<string, number>)
        : row.group_percents,
    badgeFields: parseFields(row.badge_fields),
  };
}

function parseFields(text: string | null): Record<string, string> {
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
