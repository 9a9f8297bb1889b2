/**
 * Listing filters and facets (issue 4): the query parameters of a category listing, parsed with zod, and the
 * facets built from the per-value counts the database returns. Pure, so routes and components import it.
 *
 * URL shape: `?size=M&size=L&color=Optifade-Subalpine&gender=Mens&type=jacket&tech=Gore-Tex&price=100-200
 * &sort=price-asc&page=2`. Values of one facet are alternatives (OR); facets combine with AND.
 */
import { z } from 'zod';
import { TECHNOLOGY_BADGE_PRIORITY } from './badges';
import { PRODUCT_SORTS, type ProductSort } from './types';

export const FACET_KEYS = ['size', 'color', 'gender', 'type', 'tech', 'price'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

export const FACET_LABELS: Record<FacetKey, string> = {
  size: 'Size',
  color: 'Colour / pattern',
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

/* ─────────────── parsing ─────────────── */

/** At most this many values per facet, each at most 80 characters: anything longer is not a real choice. */
const MAX_VALUES = 30;
const FacetValuesSchema = z.array(z.string().trim().min(1).max(80)).max(MAX_VALUES);

const ListingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: z.enum(PRODUCT_SORTS).default('featured'),
  ...Object.fromEntries(FACET_KEYS.map((key) => [key, FacetValuesSchema])),
});

export type ListingQueryResult = { ok: true; query: ListingQuery } | { ok: false; error: string };

/**
 * Reads a listing URL's query. A malformed page, an unknown sort or an oversized value is an error (the
 * route answers 400); blank values, repeats and unknown price ranges are dropped; other parameters (panel
 * flags, tracking) are ignored.
 */
export function parseListingQuery(params: URLSearchParams): ListingQueryResult {
  const raw: Record<string, unknown> = {};
  for (const key of FACET_KEYS) raw[key] = params.getAll(key).filter((value) => value.trim() !== '');
  const page = params.get('page');
  if (page !== null && page !== '') raw.page = page;
  const sort = params.get('sort');
  if (sort !== null && sort !== '') raw.sort = sort;
  const parsed = ListingQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Bad request' };
  const data = parsed.data as { page: number; sort: ProductSort } & Record<FacetKey, string[]>;
  const filters = emptyFilters();
  for (const key of FACET_KEYS) filters[key] = [...new Set(data[key])];
  filters.price = filters.price.filter((value) => PRICE_RANGES.some((range) => range.key === value));
  return { ok: true, query: { filters, sort: data.sort, page: data.page } };
}

export function emptyFilters(): ListingFilters {
  return { size: [], color: [], gender: [], type: [], tech: [], price: [] };
}

export function activeFilterCount(filters: ListingFilters): number {
  return FACET_KEYS.reduce((total, key) => total + filters[key].length, 0);
}

/* ─────────────── URLs ─────────────── */

/**
 * The query string of a listing (with its leading `?`, or '' when bare), in a stable order so that equal
 * listings share one cacheable URL: facets in FACET_KEYS order, then sort (unless featured), then page
 * (unless 1).
 */
