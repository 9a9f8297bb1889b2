/**
 * What the catalogue tells the search context about its products (issue 12): one search document per product
 * (its text by field, what ranking lifts, and the card shown in suggestions), and the change feed written by
 * the triggers of migration 0002_search, so the search index follows every write to catalogue data. The search
 * context keeps its own table of these documents and never reads the catalogue's tables.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { cardsByIds } from './product-page-cards.server';
import type { CatalogueSearchDocument, CatalogueChanges } from './types';

type Rows<T> = T[] | { rows: T[] };
function rowsOf<T>(result: unknown): T[] {
  const value = result as Rows<T>;
  return Array.isArray(value) ? value : value.rows;
}

type DocumentRow = {
  id: number;
  sku: string;
  name: string;
  url: string;
  brand_id: number;
  description: string;
  gender: string;
  product_type: string;
  is_visible: boolean;
  created_at: string | Date;
  categories: string | null;
  category_slugs: string | null;
  patterns: string | null;
  colours: string | null;
  technologies: string | null;
  in_stock: boolean;
  rating_score: number | string | null;
  rating_count: number | string | null;
};

/**
 * The search documents of the products with these ids (all products when `ids` is undefined), in id order.
 * Ids of products that no longer exist are simply absent. Statements: one for the text and figures, then the
 * cards of the visible ones (four, batched).
 */
export async function selectSearchDocuments(
  db: Database,
  clock: Clock,
  ids?: readonly number[],
): Promise<CatalogueSearchDocument[]> {
  const filter = ids
    ? sql`where p.id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`
    : sql``;
  const result = await db.execute(sql`
    select p.id, p.sku, p.name, p.url, p.brand_id, p.description, p.gender, p.product_type, p.is_visible,
      p.created_at,
      (select string_agg(distinct c.name, ' ') from product_categories pc join categories c on c.id = pc.category_id
        where pc.product_id = p.id and c.is_visible) as categories,
      (select string_agg(distinct c.slug, ' ') from product_categories pc join categories c on c.id = pc.category_id
        where pc.product_id = p.id and c.is_visible) as category_slugs,
      (select string_agg(ov.label, ' ' order by ov.sort_order) from product_options po
        join product_option_values ov on ov.option_id = po.id
        where po.product_id = p.id and lower(po.display_name) = 'color' and ov.is_pattern) as patterns,
      (select string_agg(ov.label, ' ' order by ov.sort_order) from product_options po
        join product_option_values ov on ov.option_id = po.id
        where po.product_id = p.id and lower(po.display_name) = 'color' and not ov.is_pattern) as colours,
      (select string_agg(btrim(t.name, ' "'), ' ') from product_custom_fields f
        cross join lateral unnest(string_to_array(btrim(f.value, '[] '), ',')) as t(name)
        where f.product_id = p.id and f.name = 'technology_badges') as technologies,
      exists (select 1 from variants v join inventory_records i on i.variant_sku = v.sku
        where v.product_id = p.id and not v.purchasing_disabled
          and i.standard_quantity + i.pro_quantity > 0) as in_stock,
      r.score as rating_score, r.total_count as rating_count
    from products p
      left join rating_summaries r on r.target_type = 'product' and r.target_id = p.id
    ${filter}
    order by p.id`);
  const rows = rowsOf<DocumentRow>(result);
  const visibleIds = rows.filter((row) => row.is_visible).map((row) => Number(row.id));
  const cards = new Map<number, Awaited<ReturnType<typeof cardsByIds>>[number]>();
  for (let start = 0; start < visibleIds.length; start += CARD_BATCH) {
    for (const card of await cardsByIds(db, clock, visibleIds.slice(start, start + CARD_BATCH))) {
      cards.set(card.id, card);
    }
  }
  return rows.map((row) => {
    const id = Number(row.id);
    const card = cards.get(id);
    const defaultSwatch = card?.swatches.find((swatch) => swatch.isDefault) ?? card?.swatches[0];
    return {
      productId: id,
      visible: Boolean(row.is_visible) && card !== undefined,
      sku: row.sku,
      name: row.name,
      url: row.url,
      brandId: Number(row.brand_id),
      description: row.description,
      gender: row.gender,
      productType: row.product_type,
      categories: row.categories ?? '',
      categorySlugs: (row.category_slugs ?? '').split(' ').filter(Boolean),
      patterns: row.patterns ?? '',
      colours: row.colours ?? '',
      technologies: row.technologies ?? '',
      inStock: Boolean(row.in_stock),
      ratingScore: row.rating_score === null ? null : Number(row.rating_score),
      ratingCount: row.rating_count === null ? 0 : Number(row.rating_count),
      createdAt: new Date(row.created_at).toISOString(),
      card: {
        href: card?.href ?? `/products/${encodeURIComponent(row.url)}`,
        imageUrl: card?.image?.url ?? null,
        imageAlt: card?.image?.alt ?? row.name,
        colorLabel: defaultSwatch?.label ?? null,
        pricing: card?.pricing ?? {
          listCents: 0,
          saleCents: null,
          productType: row.product_type,
          excludeProDiscount: false,
          groupPercents: {},
        },
      },
    };
  });
}

