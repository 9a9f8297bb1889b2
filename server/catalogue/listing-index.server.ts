/**
 * The listing index (issue 7 §5, decision 024): structures built for category listings so that a page of a
 * category of 10,000 products costs a few milliseconds of database time and a fixed number of statements.
 *
 * - Each visible product has a small ordinal (`listing_products.ord`).
 * - `listing_sets` holds one bitmap (`bit varying`, one bit per ordinal, all of one length: the capacity) per
 *   category membership (`_cat`), per facet value (size, colour tuple, gender, type, technology) and per price
 *   range of each price list. A listing's products are the category's bitmap AND, per filtered facet, the OR of
 *   the chosen values' bitmaps; a facet value's count is the popcount of its bitmap AND the mask of the other
 *   facets' filters (standard faceting). A few hundred bitmap operations on 1.5 KB strings, in one statement.
 * - `listing_order_entries` holds every sort order as index rows (a category's merchandised order, newest, name,
 *   top rated, and price up and down per price list); a page is an index range scan of one order that keeps the
 *   rows whose bit is set in the listing's mask, stopping at the page's end.
 *
 * The index follows the catalogue's change feed (`catalogue_changes`, written by triggers whatever the writer):
 * `sync` applies the changed products (their bits, their order rows) or rebuilds everything when the feed says
 * "every product", when many products changed, when the bitmaps are full, or when the price lists differ from
 * those it was built for. Prices come from the pricing module's SQL (`priceSql`), as in the plain listing query
 * (`test/helpers/listing-queries.ts`), which stays the independent reference the index is tested against.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.server';
import type { RatingSummary } from '../reviews/index.server';
import type { PriceList } from '../pricing/price-rules';
import { RATING_RANK_SQL } from './ratings';
import { FACET_KEYS, type FacetCountRow, type FacetKey, type ListingFilters } from './facets';
import { priceRangeKeySql, shelfPrice, type FacetCounts } from './listing-rows.server';
import { selectChangesSince, selectLatestChange } from './change-feed.server';
import type { ProductSort } from './types';

/** The reviews service's ratings of products, read on the index's transaction. */
export type RatingsSource = (productIds: readonly number[], tx: Tx) => Promise<Map<number, RatingSummary>>;

/** Above this many changed products, a rebuild is cheaper than applying them one by one. */
const REBUILD_OVER = 2_000;
/** Serialises index writers across app servers sharing one PostgreSQL. */
const LOCK_KEY = 7_024_001;
const STATE_ID = 1;
/** Bitmaps have room for a quarter more products than there are, in steps of this many bits. */
const CAPACITY_STEP = 1024;

type Rows<T> = T[] | { rows: T[] };
function rowsOf<T>(result: unknown): T[] {
  const value = result as Rows<T>;
  return Array.isArray(value) ? value : value.rows;
}

/* ─────────────── order ids ─────────────── */

const GLOBAL_ORDERS: Record<Exclude<ProductSort, 'featured' | 'price-asc' | 'price-desc'>, number> = {
  newest: -1,
  name: -2,
  'top-rated': -3,
};

/** The id of a price list's price order (ascending; descending is the next id). */
function priceOrderId(listKey: string): number {
  if (listKey === 'retail') return -10;
  const match = /^([gp])(\d+)$/.exec(listKey);
  if (!match) throw new Error(`unknown price list ${listKey}`);
  return -(1000 + Number(match[2]) * 4 + (match[1] === 'p' ? 2 : 0));
}

/** The order a listing page reads: a category's merchandised order, a global order, or a price order. */
export function orderIdFor(sort: ProductSort, categoryId: number, list: PriceList): number {
  if (sort === 'featured') return categoryId;
  if (sort === 'price-asc') return priceOrderId(list.key);
  if (sort === 'price-desc') return priceOrderId(list.key) - 1;
  return GLOBAL_ORDERS[sort];
}

/* ─────────────── building ─────────────── */