export function listingSearch(query: ListingQuery): string {
  const params = new URLSearchParams();
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

/* ─────────────── facets ─────────────── */

export type FacetCountRow = {
  facet: FacetKey;
  value: string;
  label: string;
  count: number;
  swatch: string | null;
  hex: string | null;
  isPattern: boolean;
};

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

/**
 * Facets in FACET_KEYS order, each value with its count. A selected value stays listed even at count 0,
 * so that it can be unselected; a facet with fewer than two values and nothing selected offers no choice
 * and is left out.
 */
export function buildFacets(rows: readonly FacetCountRow[], filters: ListingFilters): Facet[] {
  const facets: Facet[] = [];
  for (const key of FACET_KEYS) {
    const selected = filters[key];
    const values = new Map<string, FacetValue>();
    for (const row of rows) {
      if (row.facet !== key || row.count <= 0) continue;
      const value: FacetValue = {
        value: row.value,
        label:
          key === 'price'
            ? (priceRangeByKey(row.value)?.label ?? row.value)
            : key === 'color'
              ? row.label
              : labelOf(key, row.label),
        count: row.count,
        selected: includesValue(selected, row.value),
      };
      if (key === 'color') {
        value.swatchUrl = row.swatch ? `/swatches/${row.swatch}` : null;
        value.hex = row.hex;
        value.isPattern = row.isPattern;
      }
      values.set(row.value.toLowerCase(), value);
    }
    for (const value of selected) {
      if (values.has(value.toLowerCase())) continue;
      const label = key === 'price' ? (priceRangeByKey(value)?.label ?? value) : labelOf(key, value);
      values.set(value.toLowerCase(), { value, label, count: 0, selected: true });
    }
    const ordered = [...values.values()].sort(FACET_ORDER[key]);
    if (ordered.length < 2 && selected.length === 0) continue;
    facets.push({ key, label: FACET_LABELS[key], values: ordered });
  }
  return facets;
}

function includesValue(selected: readonly string[], value: string): boolean {
  return selected.some((item) => item.toLowerCase() === value.toLowerCase());
}

function priceRangeByKey(key: string): PriceRange | undefined {
  return PRICE_RANGES.find((range) => range.key === key);
}

const PRODUCT_TYPE_LABELS: Record<string, string> = {
  jacket: 'Jackets',
  vest: 'Vests',
  pant: 'Pants',
  bib: 'Bibs',
  shirt: 'Shirts',
  hoody: 'Hoodies',
  baselayer: 'Baselayers',
  glove: 'Gloves',
  hat: 'Hats',
  pack: 'Packs',
  gaiter: 'Gaiters',
  wader: 'Waders',
  boot: 'Boots',
  accessory: 'Accessories',
};

function labelOf(key: FacetKey, label: string): string {
  if (key === 'type') return PRODUCT_TYPE_LABELS[label] ?? label.charAt(0).toUpperCase() + label.slice(1);
  if (key === 'color') return label.replace(/-/g, ' ');
  return label;
}

const APPAREL_SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', 'YS', 'YM', 'YL', 'YXL'];

/**
 * Sizes read small to large: lettered apparel sizes (adult, then youth), then numeric sizes by number,
 * then anything else by name, "One Size" last.
 */
export function compareSizes(a: string, b: string): number {
  return sizeRank(a) - sizeRank(b) || sizeNumber(a) - sizeNumber(b) || a.localeCompare(b);
}

function sizeRank(size: string): number {
  const apparel = APPAREL_SIZES.indexOf(size.toUpperCase());
  if (apparel >= 0) return apparel;
  if (/^\d+(\.\d+)?$/.test(size)) return 100;
  if (size.toLowerCase() === 'one size') return 300;
  return 200;
}

function sizeNumber(size: string): number {
  return /^\d+(\.\d+)?$/.test(size) ? Number(size) : 0;
}

const GENDER_ORDER = ['Mens', 'Womens', 'Youth', 'Unisex'];

const byLabel = (a: FacetValue, b: FacetValue) => a.label.localeCompare(b.label);
const byListedOrder =
  (order: readonly string[]) =>
  (a: FacetValue, b: FacetValue): number => {
    const rank = (value: FacetValue) => {
      const index = order.findIndex((item) => item.toLowerCase() === value.value.toLowerCase());
      return index < 0 ? order.length : index;
    };
    return rank(a) - rank(b) || byLabel(a, b);
  };

const FACET_ORDER: Record<FacetKey, (a: FacetValue, b: FacetValue) => number> = {
  size: (a, b) => compareSizes(a.value, b.value),
  // Camouflage patterns first (SPEC §3 colour swatch list), then by name.
  color: (a, b) => Number(b.isPattern ?? false) - Number(a.isPattern ?? false) || byLabel(a, b),
  gender: byListedOrder(GENDER_ORDER),
  type: byLabel,
  tech: byListedOrder(TECHNOLOGY_BADGE_PRIORITY),
  price: byListedOrder(PRICE_RANGES.map((range) => range.key)),
};
