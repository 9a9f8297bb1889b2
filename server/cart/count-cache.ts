/**
 * The header badge's cart counts kept in memory (decision 051), for the embedded database only: PGlite admits one
 * process (the data-directory lock), so every write to a cart goes through this process's cart service, which
 * tells the cache. With PostgreSQL several app servers may share the carts, and the count stays a query.
 *
 * Exact, not "fresh enough": a count read from the database is kept only when no cart write began or ended while
 * it was read, and a write drops the counts of the carts it touched when it ends (after its commit). A cart removed
 * inside another transaction (checkout) is never kept again.
 */
import { boundedCache, type BoundedCache } from '../cache/index.server';

export class CartCountCache {
  private readonly counts: BoundedCache<number>;
  /** Carts removed by a checkout: their counts are never kept (bounded; a removed cart counts 0 for good). */
  private readonly removed: BoundedCache<true>;
  /** Bumped when a write begins and when it ends. */
  private epoch = 0;
  private writing = 0;

  constructor(maxEntries: number) {
    this.counts = boundedCache<number>({ maxEntries });
    this.removed = boundedCache<true>({ maxEntries });
  }

  get size(): number {
    return this.counts.size;
  }

  async get(cartId: string, load: () => Promise<number>): Promise<number> {
    const key = cartId.toLowerCase();
    const kept = this.counts.get(key);
    if (kept !== undefined) return kept;
    const epoch = this.epoch;
    const value = await load();
    if (this.writing === 0 && this.epoch === epoch && this.removed.peek(key) === undefined)
      this.counts.set(key, value);
    return value;
  }

  /** A cart write begins; call the answer with the carts it touched once it has ended (committed or not). */
  begin(): (cartIds: readonly (string | null | undefined)[]) => void {
    this.writing += 1;
    this.epoch += 1;
    let ended = false;
    return (cartIds) => {
      if (ended) return;
      ended = true;
      this.writing -= 1;
      this.epoch += 1;
      for (const id of cartIds) if (id) this.counts.delete(id.toLowerCase());
    };
  }

  /** A cart removed inside a transaction that is not the cache's to see end: never kept again. */
  forget(cartId: string): void {
    const key = cartId.toLowerCase();
    this.epoch += 1;
    this.counts.delete(key);
    this.removed.set(key, true);
  }
}
