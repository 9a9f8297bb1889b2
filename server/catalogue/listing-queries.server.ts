/**
 * The reads behind a filtered category listing: facet counts and one page of products, each a single
 * statement whatever the category's size (no query per product or per facet value).
 *
 * Every statement starts from the same common table expressions: `base` (the visible products assigned to
 * the category, with the price a shopper pays) and one `f_<facet>` per facet giving (product_id, value)
 * pairs: sizes of the variants that can be bought, colour labels (as URL slugs), gender, product type, the
 * technology badges custom field (a comma list or a JSON array) and the price range. A facet's filter is
 * `id in (select product_id from f_<facet> where value in (...))`; facet counts apply every other facet's
 * filter (standard faceting), so a shopper sees what each further choice would leave.
 *
 * Raw SQL through `db.execute`, since the facet union does not fit the query builder; `rowsOf` evens out
 * the result shapes of PGlite (`{ rows }`) and postgres-js (an array).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import type { PriceList } from '../pricing/price-rules';
import { priceSql } from '../pricing/price-sql';
import { FACET_KEYS, PRICE_RANGES, type FacetCountRow, type FacetKey, type ListingFilters } from './facets';
import { RATING_RANK_SQL } from './ratings';
import type { ProductSort } from './types';

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

const PRICE_RANGE_KEY = priceRangeKeySql(sql.raw('b.price_cents'));

/** The (product_id, value, label, swatch, hex, is_pattern) rows of each facet, for products in `base`. */
const FACET_SOURCES: Record<FacetKey, SQL> = {
  size: sql.raw(`select distinct v.product_id, ov.label as value, ov.label as label,
      null::text as swatch, null::text as hex, false as is_pattern
    from variants v join product_option_values ov on ov.id = v.size_value_id
    where v.product_id in (select id from base) and not v.purchasing_disabled`),
  color: sql.raw(`select distinct po.product_id, regexp_replace(btrim(ov.label), '\\s+', '-', 'g') as value,
      ov.label as label, ov.swatch as swatch, ov.color_hex as hex, ov.is_pattern as is_pattern
    from product_options po join product_option_values ov on ov.option_id = po.id
    where po.product_id in (select id from base) and lower(po.display_name) = 'color'`),
  gender: sql.raw(`select b.id as product_id, b.gender as value, b.gender as label,
      null::text as swatch, null::text as hex, false as is_pattern from base b`),
  type: sql.raw(`select b.id as product_id, b.product_type as value, b.product_type as label,
      null::text as swatch, null::text as hex, false as is_pattern from base b`),
  tech: sql.raw(`select distinct f.product_id, btrim(t.name, ' "') as value, btrim(t.name, ' "') as label,
      null::text as swatch, null::text as hex, false as is_pattern
    from product_custom_fields f
      cross join lateral unnest(string_to_array(btrim(f.value, '[] '), ',')) as t(name)
    where f.name = 'technology_badges' and f.product_id in (select id from base)
      and btrim(t.name, ' "') <> ''`),
  price: sql`select b.id as product_id, ${PRICE_RANGE_KEY} as value, ${PRICE_RANGE_KEY} as label,
      null::text as swatch, null::text as hex, false as is_pattern from base b`,
};

/**
 * Which products a listing shows: a category's (in its merchandised order), or a given list of ids in that
 * order (search results, ranked by relevance: `featured` sorts by it).
 */
export type ListingScope = { categoryId: number } | { productIds: readonly number[] };

function baseClause(scope: ListingScope, list: PriceList): SQL {
  if ('categoryId' in scope) {
    return sql`base as (
      select p.id, p.name, p.gender, p.product_type, p.created_at, pc.sort_order as position,
        ${shelfPrice(list)} as price_cents
      from product_categories pc join products p on p.id = pc.product_id
      where pc.category_id = ${scope.categoryId} and p.is_visible
    )`;
  }
  return sql`base as (
      select p.id, p.name, p.gender, p.product_type, p.created_at, s.position,
        ${shelfPrice(list)} as price_cents
      from json_array_elements_text(${JSON.stringify(scope.productIds)}::json) with ordinality as s(id, position)
        join products p on p.id = s.id::int
      where p.is_visible
    )`;
}

function withClause(scope: ListingScope, facets: readonly FacetKey[], list: PriceList): SQL {
  const parts = [
    baseClause(scope, list),
    ...facets.map((key) => sql`${sql.raw(`f_${key}`)} as (${FACET_SOURCES[key]})`),
  ];
  return sql`with ${sql.join(parts, sql`, `)}`;
}

const activeFacets = (filters: ListingFilters) => FACET_KEYS.filter((key) => filters[key].length > 0);

