import { useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { listingSearch, type ListingKeep, type ListingQuery } from '../../../server/catalogue/public';
import type { ProductListing as FullListing } from '../../../server/catalogue/public';
import { button } from '../../../styles/button.css';
import type { CardView } from './card-view';
import { useHydrated } from './listing-hydrated';
import { createPageCache, getPage, pageCacheKey, putPage, type PageCache } from './page-cache';
import { shownRange } from './shown-range';
import * as styles from './load-more.css';

/** A listing page as the listing loaders send it: its cards as they are shown (card-view.ts). */
type ProductListing = Omit<FullListing, 'products'> & { products: CardView[] };

/** The pages "load more" fetched in this tab (SPEC §4: at most 3, the oldest dropped first). */
let pageCache: PageCache<ProductListing> = createPageCache();

/**
 * What each visit of a listing showed, by history entry: the listing, the last page "load more" reached and
 * the scroll position. Back to that entry (from a product page) shows the same pages again, from the page
 * cache (and from the server for pages the cache has dropped), and the shopper's place in them.
 */
type Visit = { listKey: string; through: number; scrollY: number };
const visits = new Map<string, Visit>();
const VISITS_KEPT = 50;

function rememberVisit(entryKey: string, visit: Visit) {
  visits.delete(entryKey);
  visits.set(entryKey, visit);
  if (visits.size > VISITS_KEPT) visits.delete(visits.keys().next().value!);
}

type Loaded = {
  entryKey: string;
  listKey: string;
  pages: ProductListing[];
  /** The last page this entry showed before, while pages the cache dropped are fetched again. */
  restoreThrough: number | null;
  scrollY: number;
};

/** The state for a history entry: the pages it showed before that the cache still holds, in order. */
function restoredState(entryKey: string, listKey: string, firstPage: number): Loaded {
  const visit = visits.get(entryKey);
  const empty = { entryKey, listKey, pages: [], restoreThrough: null, scrollY: 0 };
  if (!visit || visit.listKey !== listKey || visit.through <= firstPage) return empty;
  const pages: ProductListing[] = [];
  for (let page = firstPage + 1; page <= visit.through; page += 1) {
    const cached = getPage(pageCache, pageCacheKey(listKey, page));
    if (!cached) break;
    pages.push(cached);
  }
  const complete = (pages.at(-1)?.page ?? firstPage) >= visit.through;
  return { ...empty, pages, restoreThrough: complete ? null : visit.through, scrollY: visit.scrollY };
}

/**
 * "Load more" (JavaScript only; the pagination links do the same without it): fetches the listing's next
 * page through a fetcher, from the client cache when it holds that page, and appends its cards. A visit
 * keeps its loaded pages and scroll position through a product visit and Back.
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
  const { key: entryKey } = useLocation();
  // The listing without its page: loaded pages belong to it and are dropped when it changes.
  const listKey = `${pathname}${listingSearch({ ...query, page: 1 }, keep)}`;
  const [loaded, setLoaded] = useState<Loaded>(() => restoredState(entryKey, listKey, listing.page));
  let current = loaded;
  if (loaded.entryKey !== entryKey || loaded.listKey !== listKey) {
    current = restoredState(entryKey, listKey, listing.page);
    setLoaded(current);
  }
  const pages = current.pages;
  const lastPage = pages.at(-1)?.page ?? listing.page;
  const requested = useRef<number | null>(null);

  const append = (page: ProductListing) =>
    setLoaded((state) => {
      if (state.entryKey !== entryKey || state.listKey !== listKey) return state;
      const last = state.pages.at(-1)?.page ?? listing.page;
      if (page.page !== last + 1) return state;
      const done = state.restoreThrough === null || page.page >= state.restoreThrough;
      return { ...state, pages: [...state.pages, page], restoreThrough: done ? null : state.restoreThrough };
    });

  const load = (next: number) => {
    const cached = getPage(pageCache, pageCacheKey(listKey, next));
    if (cached) return append(cached);
    requested.current = next;
    fetcher.load(`${pathname}${listingSearch({ ...query, page: next }, keep)}`);
  };

  useEffect(() => {
    const page = fetcher.data?.listing;
    if (fetcher.state !== 'idle' || !page || requested.current !== page.page) return;
    requested.current = null;
    pageCache = putPage(pageCache, pageCacheKey(listKey, page.page), page);
    append(page);
    // `append` is recreated each render; the fetcher's data is what this effect follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data, listKey]);

  // Back to a visit whose pages the cache partly dropped: fetch them again, one after the other, then go
  // back to where the shopper was.
  const { restoreThrough, scrollY } = current;
  useEffect(() => {
    if (restoreThrough === null) return;
    if (lastPage >= restoreThrough) return;
    if (requested.current === null && fetcher.state === 'idle') load(lastPage + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restoreThrough, lastPage, fetcher.state]);
  const restoring = restoreThrough !== null;
  const wasRestoring = useRef(restoring);
  useEffect(() => {
    if (wasRestoring.current && !restoring) window.scrollTo(0, scrollY);
    wasRestoring.current = restoring;
  }, [restoring, scrollY]);

  // Remember what this entry shows and where the shopper is in it.
  useEffect(() => {
    if (restoring) return;
    const remember = () => {
      // The next page scrolls to the top before this listener goes: that is not this entry's place (the first entry of a tab has the key "default").
      if (((window.history.state as { key?: string } | null)?.key ?? 'default') !== entryKey) return;
      rememberVisit(entryKey, { listKey, through: lastPage, scrollY: window.scrollY });
    };
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [entryKey, listKey, lastPage, restoring]);

  const products: CardView[] = [...listing.products, ...pages.flatMap((page) => page.products)];
  const hasMore = lastPage < listing.pageCount;
  const loadNext = () => {
    if (fetcher.state === 'idle' && !restoring) load(lastPage + 1);
  };

  return {
    products,
    hasMore,
    loading: fetcher.state !== 'idle' || restoring,
    loadNext,
    loadedThrough: lastPage,
  };
}

/**
 * What the list shows ("Showing 25–72 of 310 products"), then the "Load more" button with JavaScript. The text
 * names the products on screen, whichever page the list started on and however many pages were added.
 */
export function LoadMoreButton({
  listing,
  shown,
  hasMore,
  loading,
  onClick,
}: {
  listing: ProductListing;
  /** Cards on screen: the listing's own page and those "load more" added. */
  shown: number;
  hasMore: boolean;
  loading: boolean;
  onClick: () => void;
}) {
  const hydrated = useHydrated();
  const range = shownRange(listing, hydrated ? shown : listing.products.length);
  return (
    <div className={styles.loadMore}>
      <p className={styles.status} role="status">
        Showing {range.first}–{range.last} of {listing.totalCount}{' '}
        {listing.totalCount === 1 ? 'product' : 'products'}
      </p>
      {hydrated && hasMore ? (
        <button type="button" className={button.secondary} onClick={onClick} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