/** The visible products among those being (re)indexed (`listing_scope`, a temporary table). */
const SCOPE = sql.raw(
  `(select * from products where is_visible and id in (select product_id from listing_scope))`,
);

/** Every (product, set) membership of the products in scope, as `listing_new` rows. */
function membershipsSql(lists: readonly PriceList[]): SQL {
  const prices = lists.map(
    (list) => sql`union all select p.id, 'price', ${list.key}::text, ${priceRangeKeySql(shelfPrice(list))},
      ${priceRangeKeySql(shelfPrice(list))}, null, null, false from scope p`,
  );
  return sql`create temporary table listing_new on commit drop as
    with scope as (select * from ${SCOPE} x)
    select product_id, facet, list_key, value, label, swatch, hex, is_pattern,
      concat_ws(chr(31), facet, list_key, value, label, coalesce(swatch, chr(30)), coalesce(hex, chr(30)),
        is_pattern::text) as key
    from (
      select distinct v.product_id, 'size' as facet, ''::text as list_key, ov.label as value, ov.label as label,
          null::text as swatch, null::text as hex, false as is_pattern
        from variants v join product_option_values ov on ov.id = v.size_value_id
          join scope p on p.id = v.product_id
        where not v.purchasing_disabled
      union all
      select distinct po.product_id, 'color', '', regexp_replace(btrim(ov.label), '\\s+', '-', 'g'), ov.label,
          ov.swatch, ov.color_hex, ov.is_pattern
        from product_options po join product_option_values ov on ov.option_id = po.id
          join scope p on p.id = po.product_id
        where lower(po.display_name) = 'color'
      union all select p.id, 'gender', '', p.gender, p.gender, null, null, false from scope p
      union all select p.id, 'type', '', p.product_type, p.product_type, null, null, false from scope p
      union all
      select distinct f.product_id, 'tech', '', btrim(t.name, ' "'), btrim(t.name, ' "'), null, null, false
        from product_custom_fields f
          cross join lateral unnest(string_to_array(btrim(f.value, '[] '), ',')) as t(name)
          join scope p on p.id = f.product_id
        where f.name = 'technology_badges' and btrim(t.name, ' "') <> ''
      union all
      select pc.product_id, '_cat', '', pc.category_id::text, pc.category_id::text, null, null, false
        from product_categories pc join scope p on p.id = pc.product_id
      ${sql.join(prices, sql` `)}
    ) memberships`;
}

/** The order rows of the products in scope. */
function orderEntriesSql(lists: readonly PriceList[]): SQL {
  const prices = lists.flatMap((list) => {
    const id = priceOrderId(list.key);
    return [
      sql`union all select ${id}::int, 0::bigint, (${shelfPrice(list)})::float8, 0::float8, p.name, p.id, lp.ord
        from scope p join listing_products lp on lp.product_id = p.id`,
      sql`union all select ${id - 1}::int, 0::bigint, -(${shelfPrice(list)})::float8, 0::float8, p.name, p.id,
          lp.ord
        from scope p join listing_products lp on lp.product_id = p.id`,
    ];
  });
  return sql`insert into listing_order_entries (order_id, k0, k1, k2, ktext, product_id, ord)
    with scope as (select * from ${SCOPE} x)
    select pc.category_id, 0::bigint, pc.sort_order::float8, 0::float8, '', p.id, lp.ord
      from scope p join listing_products lp on lp.product_id = p.id
        join product_categories pc on pc.product_id = p.id
    union all
    select ${GLOBAL_ORDERS.newest}::int, -(extract(epoch from p.created_at) * 1000000)::bigint, 0::float8,
        0::float8, '', p.id, lp.ord
      from scope p join listing_products lp on lp.product_id = p.id
    union all select ${GLOBAL_ORDERS.name}::int, 0::bigint, 0::float8, 0::float8, p.name, p.id, lp.ord
      from scope p join listing_products lp on lp.product_id = p.id
    union all
    select ${GLOBAL_ORDERS['top-rated']}::int, 0::bigint,
        coalesce(-(${sql.raw(RATING_RANK_SQL)})::float8, 'Infinity'::float8),
        coalesce(-(r.total_count::float8), 'Infinity'::float8), '', p.id, lp.ord
      from scope p join listing_products lp on lp.product_id = p.id
        cross join lateral (select lp.rating_score as score, lp.rating_count as total_count) r
    ${sql.join(prices, sql` `)}`;
}

