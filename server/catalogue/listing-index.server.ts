/**
 * Reading the listing index (issue 7 §5, decision 024; built by `listing-index-sync.server.ts`): a listing's
 * products are its scope's bitmap AND, per filtered facet, the OR of the chosen values' bitmaps; a facet value's
 * count is the popcount of its bitmap AND the mask of the other facets' filters; a page is an index range scan of one
 * sort order keeping the rows whose bit is set in the listing's mask. Facet counts and a page: one statement each.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import type { PriceList } from '../pricing/index.server';
import { FACET_KEYS, type FacetCountRow, type FacetKey, type ListingFilters } from './facets';
import { orderIdFor } from './listing-index-orders';
import { rowsOf } from '../db/rows';
import type { FacetCounts } from './listing-rows.server';
import type { ProductSort } from './types';

/**
 * What a listing covers: a category (its `_cat` bitmap), or a list of products (search results), whose bitmap is
 * built per request from their ordinals.
 */
export type IndexScope = { categoryId: number } | { productIds: readonly number[] };

/** The listing's `cat` expression: its products' bitmap; no row when it has none. */
function scopeSql(scope: IndexScope): SQL {
  if ('categoryId' in scope)
    return sql`cat as (select bits from listing_sets
    where facet = '_cat' and list_key = '' and value = ${String(scope.categoryId)})`;
  // Hidden products keep their ordinal (in no set): the product row says whether a product is shown, as the plain
  // query reads it.
  return sql`cat as (
    select listing_set_bits((select bits # bits from listing_sets limit 1), array_agg(lp.ord), 1) as bits
    from listing_products lp join products p on p.id = lp.product_id and p.is_visible
    where lp.product_id in (select value::int from json_array_elements_text(${JSON.stringify(scope.productIds)}::json))
    having count(*) > 0
  )`;
}

/**
 * The common table expressions of a listing: `cat` (the scope's bitmap; no row when it has no products) and
 * `sel` (per filtered facet, the OR of its chosen values' bitmaps; all zeros when none of them exists).
 */
function selectionSql(scope: IndexScope, filters: ListingFilters, list: PriceList): SQL {
  const chosen = FACET_KEYS.flatMap((key) =>
    [...new Set(filters[key].map((value) => value.toLowerCase()))].map(
      (value) => sql`(${key}::text, ${value}::text)`,
    ),
  );
  const cat = scopeSql(scope);
  if (chosen.length === 0)
    return sql`${cat}, sel as (select null::text as facet, null::bit varying as bits where false)`;
  return sql`${cat},
    chosen (facet, value) as (values ${sql.join(chosen, sql`, `)}),
    sel as (
      select a.facet, coalesce(bit_or(s.bits), (select bits # bits from cat)) as bits
      from (select distinct facet from chosen) a
        join chosen c on c.facet = a.facet
        left join listing_sets s on s.facet = c.facet
          and s.list_key = (case when c.facet = 'price' then ${list.key} else '' end)
          and lower(s.value) = c.value
      group by a.facet
    )`;
}

