/**
 * The catalogue's change feed (`catalogue_changes`, written by the triggers of migration 0002_search whatever the
 * writer): which products' data changed. The listing index, the search documents and the data caches follow it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import type { CatalogueChanges } from './types';
import { rowsOf } from '../db/rows';

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
