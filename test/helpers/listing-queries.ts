/**
 * The independent oracle of category listings and search results (issue 22: it ships to no server): the plain
 * query over the catalogue's tables, facet counts and one page of products, each a single statement whatever the
 * category's size. The listing index (`server/catalogue/listing-index.server.ts`) is tested against it.
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
import type { Database } from '../../server/db/database.server';
import type { PriceList } from '../../server/pricing/price-rules';
import { priceCard, pricedItem, toCard, type UnpricedCard } from '../../server/catalogue/cards';
import type { Clock } from '../../server/clock';
import {
  buildFacets,
  emptyFilters,
  FACET_KEYS,
  type FacetCountRow,
  type FacetKey,
  type ListingFilters,
} from '../../server/catalogue/facets';
import {
  priceRangeKeySql,
  PRODUCT_ROW,
  shelfPrice,
  toFilteredProductRow,
  type FacetCounts,
  type FilteredProductRow,
  type ProductRowRecord,
} from '../../server/catalogue/listing-rows.server';
import { COLOR_OPTION, selectImages, selectOptionValues } from '../../server/catalogue/queries.server';
import { RATING_RANK_SQL } from '../../server/catalogue/ratings';
import type { CategoryTree } from '../../server/catalogue/category-tree';
import {
  MAX_PER_PAGE,
  type CategoryBrowse,
  type ListingOptions,
  type ProductListing,
  type ProductSort,
  type RatingSummary,
} from '../../server/catalogue/types';
import { rowsOf } from '../../server/db/rows';

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

/* ─────────────── facets ─────────────── */

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

/* ─────────────── one page ─────────────── */

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

/* ─────────────── whole pages, as the catalogue answers them ─────────────── */

type Deps = { db: Database; tree: CategoryTree; clock: Clock; list: PriceList };

/** The same page by the plain query over the catalogue's tables: the reference the listing index is tested against. */
export async function browseCategoryPlain(
  { db, tree, clock, list }: Deps,
  categoryId: number,
  options: ListingOptions,
): Promise<CategoryBrowse> {
  const listed = tree.listingCategory(categoryId);
  if (!listed) {
    const { page, perPage } = paging(options);
    return { listing: emptyListing(page, perPage), facets: [] };
  }
  return browseScope({ db, clock, list }, { categoryId: listed.id }, options);
}

/** The same page by the plain query over the catalogue's tables (the reference the index is tested against). */
export async function browseProductsPlain(
  deps: Omit<Deps, 'tree'>,
  productIds: readonly number[],
  options: ListingOptions,
): Promise<CategoryBrowse> {
  const { page, perPage } = paging(options);
  if (productIds.length === 0) return { listing: emptyListing(page, perPage), facets: [] };
  return browseScope(deps, { productIds }, options);
}

async function browseScope(
  { db, clock, list }: Omit<Deps, 'tree'>,
  scope: ListingScope,
  options: ListingOptions,
): Promise<CategoryBrowse> {
  const { page, perPage, offset } = paging(options);
  const filters = options.filters ?? emptyFilters();
  const [counts, rows] = await Promise.all([
    selectFacetCounts(db, scope, filters, list),
    selectFilteredProducts(db, scope, filters, { sort: options.sort, limit: perPage, offset }, list),
  ]);
  return browseResult(db, clock, list, { page, perPage, filters }, counts, rows);
}

async function browseResult(
  db: Database,
  clock: Clock,
  list: PriceList,
  { page, perPage, filters }: { page: number; perPage: number; filters: ListingFilters },
  counts: FacetCounts,
  rows: FilteredProductRow[],
): Promise<CategoryBrowse> {
  return {
    listing: {
      products: (await toCards(db, clock, rows, filters.color)).map((card) => priceCard(card, list)),
      totalCount: counts.totalCount,
      page,
      perPage,
      pageCount: pageCount(counts.totalCount, perPage),
    },
    facets: buildFacets(counts.rows, filters),
  };
}

function paging(options: ListingOptions) {
  const perPage = clamp(Math.trunc(options.perPage), 1, MAX_PER_PAGE);
  const page = Math.max(1, Number.isNaN(options.page) ? 1 : Math.trunc(options.page));
  return { page, perPage, offset: (page - 1) * perPage };
}

const pageCount = (totalCount: number, perPage: number) => Math.max(1, Math.ceil(totalCount / perPage));

const emptyListing = (page: number, perPage: number): ProductListing => ({
  products: [],
  totalCount: 0,
  page,
  perPage,
  pageCount: 1,
});

async function toCards(
  db: Database,
  clock: Clock,
  rows: FilteredProductRow[],
  colorFilter: readonly string[],
): Promise<UnpricedCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [colorValues, images, ratings] = await Promise.all([
    selectOptionValues(db, ids, COLOR_OPTION),
    selectImages(db, ids, { defaultsOnly: true }),
    selectRatings(db, ids),
  ]);
  const colorsByProduct = groupByProduct(colorValues);
  const imagesByProduct = groupByProduct(images);
  const now = clock.now();
  return rows.map((row) =>
    toCard(
      { ...row, pricing: pricedItem(row) },
      colorsByProduct.get(row.id) ?? [],
      imagesByProduct.get(row.id) ?? [],
      ratings.get(row.id) ?? null,
      now,
      colorFilter,
    ),
  );
}

/** The ratings of the products, read straight from the reviews' table (the oracle's own read). */
async function selectRatings(db: Database, productIds: number[]): Promise<Map<number, RatingSummary>> {
  const rows = rowsOf<{ target_id: number | string; score: number | string; total_count: number | string }>(
    await db.execute(sql`select target_id, score, total_count from rating_summaries
      where target_type = 'product'
        and target_id in (select value::int from json_array_elements_text(${JSON.stringify(productIds)}::json))`),
  );
  return new Map(
    rows.map((row) => [
      Number(row.target_id),
      { score: Number(row.score), totalCount: Number(row.total_count) },
    ]),
  );
}

function groupByProduct<T extends { productId: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.productId, [...(groups.get(row.productId) ?? []), row]);
  return groups;
}

function clamp(value: number, min: number, max: number): number {
  return Number.isNaN(value) ? min : Math.min(max, Math.max(min, value));
}
