/**
 * The client's product list cache (SPEC §4, §9): the pages "load more" fetched, keyed by listing URL and
 * page, holding at most 3 pages and dropping the oldest first. Pure and immutable: each operation returns a
 * new cache, so React state can hold it.
 */
export const PAGE_CACHE_LIMIT = 3;

export type PageCacheEntry<T> = { key: string; value: T };
export type PageCache<T> = { readonly entries: readonly PageCacheEntry<T>[]; readonly limit: number };

export function createPageCache<T>(limit = PAGE_CACHE_LIMIT): PageCache<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`A page cache holds at least one page`);
  return { entries: [], limit };
}

/** The key of one page of one listing: its URL without the page parameter, then the page. */
export function pageCacheKey(listingSearch: string, page: number): string {
  return `${listingSearch}#${page}`;
}

export function getPage<T>(cache: PageCache<T>, key: string): T | undefined {
  return cache.entries.find((entry) => entry.key === key)?.value;
}

/**
 * The cache with `value` stored under `key` as the newest entry (replacing an older copy of the same key);
 * when that makes more than `limit` entries, the oldest are dropped.
 */
export function putPage<T>(cache: PageCache<T>, key: string, value: T): PageCache<T> {
  const entries = [...cache.entries.filter((entry) => entry.key !== key), { key, value }];
  return { limit: cache.limit, entries: entries.slice(Math.max(0, entries.length - cache.limit)) };
}
