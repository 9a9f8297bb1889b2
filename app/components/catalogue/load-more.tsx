import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { listingSearch, type ListingKeep, type ListingQuery } from '../../../server/catalogue/public';
import type { ProductCard, ProductListing } from '../../../server/catalogue/public';
import { button } from '../../../styles/button.css';
import { createPageCache, getPage, pageCacheKey, putPage, type PageCache } from './page-cache';
import * as styles from './load-more.css';

/** The pages "load more" fetched in this tab (SPEC §4: at most 3, the oldest dropped first). */
let pageCache: PageCache<ProductListing> = createPageCache();

type Loaded = { listKey: string; pages: ProductListing[] };

/**
 * "Load more" (JavaScript only; the pagination links do the same without it): fetches the listing's next
 * page through a fetcher, from the client cache when it holds that page, and appends its cards.
 */
export function useLoadMore({
  listing,
  query,
  pathname,
  keep,
}: {
  listing: ProductListing;
  query: ListingQuery;
  pathname: string;
  /** Parameters the listing's URLs keep (the search page's `q`). */
  keep?: ListingKeep;
}) {
  const fetcher = useFetcher<{ listing: ProductListing }>();
  // The listing without its page: loaded pages belong to it and are dropped when it changes.
  const listKey = `${pathname}${listingSearch({ ...query, page: 1 }, keep)}`;
  const [loaded, setLoaded] = useState<Loaded>({ listKey, pages: [] });
  const pages = loaded.listKey === listKey ? loaded.pages : [];
  const lastPage = pages.at(-1)?.page ?? listing.page;
  const requested = useRef<number | null>(null);

  const append = (page: ProductListing) =>
    setLoaded((current) => {
      const kept = current.listKey === listKey ? current.pages : [];
      if (kept.some((item) => item.page === page.page) || page.page === listing.page) return current;
      return { listKey, pages: [...kept, page] };
    });

  useEffect(() => {
    const page = fetcher.data?.listing;
    if (fetcher.state !== 'idle' || !page || requested.current !== page.page) return;
    requested.current = null;
    pageCache = putPage(pageCache, pageCacheKey(listKey, page.page), page);
    append(page);
    // `append` is recreated each render; the fetcher's data is what this effect follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data, listKey]);

  const products: ProductCard[] = [...listing.products, ...pages.flatMap((page) => page.products)];
  const hasMore = lastPage < listing.pageCount;
  const loadNext = () => {
    const next = lastPage + 1;
    const cached = getPage(pageCache, pageCacheKey(listKey, next));
    if (cached) return append(cached);
    requested.current = next;
    fetcher.load(`${pathname}${listingSearch({ ...query, page: next }, keep)}`);
  };

  return { products, hasMore, loading: fetcher.state !== 'idle', loadNext, loadedThrough: lastPage };
}

export function LoadMoreButton({
  shown,
  total,
  hasMore,
  loading,
  onClick,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onClick: () => void;
}) {
  return (
    <div className={styles.loadMore}>
      <p className={styles.status} role="status">
        Showing {shown} of {total} products
      </p>
      {hasMore ? (
        <button type="button" className={button.secondary} onClick={onClick} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