type State = { cursor: number; capacity: number; priceLists: string };

async function readState(db: Database): Promise<State | null> {
  const rows = rowsOf<{ cursor: number | string; capacity: number; price_lists: string }>(
    await db.execute(sql`select cursor, capacity, price_lists from listing_state where id = ${STATE_ID}`),
  );
  const row = rows[0];
  return row
    ? { cursor: Number(row.cursor), capacity: Number(row.capacity), priceLists: row.price_lists }
    : null;
}

async function writeState(db: Database, state: State): Promise<void> {
  await db.execute(sql`insert into listing_state (id, cursor, capacity, price_lists)
    values (${STATE_ID}, ${state.cursor}, ${state.capacity}, ${state.priceLists})
    on conflict (id) do update set cursor = excluded.cursor, capacity = excluded.capacity,
      price_lists = excluded.price_lists`);
}

/** What a price list's prices depend on: a rebuild follows any change of it. */
const fingerprint = (lists: readonly PriceList[]) => JSON.stringify(lists);

/**
 * Re-indexes the products in `listing_scope`: new ordinals for new products, their bits moved from the sets they
 * left to the sets they joined, their order rows replaced. False when the bitmaps have no room left (rebuild).
 */
async function indexScope(
  db: Database,
  lists: readonly PriceList[],
  ratings: RatingsSource,
  capacity: number,
): Promise<boolean> {
  // New visible products get the next ordinals.
  await db.execute(sql`insert into listing_products (product_id, ord, sets)
    select p.id, (select coalesce(max(ord), -1) from listing_products) + row_number() over (order by p.id), '{}'
    from ${SCOPE} p
    where not exists (select 1 from listing_products lp where lp.product_id = p.id)`);
  const [top] = rowsOf<{ top: number | null }>(
    await db.execute(sql`select max(ord) as top from listing_products`),
  );
  if (top?.top !== null && top?.top !== undefined && Number(top.top) >= capacity) return false;

  await copyRatings(db, ratings);
  await db.execute(membershipsSql(lists));
  await db.execute(sql`insert into listing_sets (key, facet, list_key, value, label, swatch, hex, is_pattern, bits)
    select distinct on (key) key, facet, list_key, value, label, swatch, hex, is_pattern,
      repeat('0', ${capacity}::int)::bit varying
    from listing_new order by key
    on conflict (key) do nothing`);
  await db.execute(sql`with
    scoped as (select lp.product_id, lp.ord, lp.sets from listing_products lp
      where lp.product_id in (select product_id from listing_scope)),
    now_in as (select n.key, s.ord from listing_new n join scoped s on s.product_id = n.product_id),
    was_in as (select k.key, s.ord from scoped s cross join lateral unnest(s.sets) as k(key)),
    added as (select key, array_agg(ord) as ords from (select * from now_in except select * from was_in) x
      group by key),
    removed as (select key, array_agg(ord) as ords from (select * from was_in except select * from now_in) x
      group by key),
    changes as (select coalesce(a.key, r.key) as key, a.ords as added, r.ords as removed
      from added a full join removed r on r.key = a.key)
    update listing_sets s set bits = listing_set_bits(listing_set_bits(s.bits, c.removed, 0), c.added, 1)
    from changes c where s.key = c.key`);
  await db.execute(sql`update listing_products lp set sets = coalesce(n.keys, '{}')
    from listing_products scoped
      left join (select product_id, array_agg(key order by key) as keys from listing_new group by product_id) n
        on n.product_id = scoped.product_id
    where scoped.product_id in (select product_id from listing_scope) and lp.product_id = scoped.product_id`);
  await db.execute(sql`delete from listing_order_entries
    where product_id in (select product_id from listing_scope)`);
  await db.execute(orderEntriesSql(lists));
  // Products that no longer exist give their ordinal back (hidden ones keep theirs, in no set).
  await db.execute(sql`delete from listing_products lp
    where lp.product_id in (select product_id from listing_scope)
      and not exists (select 1 from products p where p.id = lp.product_id)`);
  return true;
}

