/**
 * The query of a category listing (filters, sort, page) and the URLs built from it (issue 4). Pure and free of
 * zod, so the listing's components import it through `server/catalogue/public.ts` without bringing the parser
 * (`facets.ts`, server-side) into the browser.
 *
 * URL shape: `?size=M&size=L&color=Optifade-Subalpine&gender=Mens&type=jacket&tech=Gore-Tex&price=100-200
 * &sort=price-asc&page=2`. Values of one facet are alternatives (OR); facets combine with AND.
 */

/**
 * `top-rated` orders by the confidence-weighted score of the rating summary (ratings.ts `ratingRank`), then its review
 * count; unrated products last.
 */
export const PRODUCT_SORTS = ['featured', 'newest', 'price-asc', 'price-desc', 'top-rated', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const FACET_KEYS = ['size', 'color', 'gender', 'type', 'tech', 'price'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

export const FACET_LABELS: Record<FacetKey, string> = {
  size: 'Size',
  color: 'Color / pattern',
  gender: 'Gender',
  type: 'Product type',
  tech: 'Technology',
  price: 'Price',
};

/** The selected values of each facet, as they appear in the URL. */
export type ListingFilters = Record<FacetKey, string[]>;

export type ListingQuery = { filters: ListingFilters; sort: ProductSort; page: number };

/** The sorts a shopper chooses from, in menu order (`name` stays accepted for old links). */
export const SORT_CHOICES: readonly { value: ProductSort; label: string }[] = [
  { value: 'featured', label: 'Featured' },
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'top-rated', label: 'Top rated' },
];

/* ─────────────── price ranges ─────────────── */

export type PriceRange = { key: string; label: string; minCents: number; maxCents: number | null };

/** Buckets over the price a shopper pays (the sale price when one applies); `max` is exclusive. */
export const PRICE_RANGES: readonly PriceRange[] = [
  { key: '0-50', label: 'Under $50', minCents: 0, maxCents: 5_000 },
  { key: '50-100', label: '$50 to $100', minCents: 5_000, maxCents: 10_000 },
  { key: '100-200', label: '$100 to $200', minCents: 10_000, maxCents: 20_000 },
  { key: '200-300', label: '$200 to $300', minCents: 20_000, maxCents: 30_000 },
  { key: '300-500', label: '$300 to $500', minCents: 30_000, maxCents: 50_000 },
  { key: '500-', label: '$500 and up', minCents: 50_000, maxCents: null },
];

export function priceRangeOf(cents: number): PriceRange {
  return (
    PRICE_RANGES.find(
      (range) => cents >= range.minCents && (range.maxCents === null || cents < range.maxCents),
    ) ?? PRICE_RANGES[0]!
  );
}

export function emptyFilters(): ListingFilters {
  return { size: [], color: [], gender: [], type: [], tech: [], price: [] };
}

export function activeFilterCount(filters: ListingFilters): number {
  return FACET_KEYS.reduce((total, key) => total + filters[key].length, 0);
}

/* ─────────────── URLs ─────────────── */

/** Parameters a listing carries besides its own, first in its URLs (the search page's `q`). */
export type ListingKeep = Readonly<Record<string, string>>;

/**
 * The query string of a listing (with its leading `?`, or '' when bare), in a stable order so that equal
 * listings share one cacheable URL: `keep` first, facets in FACET_KEYS order, then sort (unless featured), then
 * page (unless 1).
 */
export function listingSearch(query: ListingQuery, keep: ListingKeep = {}): string {
  const params = new URLSearchParams(keep);
  for (const key of FACET_KEYS) for (const value of query.filters[key]) params.append(key, value);
  if (query.sort !== 'featured') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The query with one facet value switched on or off; back to page 1, since the results change. */
export function toggleFilter(query: ListingQuery, key: FacetKey, value: string): ListingQuery {
  const current = query.filters[key];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return { ...query, filters: { ...query.filters, [key]: next }, page: 1 };
}

/* ─────────────── facets as shown ─────────────── */

export type FacetValue = {
  value: string;
  label: string;
  /** Products that have this value among those matching the other facets' filters. */
  count: number;
  selected: boolean;
  /** Colour facet only. */
  swatchUrl?: string | null;
  hex?: string | null;
  isPattern?: boolean;
};

export type Facet = { key: FacetKey; label: string; values: FacetValue[] };
