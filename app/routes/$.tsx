/**
 * Category listings at `/{top-category}/…/` (SPEC §2), up to four levels, `/…/all/` showing its parent's
 * products, with facets, sorting and paging as GET parameters (every filtered page is a plain, shareable,
 * cacheable URL that works without JavaScript). Any other URL that no route claims ends here too and gets
 * the 404 page.
 */
import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import {
  correctedListingParams,
  lastPageParams,
  parseListingQuery,
} from '../../server/catalogue/index.server';
import { activeFilterCount, listingSearch } from '../../server/catalogue/public';
import { CACHE_CATALOGUE } from '../../server/web/cache.server';
import { container } from '../../styles/utilities.css';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CategoryLinks } from '../components/catalogue/category-links';
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
import { pageMeta } from '../components/seo/meta';

const PER_PAGE = 24;

export const headers: HeadersFunction = () => ({ 'Cache-Control': CACHE_CATALOGUE });

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data
    ? pageMeta(args, {
        title: listingTitle(args.data.category.name, args.data.breadcrumbs),
        description: args.data.category.description || undefined,
      })
    : pageMeta(args, { title: 'Page not found', noIndex: true });

/**
 * One title per category (issue 9 §9): its name, then its parents' ("Mens | Sale" differs from "Mens"), nearest
 * first; the breadcrumbs run from the top-level category to the category itself.
 */
function listingTitle(name: string, breadcrumbs: readonly { label: string }[]): string {
  const parents = breadcrumbs.slice(0, -1).map((crumb) => crumb.label);
  return [name, ...parents.reverse()].join(' | ');
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { catalogue } = context.services;
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  const category = await context.timing.measure('db', () => catalogue.getCategoryByPath(path));
  if (!category) {
    // A link to a feature still being built leads to a page that says what is coming (issue 9 §9).
    const coming = context.services.content.comingPageFor(url.pathname);
    if (coming) throw redirect(coming.path, 302);
    throw new Response('Not Found', { status: 404 });
  }
  // Listing URLs end with a slash: a browser asking for `/mens` is sent to `/mens/`.
  if (path !== url.pathname && isDocumentRequest(request)) throw redirect(`${path}${url.search}`, 301);

  const parsed = parseListingQuery(url.searchParams);
  if (!parsed.ok) {
    // Bad parameters (`?page=0`, `?sort=bogus`) are corrected with a redirect, not a 400 page (issue 9 §4).
    const corrected = correctedListingParams(url.searchParams);
    if (corrected && parseListingQuery(corrected).ok) throw redirect(withSearch(path, corrected), 302);
    throw new Response('Bad Request', { status: 400 });
  }
  const { query } = parsed;
  const { listing, facets } = await context.timing.measure('db', () =>
    catalogue.browseCategory(category.category.id, {
      ...query,
      perPage: PER_PAGE,
      priceList: context.viewer.priceList,
    }),
  );
  // A page past the end (a shorter listing since the link was made) goes to the last page.
  if (query.page > listing.pageCount)
    throw redirect(withSearch(path, lastPageParams(url.searchParams, listing.pageCount)), 302);
  return {
    ...category,
    // The cards' own fields only (card-view.ts): the rest would be serialised and sent for nothing.
    listing: { ...listing, products: listing.products.map(cardView) },
    facets,
    /** The active filters, sort and page (for canonical URLs and meta as well as the page). */
    query,
    activeFilterCount: activeFilterCount(query.filters),
    /** `?filters=open`: the filters modal rendered open (small screens, without JavaScript). */
    filtersOpen: url.searchParams.get('filters') === 'open',
  };
}

function withSearch(path: string, params: URLSearchParams): string {
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Remix's single-fetch data URL drops a trailing slash (`/mens/` loads from `/mens.data`), so this loader
 * sees `/mens` for client navigations to `/mens/` and must answer them, not redirect them (that would
 * loop). A browser's fetch() says so in its Fetch Metadata (Sec-Fetch-Mode other than `navigate`); from a
 * client without Fetch Metadata, only a request that asks for HTML is taken for a document request.
 */
function isDocumentRequest(request: Request): boolean {
  const mode = request.headers.get('Sec-Fetch-Mode');
  if (mode) return mode === 'navigate';
  return request.headers.get('Accept')?.includes('text/html') ?? false;
}

export default function CategoryListing() {
  const data = useLoaderData<typeof loader>();
  const { category, breadcrumbs, children, listing, facets, query, filtersOpen } = data;
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const search = listingSearch(query);

  // With JavaScript the modal is component state; a `?filters=open` URL opens it and loses the flag.
  const { modalOpen, openModal, closeModal } = useFiltersModal(filtersOpen, `${pathname}${search}`);

  const more = useLoadMore({ listing, query, pathname });
  const title = `${category.name} products`;
  return (
    <div className={`${container} ${styles.page}`}>
      <Breadcrumbs items={breadcrumbs} />
      <header className={styles.header}>
        <h1 className={styles.title}>{category.name}</h1>
        {category.description ? <p>{category.description}</p> : null}
      </header>
      <CategoryLinks categories={children} label={`${category.name} categories`} />
      <div className={styles.layout}>
        <FilterPanel
          facets={facets}
          query={query}
          pathname={pathname}
          resultCount={listing.totalCount}
          open={hydrated ? modalOpen : filtersOpen}
          onClose={hydrated ? closeModal : undefined}
        />
        <div className={styles.results}>
          <div className={styles.toolbar}>
            <div className={styles.filtersToggle}>
              <FiltersToggle
                href={`${pathname}${search}${search ? '&' : '?'}filters=open`}
                activeCount={data.activeFilterCount}
                onOpen={hydrated ? openModal : undefined}
                className={styles.toggleLink}
              />
            </div>
            <p className={styles.count} aria-live="polite">
              {listing.totalCount} {listing.totalCount === 1 ? 'product' : 'products'}
            </p>
            <SortForm query={query} pathname={pathname} />
          </div>
          <ActiveFilters facets={facets} query={query} pathname={pathname} />
          {listing.products.length > 0 ? (
            <ProductGrid
              products={withFilteredSize(hydrated ? more.products : listing.products, query.filters.size)}
              label={title}
            />
          ) : data.activeFilterCount > 0 ? (
            <div className={styles.empty}>
              <p>No products match these filters.</p>
              <Link to={pathname} className={styles.clearAll}>
                Clear filters
              </Link>
            </div>
          ) : (
            <p className={styles.empty}>There are no products here yet.</p>
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
    </div>
  );
}