/**
 * The reviews' rating summaries of the products in scope, copied into their `listing_products` rows (decision 072):
 * the catalogue's read model of ratings, which the top-rated order and the listing cards read.
 */
async function copyRatings(db: Database, ratings: RatingsSource): Promise<void> {
  const ids = rowsOf<{ product_id: number | string }>(
    await db.execute(sql`select product_id from listing_scope`),
  ).map((row) => Number(row.product_id));
  const summaries = await ratings(ids, db as unknown as Tx);
  const rows = [...summaries].map(([id, rating]) => ({ id, score: rating.score, count: rating.totalCount }));
  await db.execute(sql`update listing_products lp set rating_score = r.score, rating_count = r.count
    from listing_scope s
      left join json_to_recordset(${JSON.stringify(rows)}::json) as r(id int, score float8, count int)
        on r.id = s.product_id
    where lp.product_id = s.product_id`);
}

async function scopeTable(db: Database): Promise<void> {
  await db.execute(sql`create temporary table listing_scope (product_id integer primary key) on commit drop`);
}

async function rebuild(db: Database, lists: readonly PriceList[], ratings: RatingsSource): Promise<void> {
  const cursor = await selectLatestChange(db);
  await db.execute(sql`truncate listing_products, listing_sets, listing_order_entries`);
  const [count] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from products where is_visible`),
  );
  const capacity = Math.max(
    CAPACITY_STEP,
    Math.ceil((Number(count?.n ?? 0) * 1.25) / CAPACITY_STEP) * CAPACITY_STEP,
  );
  await scopeTable(db);
  await db.execute(sql`insert into listing_scope (product_id) select id from products`);
  await indexScope(db, lists, ratings, capacity);
  await writeState(db, { cursor, capacity, priceLists: fingerprint(lists) });
  await db.execute(sql`analyze listing_products, listing_sets, listing_order_entries`);
}

/**
 * Brings the index up to date with the change feed, in one transaction under an advisory lock (one writer across
 * app servers). Returns what it did.
 */
export async function syncListingIndex(
  database: Database,
  lists: readonly PriceList[],
  ratings: RatingsSource,
): Promise<'current' | 'applied' | 'rebuilt'> {
  return database.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await db.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const state = await readState(db);
    if (!state || state.priceLists !== fingerprint(lists)) {
      await rebuild(db, lists, ratings);
      return 'rebuilt';
    }
    let cursor = state.cursor;
    const changed = new Set<number>();
    for (;;) {
      const changes = await selectChangesSince(db, cursor, 5000);
      if (changes.all) {
        await rebuild(db, lists, ratings);
        return 'rebuilt';
      }
      for (const id of changes.productIds) changed.add(id);
      if (changed.size > REBUILD_OVER) {
        await rebuild(db, lists, ratings);
        return 'rebuilt';
      }
      cursor = changes.cursor;
      if (!changes.more) break;
    }
    if (cursor === state.cursor) return 'current';
    if (changed.size > 0) {
      await scopeTable(db);
      await db.execute(sql`insert into listing_scope (product_id)
        select value::int from json_array_elements_text(${JSON.stringify([...changed])}::json)`);
      if (!(await indexScope(db, lists, ratings, state.capacity))) {
        await db.execute(sql`drop table listing_scope`);
        await db.execute(sql`drop table if exists listing_new`);
        await rebuild(db, lists, ratings);
        return 'rebuilt';
      }
    }
    await writeState(db, { ...state, cursor });
    return 'applied';
  });
}

/* ─────────────── reading ─────────────── */

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