const CARD_BATCH = 1000;

/** Products changed after `cursor` (a change-feed id), at most `limit` changes; `all` when one changed everything. */
export async function selectChangesSince(
  db: Database,
  cursor: number,
  limit: number,
): Promise<CatalogueChanges> {
  const result = await db.execute(sql`
    select id, product_id from catalogue_changes where id > ${cursor} order by id limit ${limit}`);
  const rows = rowsOf<{ id: number | string; product_id: number | string | null }>(result);
  const productIds = new Set<number>();
  let all = false;
  for (const row of rows) {
    if (row.product_id === null) all = true;
    else productIds.add(Number(row.product_id));
  }
  const last = rows.at(-1);
  return {
    cursor: last ? Number(last.id) : cursor,
    productIds: [...productIds],
    all,
    more: rows.length === limit,
  };
}

/** The latest change-feed id (0 when empty): a full rebuild covers every change up to it. */
export async function selectLatestChange(db: Database): Promise<number> {
  const result = await db.execute(sql`select coalesce(max(id), 0) as id from catalogue_changes`);
  return Number(rowsOf<{ id: number | string }>(result)[0]?.id ?? 0);
}

/** Serialises pruners across app servers sharing one PostgreSQL (the listing index uses 7_024_001). */
const PRUNE_LOCK_KEY = 7_024_002;

export type PruneChangesOptions = {
  /** The last id applied by each reader of the feed outside the catalogue (the search documents' cursor). */
  appliedBy: readonly number[];
  /**
   * Rows younger than this stay even when every cursor is past them: data caches of other app servers read the
   * feed by their own in-memory position, and keep nothing longer than 5 minutes (decision 023). 10 minutes.
   */
  graceMs?: number;
  /**
   * Rows older than this go even when a reader has not applied them (a reader that stopped for good must not
   * make the feed grow forever); the feed then says "every product" so that a reader that comes back rebuilds.
   * 7 days.
   */
  maxAgeMs?: number;
};

export const DEFAULT_PRUNE_GRACE_MS = 10 * 60_000;
export const DEFAULT_PRUNE_MAX_AGE_MS = 7 * 24 * 3_600_000;

/**
 * Deletes the change-feed rows every reader has applied: below the smallest of the given cursors and the listing
 * index's own, once older than the grace period. The newest row always stays, so the feed's latest id never goes
 * back (readers compare it with what they saw). Rows past the maximum age go too, and then a row "every product
 * changed" is added, which makes every reader behind it rebuild rather than miss what was deleted. Ages are the
 * database's clock, which stamped the rows. One statement per step, in one transaction.
 */
export async function pruneChanges(
  database: Database,
  options: PruneChangesOptions,
): Promise<{ deleted: number; reset: boolean }> {
  const graceSeconds = (options.graceMs ?? DEFAULT_PRUNE_GRACE_MS) / 1000;
  const maxAgeSeconds = (options.maxAgeMs ?? DEFAULT_PRUNE_MAX_AGE_MS) / 1000;
  return database.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await db.execute(sql`select pg_advisory_xact_lock(${PRUNE_LOCK_KEY})`);
    const listing = rowsOf<{ cursor: number | string }>(
      await db.execute(sql`select cursor from listing_state`),
    );
    const cursors = [...options.appliedBy, ...listing.map((row) => Number(row.cursor))];
    let deleted = 0;
    if (cursors.length > 0) {
      const applied = Math.min(...cursors);
      const result = await db.execute(sql`
        with gone as (
          delete from catalogue_changes
          where id < ${applied} and id < (select max(id) from catalogue_changes)
            and created_at < now() - make_interval(secs => ${graceSeconds})
          returning 1)
        select count(*)::int as n from gone`);
      deleted += Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
    }
    const stale = await db.execute(sql`
      with gone as (
        delete from catalogue_changes
        where id < (select max(id) from catalogue_changes)
          and created_at < now() - make_interval(secs => ${maxAgeSeconds})
        returning 1)
      select count(*)::int as n from gone`);
    const staleCount = Number(rowsOf<{ n: number | string }>(stale)[0]?.n ?? 0);
    if (staleCount > 0) {
      await db.execute(sql`insert into catalogue_changes (product_id) values (null)`);
    }
    return { deleted: deleted + staleCount, reset: staleCount > 0 };
  });
}