/** Facet value counts under the other facets' filters, and the number of matching products: one statement. */
export async function indexedFacetCounts(
  db: Database,
  scope: IndexScope,
  filters: ListingFilters,
  list: PriceList,
): Promise<FacetCounts> {
  const masks = [...FACET_KEYS, '_total'].map((key) => sql`${key}::text`);
  const result = await db.execute(sql`with ${selectionSql(scope, filters, list)},
    masks as (
      select f.facet, cat.bits & coalesce((select bit_and(sel.bits) from sel where sel.facet <> f.facet), cat.bits)
        as bits
      from cat cross join (values ${sql.join(
        masks.map((key) => sql`(${key})`),
        sql`, `,
      )}) as f(facet)
    )
    select s.facet, s.value, max(s.label) as label, max(s.swatch) as swatch, max(s.hex) as hex,
      bool_or(s.is_pattern) as is_pattern, bit_count(bit_or(s.bits & m.bits))::int as count
    from listing_sets s join masks m on m.facet = s.facet
    where s.list_key in ('', ${list.key}) and bit_count(s.bits & m.bits) > 0
    group by s.facet, s.value
    union all
    select '_total', '', '', null, null, false, bit_count(bits)::int from masks where facet = '_total'`);
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

/** The number of products of the category matching every filter. */
export async function indexedCount(
  db: Database,
  categoryId: number,
  filters: ListingFilters,
  list: PriceList,
): Promise<number> {
  const result = await db.execute(sql`with ${selectionSql({ categoryId }, filters, list)}
    select bit_count(cat.bits & coalesce((select bit_and(bits) from sel), cat.bits))::int as total from cat`);
  return Number(rowsOf<{ total: number | string }>(result)[0]?.total ?? 0);
}

/**
 * One page of the category's products matching every filter, in `sort` order: the product rows the cards are
 * built from (`projection` over `products p` and the page's `b.product_id`).
 */
export async function indexedPage<T>(
  db: Database,
  categoryId: number,
  filters: ListingFilters,
  list: PriceList,
  page: { sort: ProductSort; limit: number; offset: number },
  projection: SQL,
): Promise<T[]> {
  const orderId = orderIdFor(page.sort, categoryId, list);
  const result = await db.execute(sql`with ${selectionSql({ categoryId }, filters, list)},
    mask as (select cat.bits & coalesce((select bit_and(bits) from sel), cat.bits) as bits from cat),
    page as (
      select e.product_id, e.k0, e.k1, e.k2, e.ktext from listing_order_entries e
      -- '<> 0' rather than '= 1': the planner then expects most rows to pass and walks the order's index,
      -- stopping at the page's end, instead of sorting every row of the order.
      where e.order_id = ${orderId} and get_bit((select bits from mask), e.ord) <> 0
        -- An empty listing skips the scan (a one-time filter) rather than reading the whole order.
        and (select bit_count(bits) from mask) > 0
      order by e.k0, e.k1, e.k2, e.ktext, e.product_id
      limit ${page.limit} offset ${page.offset}
    )
    select ${projection}
    from page b join products p on p.id = b.product_id
    order by b.k0, b.k1, b.k2, b.ktext, b.product_id`);
  return rowsOf<T>(result);
}

/**
 * One page of a list of products (search results) matching every filter: in their own order for `featured`, else
 * in the sort's order (newest, name, top rated and price orders hold every product). Same rows as `indexedPage`.
 */
export async function indexedProductsPage<T>(
  db: Database,
  productIds: readonly number[],
  filters: ListingFilters,
  list: PriceList,
  page: { sort: ProductSort; limit: number; offset: number },
  projection: SQL,
): Promise<T[]> {
  const mask = sql`with ${selectionSql({ productIds }, filters, list)},
    mask as (select cat.bits & coalesce((select bit_and(bits) from sel), cat.bits) as bits from cat)`;
  if (page.sort === 'featured') {
    // Without filters the mask is the scope itself, the visible products among `productIds`: the page asks that of
    // its own rows rather than building the scope's bitmap a second time (the facet counts build it too; for a
    // thousand ranked ids it cost as much as the counts themselves on the embedded engine: decision 054).
    const unfiltered = FACET_KEYS.every((key) => filters[key].length === 0);
    const result = await db.execute(sql`${unfiltered ? sql`with` : sql`${mask},`}
      page as (
        select lp.product_id, s.position from json_array_elements_text(${JSON.stringify(productIds)}::json)
          with ordinality as s(id, position)
          join listing_products lp on lp.product_id = s.id::int
        where ${
          unfiltered
            ? sql`exists (select 1 from products v where v.id = lp.product_id and v.is_visible)`
            : sql`get_bit((select bits from mask), lp.ord) <> 0`
        }
        order by s.position
        limit ${page.limit} offset ${page.offset}
      )
      select ${projection}
      from page b join products p on p.id = b.product_id
      order by b.position`);
    return rowsOf<T>(result);
  }
  const orderId = orderIdFor(page.sort, 0, list);
  const result = await db.execute(sql`${mask},
    page as (
      select e.product_id, e.k0, e.k1, e.k2, e.ktext from listing_order_entries e
      where e.order_id = ${orderId} and get_bit((select bits from mask), e.ord) <> 0
        and (select bit_count(bits) from mask) > 0
      order by e.k0, e.k1, e.k2, e.ktext, e.product_id
      limit ${page.limit} offset ${page.offset}
    )
    select ${projection}
    from page b join products p on p.id = b.product_id
    order by b.k0, b.k1, b.k2, b.ktext, b.product_id`);
  return rowsOf<T>(result);
}
