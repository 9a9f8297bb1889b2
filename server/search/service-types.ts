/** The search service's contract (`createSearchService` in index.server.ts builds it). */
import type { CategoryBrowse, ListingOptions } from '../catalogue/index.server';
import type { PriceListKey } from '../viewer/public';
import type { BeaconKind, SearchSuggestions, SuggestionProduct } from './public';

export type SearchResults = {
  /** The query as searched (normalised). */
  query: string;
  /** "Did you mean": the query with misspelt words corrected, when it had some. */
  correctedQuery: string | null;
  browse: CategoryBrowse;
};

export type RecommendOptions = {
  tags?: readonly string[];
  /** Products viewed last (most recent first) and in the cart: recommendations then go up to 10. */
  lastViewed?: readonly number[];
  cart?: readonly number[];
  limit?: number;
  /**
   * The product whose page shows the block: a seed like the last viewed ones, and the block keeps issue 9 §8's
   * properties for it (recommendation-pick.ts): its audience first (others only to fill), spread over prices
   * among the closest relations (co-views and shared tags), cheapest first.
   */
  product?: number;
};

export type Beacon = {
  kind: BeaconKind;
  block?: string | null;
  productIds: readonly number[];
  sessionId?: string | null;
  pageLoadId?: string | null;
};

export type SearchService = {
  /** Brings the documents up to date with the catalogue, loads the memory index, and keeps both current. */
  start(options?: { pollMs?: number }): Promise<void>;
  /** Stops the periodic sync; resolves when a sync under way has ended. */
  stop(): Promise<void>;
  /** Applies the catalogue's pending changes to the documents and the memory index; true when something changed. */
  sync(): Promise<boolean>;
  /** The merchandising redirect of this exact term (normalised), or null. */
  redirectFor(query: string): Promise<string | null>;
  /** The results page: ranked matches with the listing's facets, sorts and pages. */
  results(query: string, options: ListingOptions): Promise<SearchResults>;
  /** Suggestions as you type (memory only), priced for the price list; cached per term and list. */
  suggestions(query: string, limit?: number, priceList?: PriceListKey): Promise<SearchSuggestions>;
  /** Recommendations by tags (8 by default), or from last viewed and cart products (up to 10). */
  recommend(options: RecommendOptions, priceList?: PriceListKey): Promise<SuggestionProduct[]>;
  /** Stores beacons (one statement for a batch), for ranking: product views feed co-views. */
  recordBeacons(beacons: readonly Beacon[]): Promise<void>;
  /** Words to try when a search found nothing: close terms for the query, else the most stocked product types. */
  alternativesFor(query: string): Promise<string[]>;
  /** Cache sizes and the memory index (for tests and the benchmark). */
  stats(): { documents: number; seq: number };
};
