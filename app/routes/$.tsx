/**
 * Category listings at `/{top-category}/…/` (SPEC §2), up to four levels, `/…/all/` showing its parent's
 * products. Any other URL that no route claims ends here too and gets the 404 page.
 */
import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { PRODUCT_SORTS } from '../../server/catalogue/types';
import { CACHE_CATALOGUE } from '../../server/http/cache';
import { container } from '../../styles/utilities.css';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CategoryLinks } from '../components/catalogue/category-links';
import * as styles from '../components/catalogue/listing-page.css';
import { Pagination } from '../components/catalogue/pagination';
import { ProductGrid } from '../components/catalogue/product-grid';
import { pageMeta } from '../components/seo/meta';

const PER_PAGE = 24;

export const headers: HeadersFunction = () => ({ 'Cache-Control': CACHE_CATALOGUE });

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data
    ? pageMeta(args, {
        title: args.data.category.name,
        description: args.data.category.description || undefined,
      })
    : pageMeta(args, { title: 'Page not found', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { catalogue } = context.services;
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  const category = await context.timing.measure('db', () => catalogue.getCategoryByPath(path));
  if (!category) throw new Response('Not Found', { status: 404 });
  // Listing URLs end with a slash: a browser asking for `/mens` is sent to `/mens/`.
  if (path !== url.pathname && isDocumentRequest(request)) throw redirect(`${path}${url.search}`, 301);

  const query = ListingQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw new Response('Bad Request', { status: 400 });
  const listing = await context.timing.measure('db', () =>
    catalogue.listCategoryProducts(category.category.id, { ...query.data, perPage: PER_PAGE }),
  );
  if (query.data.page > listing.pageCount) throw new Response('Not Found', { status: 404 });
  return { ...category, listing };
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

/** Other query parameters (panel flags, tracking) are ignored. */
const ListingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  sort: z.enum(PRODUCT_SORTS).default('featured'),
});

export default function CategoryListing() {
  const { category, breadcrumbs, children, listing } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <Breadcrumbs items={breadcrumbs} />
      <header className={styles.header}>
        <h1 className={styles.title}>{category.name}</h1>
        {category.description ? <p>{category.description}</p> : null}
        <p className={styles.count}>
          {listing.totalCount} {listing.totalCount === 1 ? 'product' : 'products'}
        </p>
      </header>
      <CategoryLinks categories={children} label={`${category.name} categories`} />
      {listing.products.length > 0 ? (
        <ProductGrid products={listing.products} label={`${category.name} products`} />
      ) : (
        <p className={styles.empty}>There are no products here yet.</p>
      )}
      <Pagination page={listing.page} pageCount={listing.pageCount} />
    </div>
  );
}
