/**
 * The one bounded cache of catalogue data (issue 7 §4): answers kept per key (a product page per colour and price
 * list, a listing page per filters and price list), least recently used out first beyond `maxEntries`, each for
 * at most `ttlMs` (dated badges and merchandising windows move with the clock). Concurrent misses of one key share
 * one load; a failed load is not kept. Entries carry tags (`product:42`, `listings`), and the catalogue's change
 * feed drops the tagged entries when their products change (see `CatalogueFreshness`).
 */
import { boundedCache, type BoundedCache } from '../cache/index.server';

export type DataCacheOptions = { maxEntries: number; ttlMs: number; now?: () => number };

type Entry = { value: Promise<unknown>; tags: readonly string[] };

/** The tagged layer over the one bounded cache module (decision 073): the cache evicts, this keeps the tag index. */
export class DataCache {
  private readonly entries: BoundedCache<Entry>;
  private readonly byTag = new Map<string, Set<string>>();

  constructor(readonly options: DataCacheOptions) {
    this.entries = boundedCache<Entry>({
      maxEntries: options.maxEntries,
      ttlMs: options.ttlMs,
      now: options.now ?? Date.now,
      // However an entry leaves (pushed out, expired, replaced, dropped), its tags leave with it.
      onRemove: (key, entry) => this.untag(key, entry.tags),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer for `key`: kept, or loaded now and kept under the tags `tagsOf` gives it (decided from the loaded
   * value: a product page is tagged with its product once it is known).
   */
  get<T>(key: string, load: () => Promise<T>, tagsOf: (value: T) => readonly string[]): Promise<T> {
    const kept = this.entries.get(key);
    if (kept) return kept.value as Promise<T>;
    const value = load();
    // Until it settles, the entry is tagged as pending too: a change during the load must not be missed.
    const entry: Entry = { value, tags: [PENDING_TAG] };
    this.entries.set(key, entry);
    this.tag(key, entry.tags);
    value.then(
      (loaded) => {
        if (this.entries.peek(key) !== entry) return; // dropped meanwhile
        this.untag(key, entry.tags);
        entry.tags = [...tagsOf(loaded)];
        this.tag(key, entry.tags);
      },
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /** Drops every entry carrying one of these tags. */
  invalidate(tags: Iterable<string>): void {
    for (const tag of [...tags, PENDING_TAG]) {
      for (const key of [...(this.byTag.get(tag) ?? [])]) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
  }

  private tag(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private untag(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

const PENDING_TAG = '\0pending';

/** The tag of everything that shows a product. */
export const productTag = (productId: number) => `product:${productId}`;
/** The tag of every listing page (any product change may move one). */
export const LISTINGS_TAG = 'listings';

/**
 * Keeps a DataCache in step with the catalogue's change feed: before answering from the cache, `check()` asks for
 * the feed's latest id (one indexed query, shared by concurrent callers) and drops what changed since the last
 * check: the changed products' entries and every listing; everything when the feed says so or has more than one
 * batch of news. So a change is visible to the next request, on every server that reads the same database.
 *
 * With `minIntervalMs`, a check that began less than that long ago answers for the next ones (decision 051): a
 * change then shows within that interval instead of at once, and a busy server asks the feed a few times a second
 * instead of once per request (on the embedded engine every statement costs the one engine thread).
 */
export class CatalogueFreshness {
  private seen: number | undefined;
  private checking: Promise<void> | undefined;
  /** When the last successful check began (ms, `now()`'s clock). */
  private checkedAt = -Infinity;

  constructor(
    private readonly cache: DataCache,
    private readonly feed: {
      latestChange(): Promise<number>;
      changesSince(
        cursor: number,
        limit?: number,
      ): Promise<{ cursor: number; productIds: number[]; all: boolean; more: boolean }>;
    },
    private readonly options: { minIntervalMs?: number; now?: () => number } = {},
  ) {}

  check(): Promise<void> {
    const now = (this.options.now ?? performance.now.bind(performance))();
    if (this.checking === undefined && now - this.checkedAt < (this.options.minIntervalMs ?? 0))
      return Promise.resolve();
    this.checking ??= this.run().then(
      () => {
        this.checkedAt = now;
        this.checking = undefined;
      },
      (error: unknown) => {
        this.checking = undefined;
        throw error;
      },
    );
    return this.checking;
  }

  private async run(): Promise<void> {
    const latest = await this.feed.latestChange();
    if (this.seen === undefined || latest < this.seen) {
      if (this.seen !== undefined) this.cache.clear(); // the feed was reset
      this.seen = latest;
      return;
    }
    if (latest === this.seen) return;
    const changes = await this.feed.changesSince(this.seen, 1000);
    if (changes.all || changes.more) this.cache.clear();
    else this.cache.invalidate([LISTINGS_TAG, ...changes.productIds.map(productTag)]);
    this.seen = changes.all || changes.more ? latest : changes.cursor;
  }
}
