/**
 * Building the listing index (issue 7 §5, decision 024; its reads are in `listing-index.server.ts`): structures built for category listings so that a page of a
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
import type { PriceList } from '../pricing/index.server';
import type { RatingSummary } from '../reviews/index.server';
import { selectChangesSince, selectLatestChange } from './change-feed.server';
import { GLOBAL_ORDERS, priceOrderId } from './listing-index-orders';
import { rowsOf } from '../db/rows';
import { priceRangeKeySql, shelfPrice } from './listing-rows.server';
import { RATING_RANK_SQL } from './ratings';

/** The reviews service's ratings of products, read on the index's transaction. */
export type RatingsSource = (productIds: readonly number[], tx: Tx) => Promise<Map<number, RatingSummary>>;

/** Above this many changed products, a rebuild is cheaper than applying them one by one. */
const REBUILD_OVER = 2_000;
/** Serialises index writers across app servers sharing one PostgreSQL. */
const LOCK_KEY = 7_024_001;
const STATE_ID = 1;
/** Bitmaps have room for a quarter more products than there are, in steps of this many bits. */
const CAPACITY_STEP = 1024;

/** The visible products among those being (re)indexed (`listing_scope`, a temporary table). */
const SCOPE = sql.raw(
  `(select * from products where is_visible and id in (select product_id from listing_scope))`,
);

/** Every (product, set) membership of the products in scope, as `listing_new` rows. */
function membershipsSql(lists: readonly PriceList[]): SQL {
  // The shelf price once per product and list, then its range once: written inline, the price expression (with
  // its group-discount lookups) was evaluated for every range's bounds, twice, and this statement took 79 s of a
  // new 10,000-product store's first start. `offset 0` keeps PostgreSQL from folding the subqueries back in.
  const prices = lists.map(
    (
      list,
    ) => sql`union all select p.id, 'price', ${list.key}::text, r.range_key, r.range_key, null, null, false
      from scope p
        cross join lateral (select ${shelfPrice(list)} as cents offset 0) c
        cross join lateral (select ${priceRangeKeySql(sql.raw('c.cents'))} as range_key offset 0) r`,
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
