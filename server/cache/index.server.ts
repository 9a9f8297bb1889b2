/**
 * The one bounded cache every context builds its in-process caches on (issue 22, decision 073): `lru-cache` 11,
 * least recently used out first beyond `maxEntries`, each entry kept at most `ttlMs` when given, by an injectable
 * clock (`now`, epoch milliseconds) so that tests move time without sleeping. A platform module: it imports no
 * context, and any context may import it.
 */
import { LRUCache } from 'lru-cache';

export type BoundedCacheOptions<V = unknown> = {
  /** At most this many entries; 0 keeps nothing. */
  maxEntries: number;
  /** Each entry lives this long at most (none: until pushed out). */
  ttlMs?: number;
  /** The clock (epoch-like: lru-cache reads a start time of 0 as "no ttl", which no real clock gives). */
  now?: () => number;
  /** Called when an entry leaves (pushed out, expired, deleted, replaced or cleared), with the value it held. */
  onRemove?: (key: string, value: V) => void;
};

export type BoundedCache<V> = {
  get(key: string): V | undefined;
  /** The kept value without counting as a use (its place in the eviction order stays). */
  peek(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
  /**
   * The kept answer for `key`, or `load()`'s, kept now: concurrent misses of one key share one load, and a load
   * that fails is dropped at once (the next call retries).
   */
  load(key: string, load: () => V): V;
};

export function boundedCache<V extends NonNullable<unknown>>(
  options: BoundedCacheOptions<V>,
): BoundedCache<V> {
  if (options.maxEntries <= 0) return nothingKept();
  const now = options.now;
  const lru = new LRUCache<string, V>({
    max: options.maxEntries,
    // ttlResolution 0: staleness is read from the clock at each get, not from a time cached for a millisecond.
    ...(options.ttlMs !== undefined ? { ttl: options.ttlMs, ttlResolution: 0 } : {}),
    ...(now ? { perf: { now } } : {}),
    ...(options.onRemove ? { dispose: (value: V, key: string) => options.onRemove?.(key, value) } : {}),
  });
  const cache: BoundedCache<V> = {
    get: (key) => lru.get(key),
    peek: (key) => lru.peek(key),
    set: (key, value) => {
      lru.set(key, value);
    },
    delete: (key) => {
      lru.delete(key);
    },
    clear: () => lru.clear(),
    get size() {
      return lru.size;
    },
    load(key, load) {
      const kept = lru.get(key);
      if (kept !== undefined) return kept;
      const value = load();
      lru.set(key, value);
      Promise.resolve(value).catch(() => {
        if (lru.peek(key) === value) lru.delete(key);
      });
      return value;
    },
  };
  return cache;
}

function nothingKept<V>(): BoundedCache<V> {
  return {
    get: () => undefined,
    peek: () => undefined,
    set: () => undefined,
    delete: () => undefined,
    clear: () => undefined,
    size: 0,
    load: (_key, load) => load(),
  };
}
