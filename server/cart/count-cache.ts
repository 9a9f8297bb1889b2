/**
 * The header badge's cart counts kept in memory (decision 051), for the embedded database only: PGlite admits one
 * process (the data-directory lock), so every write to a cart goes through this process's cart service, which
 * tells the cache. With PostgreSQL several app servers may share the carts, and the count stays a query.
 *
 * Exact, not "fresh enough": a count read from the database is kept only when no cart write began or ended while
 * it was read, and a write drops the counts of the carts it touched when it ends (after its commit). A cart removed
 * inside another transaction (checkout) is never kept again.
 */
export class CartCountCache {
  private readonly counts = new Map<string, number>();
  /** Carts removed by a checkout: their counts are never kept (bounded; a removed cart counts 0 for good). */
  private readonly removed = new Set<string>();
  /** Bumped when a write begins and when it ends. */
  private epoch = 0;
  private writing = 0;

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.counts.size;
  }

  async get(cartId: string, load: () => Promise<number>): Promise<number> {
    const key = cartId.toLowerCase();
    const kept = this.counts.get(key);
    if (kept !== undefined) {
      // Most recently used last: the first key is the one to evict.
      this.counts.delete(key);
      this.counts.set(key, kept);
      return kept;
    }
    const epoch = this.epoch;
    const value = await load();
    if (this.writing === 0 && this.epoch === epoch && !this.removed.has(key)) {
      this.counts.set(key, value);
      if (this.counts.size > this.maxEntries) this.counts.delete(this.counts.keys().next().value!);
    }
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
    this.removed.add(key);
    if (this.removed.size > this.maxEntries) this.removed.delete(this.removed.values().next().value!);
  }
}
