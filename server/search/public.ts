/**
 * The search context's browser-safe surface (issue 12): constants of the header's search mode and the shapes
 * its endpoints answer with. Components import these; loaders reach the service through `context.services.search`.
 */
import type { DisplayPrice } from '../catalogue/public';

export { MIN_SUGGEST_CHARS, MAX_QUERY_CHARS, normalizeQuery } from './query';

/** SPEC §2 search mode. */
export const SEARCH_PLACEHOLDER = 'Search by gear, pursuit or pattern...';
/** SPEC §9: the search input waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
/** SPEC §9: suggestions show 5 products (4 on medium screens, by CSS). */
export const SUGGESTION_PRODUCTS = 5;

/** A product of the suggestions (SPEC §3 "Search suggestion product"), money in integer cents. */
export type SuggestionProduct = {
  id: number;
  uid: string;
  sku: string;
  name: string;
  /** The product page in the selected (default) colour. */
  url: string;
  brand_id: number;
  selectedVariant: {
    color: string | null;
    image_url: string | null;
    image_alt: string;
    /** The list price (null: no price). */
    price: number | null;
    /** What the viewer pays when it is less than the list price, else null. */
    sale_price: number | null;
    /** What the viewer pays (null: no price). */
    calculated_price: number | null;
  };
  custom_fields: { gender: string; product_type: string };
  /** What the viewer pays (their price list), as product cards show it. */
  price: DisplayPrice;
};

/** What the header's search mode shows for a term (SPEC §7: corrected-query, suggested.text, alternatives). */
export type SearchSuggestions = {
  query: string;
  /** The term with misspelt words corrected, when it was misspelt. */
  correctedQuery: string | null;
  suggested: { text: string } | null;
  alternatives: { text: string }[];
  products: SuggestionProduct[];
  /** A merchandising redirect for this exact term (SPEC §3 merchandising.redirect). */
  merchandising: { redirect: string | null };
};

/** Beacon kinds (SPEC §7): recommendation block render/impression/click, basket and product-view tracking. */
export const BEACON_KINDS = ['render', 'impression', 'click', 'basket', 'product-view'] as const;
export type BeaconKind = (typeof BEACON_KINDS)[number];
