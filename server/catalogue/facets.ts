/**
 * Listing filters and facets (issue 4), server-side: the query parameters of a category listing parsed with
 * zod, and the facets built from the per-value counts the database returns. The query's shape and its URLs
 * are in `listing-query.ts` (browser-safe), re-exported here.
 */
import { z } from 'zod';
import { TECHNOLOGY_BADGE_PRIORITY } from './badges';
import {
  emptyFilters,
  FACET_KEYS,
  FACET_LABELS,
  PRICE_RANGES,
  type Facet,
  type FacetKey,
  type FacetValue,
  type ListingFilters,
  type ListingQuery,
  type PriceRange,
} from './listing-query';
import { PRODUCT_SORTS, type ProductSort } from './types';

export * from './listing-query';

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