/** `idColumn` has one of the selected values of each active facet, except `except`. */
function matches(filters: ListingFilters, idColumn: SQL, except?: FacetKey): SQL {
  const conditions = activeFacets(filters)
    .filter((key) => key !== except)
    .map(
      (key) =>
        sql`${idColumn} in (select product_id from ${sql.raw(`f_${key}`)} where lower(value) in (${sql.join(
          filters[key].map((value) => sql`${value.toLowerCase()}`),
          sql`, `,
        )}))`,
    );
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

/** The filters with only `key`'s values kept. */
function onlyFacet(filters: ListingFilters, key: FacetKey): ListingFilters {
  return Object.fromEntries(
    FACET_KEYS.map((other) => [other, other === key ? filters[other] : []]),
  ) as ListingFilters;
}

type Rows<T> = T[] | { rows: T[] };
function rowsOf<T>(result: unknown): T[] {
  const value = result as Rows<T>;
  return Array.isArray(value) ? value : value.rows;
}

/* ─────────────── facets ─────────────── */

export type FacetCounts = { rows: FacetCountRow[]; totalCount: number };

/** The count of every facet value under the other facets' filters, and the number of matching products. */
export async function selectFacetCounts(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  list: PriceList,
): Promise<FacetCounts> {
  const active = activeFacets(filters);
  // Whether each product passes each active facet's filter, worked out once per product.
  const flags = sql`m as (select b.id${sql.join(
    active.map(
      (key) => sql`, ${matches(onlyFacet(filters, key), sql.raw('b.id'))} as ${sql.raw(`ok_${key}`)}`,
    ),
    sql``,
  )} from base b)`;
  const passes = (except?: FacetKey) => {
    const keys = active.filter((key) => key !== except);
    return keys.length > 0 ? sql.raw(keys.map((key) => `m.ok_${key}`).join(' and ')) : sql`true`;
  };
  const perFacet = FACET_KEYS.map(
    (key) =>
      sql`select ${key}::text as facet, a.value, a.label, a.swatch, a.hex, a.is_pattern, a.product_id
        from ${sql.raw(`f_${key}`)} a join m on m.id = a.product_id where ${passes(key)}`,
  );
  const result = await db.execute(sql`${withClause(scope, FACET_KEYS, list)}, ${flags}
    select facet, value, max(label) as label, max(swatch) as swatch, max(hex) as hex,
      bool_or(is_pattern) as is_pattern, count(distinct product_id)::int as count
    from (${sql.join(perFacet, sql` union all `)}) x
    group by facet, value
    union all
    select '_total', '', '', null, null, false, count(*)::int from m where ${passes()}`);
  const rows = rowsOf<{
    facet: string;
    value: string;
    label: string;
    swatch: string | null;
    hex: string | null;
    is_pattern: boolean;
    count: number | string;
  }>(result);
  let totalCount = 0;
  const counts: FacetCountRow[] = [];
  for (const row of rows) {
    if (row.facet === '_total') {
      totalCount = Number(row.count);
      continue;
    }
    counts.push({
      facet: row.facet as FacetKey,
      value: row.value,
      label: row.label,
      count: Number(row.count),
      swatch: row.swatch,
      hex: row.hex,
      isPattern: Boolean(row.is_pattern),
    });
  }
  return { rows: counts, totalCount };
}

/** The number of products matching every filter (listings shown without facets). */
export async function countFilteredProducts(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  list: PriceList,
): Promise<number> {
  const result = await db.execute(sql`${withClause(scope, activeFacets(filters), list)}
    select count(*)::int as total from base b where ${matches(filters, sql.raw('b.id'))}`);
  return Number(rowsOf<{ total: number | string }>(result)[0]?.total ?? 0);
}

/* ─────────────── one page ─────────────── */

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

const ORDER_BY: Record<ProductSort, string> = {
  // The category's merchandised order.
  featured: 'b.position asc',
  newest: 'b.created_at desc',
  'price-asc': 'b.price_cents asc, b.name asc',
  'price-desc': 'b.price_cents desc, b.name asc',
  // Confidence-weighted (ratings.ts), not the raw average: one five-star review does not top the list.
  'top-rated': `${RATING_RANK_SQL} desc nulls last, r.total_count desc nulls last`,
  name: 'b.name asc',
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
 * `selectImages({ defaultsOnly })` and `selectRatings` (queries.server.ts) give for these products.
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
    (select r.score::float8 from rating_summaries r where r.target_type = 'product' and r.target_id = p.id)
      as rating_score,
    (select r.total_count from rating_summaries r where r.target_type = 'product' and r.target_id = p.id)
      as rating_count`);

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

export async function selectFilteredProducts(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  page: { sort: ProductSort; limit: number; offset: number },
  list: PriceList,
): Promise<FilteredProductRow[]> {
  const result = await db.execute(sql`${withClause(scope, activeFacets(filters), list)}
    select ${PRODUCT_ROW}
    from base b
      join products p on p.id = b.id
      left join rating_summaries r on r.target_type = 'product' and r.target_id = b.id
    where ${matches(filters, sql.raw('b.id'))}
    order by ${sql.raw(ORDER_BY[page.sort])}, b.id asc
    limit ${page.limit} offset ${page.offset}`);
  return rowsOf<ProductRowRecord>(result).map(toFilteredProductRow);
}

function parseFields(text: string | null): Record<string, string> {
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
