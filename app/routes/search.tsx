/**
 * Search results at `/search?q={term}` (SPEC §2, issue 12): the header's GET form lands here, with or without
 * JavaScript. A term with a merchandising redirect answers with that redirect; otherwise the ranked matches
 * show with "did you mean" for misspellings, and the category listing's facets, sorting, paging and cards
 * (shared per price list like category pages). An empty result says so and offers other words.
 */
import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { useMemo } from 'react';
import { parseListingQuery } from '../../server/catalogue/index.server';
import { activeFilterCount, listingSearch } from '../../server/catalogue/public';
import { CACHE_CATALOGUE, CACHE_NONE } from '../../server/web/cache.server';
import { MAX_QUERY_CHARS } from '../../server/search/public';
import { container } from '../../styles/utilities.css';
import { cardView, withFilteredSize } from '../components/catalogue/card-view';
import {
  ActiveFilters,
  FilterPanel,
  FiltersToggle,
  useFiltersModal,
} from '../components/catalogue/filter-panel';
import { useHydrated } from '../components/catalogue/listing-hydrated';
import * as styles from '../components/catalogue/listing-page.css';
import { LoadMoreButton, useLoadMore } from '../components/catalogue/load-more';
import { Pagination } from '../components/catalogue/pagination';
import { ProductGrid } from '../components/catalogue/product-grid';
import { SortForm } from '../components/catalogue/sort-form';
import * as searchStyles from '../components/search/search-page.css';
import { pageMeta } from '../components/seo/meta';

const PER_PAGE = 24;

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? CACHE_CATALOGUE,
});

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.q ? `Search results for “${args.data.q}”` : 'Search',
    // Result pages are endless combinations of words: not for search engines' indexes.
    noIndex: true,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { search } = context.services;
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_CHARS);

  // SPEC §4: a merchandising redirect goes there (the header's script does the same without a round trip).
  const target = q ? await context.timing.measure('db', () => search.redirectFor(q)) : null;
  if (target) throw redirect(target, { status: 302, headers: { 'Cache-Control': CACHE_NONE } });

  const parsed = parseListingQuery(url.searchParams);
  if (!parsed.ok)
    throw new Response('Bad Request', { status: 400, headers: { 'Cache-Control': CACHE_NONE } });
  const { query } = parsed;
  if (!q) {
    return {
      q,
      correctedQuery: null,
      listing: null,
      facets: [],
      query,
      activeFilterCount: 0,
      filtersOpen: false,
      alternatives: [] as string[],
    };
  }
  const results = await context.timing.measure('db', () =>
    search.results(q, { ...query, perPage: PER_PAGE, priceList: context.viewer.priceList }),
  );
  const { listing, facets } = results.browse;
  if (query.page > listing.pageCount) throw new Response('Not Found', { status: 404 });
  const alternatives = listing.totalCount === 0 ? await search.alternativesFor(q) : [];
  return {
    q,
    correctedQuery: results.correctedQuery,
    // The cards' own fields only (card-view.ts), as on category pages: under a colour filter that includes the
    // swatch the card shows (decision 059).
    listing: { ...listing, products: listing.products.map(cardView) },
    facets,
    query,
    activeFilterCount: activeFilterCount(query.filters),
    filtersOpen: url.searchParams.get('filters') === 'open',
    alternatives,
  };
}

export default function SearchResults() {
  const data = useLoaderData<typeof loader>();
  const { q, listing } = data;
  return (
    <div className={`${container} ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{q ? <>Search results for “{q}”</> : 'Search'}</h1>
        {data.correctedQuery ? (
          <p className={searchStyles.didYouMean}>
            Did you mean{' '}
            <Link to={`/search?${new URLSearchParams({ q: data.correctedQuery })}`}>
              {data.correctedQuery}
            </Link>
            ?
          </p>
        ) : null}
      </header>
      {!q ? (
        <p className={styles.empty}>Type what you are looking for in the search box above.</p>
      ) : listing && listing.totalCount === 0 && data.activeFilterCount === 0 ? (
        <NoResults q={q} alternatives={data.alternatives} />
      ) : listing ? (
        <Results />
      ) : null}
    </div>
  );
}

function Results() {
  const data = useLoaderData<typeof loader>();
  const { facets, query, filtersOpen } = data;
  const listing = data.listing!;
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const keep = useMemo(() => ({ q: data.q }), [data.q]);
  const search = listingSearch(query, keep);

  // With JavaScript the modal is component state; a `?filters=open` URL opens it and loses the flag.
  const { modalOpen, openModal, closeModal } = useFiltersModal(filtersOpen, `${pathname}${search}`);
  const more = useLoadMore({ listing, query, pathname, keep });

  return (
    <div className={styles.layout}>
      <FilterPanel
        facets={facets}
        query={query}
        pathname={pathname}
        keep={keep}
        resultCount={listing.totalCount}
        open={hydrated ? modalOpen : filtersOpen}
        onClose={hydrated ? closeModal : undefined}
      />
      <div className={styles.results}>
        <div className={styles.toolbar}>
          <div className={styles.filtersToggle}>
            <FiltersToggle
              href={`${pathname}${search}&filters=open`}
              activeCount={data.activeFilterCount}
              onOpen={hydrated ? openModal : undefined}
              className={styles.toggleLink}
            />
          </div>
          <p className={styles.count} aria-live="polite">
            {listing.totalCount} {listing.totalCount === 1 ? 'product' : 'products'}
          </p>
          <SortForm query={query} pathname={pathname} keep={keep} featuredLabel="Relevance" />
        </div>
        <ActiveFilters facets={facets} query={query} pathname={pathname} keep={keep} />
        {listing.products.length > 0 ? (
          <ProductGrid
            products={withFilteredSize(hydrated ? more.products : listing.products, query.filters.size)}
            label="Search results"
          />
        ) : (
          <div className={styles.empty}>
            <p>No products match these filters.</p>
            <Link to={`${pathname}?${new URLSearchParams(keep)}`} className={styles.clearAll}>
              Clear filters
            </Link>
          </div>
        )}
        {listing.products.length > 0 ? (
          <LoadMoreButton
            listing={listing}
            shown={more.products.length}
            hasMore={more.hasMore}
            loading={more.loading}
            onClick={more.loadNext}
          />
        ) : null}
        <Pagination
          page={listing.page}
          through={hydrated ? more.loadedThrough : listing.page}
          pageCount={listing.pageCount}
        />
      </div>
    </div>
  );
}

function NoResults({ q, alternatives }: { q: string; alternatives: string[] }) {
  return (
    <section className={searchStyles.noResults} aria-labelledby="no-results">
      <h2 id="no-results" className={searchStyles.noResultsTitle}>
        No products match “{q}”.
      </h2>
      <p>Check the spelling, use fewer words, or try one of these:</p>
      {alternatives.length > 0 ? (
        <ul role="list" className={searchStyles.chips} aria-label="Other searches">
          {alternatives.map((term) => (
            <li key={term}>
              <Link className={searchStyles.chip} to={`/search?${new URLSearchParams({ q: term })}`}>
                {term}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
