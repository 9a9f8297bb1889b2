/**
 * The catalogue context: categories, listings and product pages (SPEC §2, §3). Routes reach it through
 * `context.services.catalogue` and import only its types.
 */
import crypto from 'node:crypto';
import type { Clock } from '../clock';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.server';
import type { InventoryService } from '../inventory/index.server';
import type { PricingService } from '../pricing/index.server';
import type { ReviewsService } from '../reviews/index.server';
import type { PriceListKey } from '../viewer/public';
import { resolveCategoryPage } from './category-page';
import { CatalogueFreshness, DataCache, LISTINGS_TAG, productTag } from './data-cache';
import { CategoryTree } from './category-tree';
import { syncListingIndex } from './listing-index-sync.server';
import { priceCard } from './cards';
import { browseCategory, browseProducts, listCategoryProducts } from './listing.server';
import { cardsByIds, type CardSource } from './product-page-cards.server';
import { loadProductPage, type ProductPageSources } from './product-page.server';
import { selectPurchasables, type Purchasable } from './purchasables.server';
import { createRecommendations } from './recommendations.server';
import { selectCategories } from './queries.server';
import {
  pruneChanges,
  selectChangesSince,
  selectLatestChange,
  type PruneChangesOptions,
} from './change-feed.server';
import { selectSearchDocuments } from './search-documents.server';
import { importedImages, products, variants } from './schema';
import { importedImageType } from './import/image-paths';
import { selectSitemapProductPaths } from './sitemap.server';
import { selectVariantLinks, type VariantLink, type VariantLinkQuery } from './variant-links.server';
import type {
  CatalogueChanges,
  CatalogueSearchDocument,
  CategoryBrowse,
  CategoryPage,
  ListingOptions,
  ProductCard,
  ProductListing,
  ProductPageResult,
} from './types';

export type * from './types';
export type { PruneChangesOptions } from './change-feed.server';
export type { Purchasable } from './purchasables.server';
export type { VariantLink, VariantLinkQuery } from './variant-links.server';
export { parseListingQuery } from './facets';
export { correctedListingParams, lastPageParams } from './listing-params';
export type { CategoryNode, CategoryTree } from './category-tree';

export type CatalogueService = {
  /** A picture a catalogue import stored (`/images/imported/{name}`, decision 096), or null. */
  importedImage(name: string): Promise<{ contentType: string; bytes: Uint8Array } | null>;
  /** The whole tree, loaded once and kept in memory until `invalidateCategoryTree`. */
  getCategoryTree(): Promise<CategoryTree>;
  /** Drops the cached tree (after categories change); the next call reloads it. */
  invalidateCategoryTree(): void;
  /** The shown category at a listing path with its trailing slash (`/mens/jackets-and-vests/`), or null. */
  getCategoryByPath(path: string): Promise<CategoryPage | null>;
  /** One page of the visible products assigned to a category (its parent's, for an `/all/` category). */
  listCategoryProducts(categoryId: number, options: ListingOptions): Promise<ProductListing>;
  /**
   * A listing page filtered by `options.filters` (facet values OR'ed within a facet, AND'ed across), with
   * the category's facets and their counts under the other active filters, priced for `options.priceList`.
   */
  browseCategory(categoryId: number, options: ListingOptions): Promise<CategoryBrowse>;
  /**
   * The product page in the colour named by `colorSlug` (case-insensitive), priced for `priceList`; a redirect to
   * the default colour when the slug is missing or unknown; null when no visible product has this URL.
   */
  getProductPage(
    url: string,
    colorSlug: string | undefined,
    priceList: PriceListKey,
  ): Promise<ProductPageResult>;
  /**
   * What the cart and checkout need of these variants (snapshot, pricing inputs, bulk rules), by variant id;
   * unknown ids are absent. Unpriced: the cart prices them for its viewer.
   */
  getPurchasables(variantIds: readonly number[]): Promise<Map<number, Purchasable>>;
  /** Cards of the visible products among `ids`, in that order (the recently viewed strip). */
  getProductCards(ids: readonly number[], priceList: PriceListKey): Promise<ProductCard[]>;
  /** "You may also like": same category, closest list price first; 10 by default; kept for an hour. */
  getProductRecommendations(
    productId: number,
    priceList: PriceListKey,
    limit?: number,
  ): Promise<ProductCard[]>;
  /** The article block: best-rated products of a category (or the store); 8 by default; kept for an hour. */
  getArticleRecommendations(
    priceList: PriceListKey,
    options?: { categoryId?: number | null; limit?: number },
  ): Promise<ProductCard[]>;
  /** The variant with this SKU and its product's name (the inventory context's back-in-stock requests), or null. */
  findVariant(sku: string): Promise<{ sku: string; productName: string } | null>;
  /**
   * Variants by SKU list or base SKU with their product page (colour and size chosen): the back-in-stock notices'
   * links and the stock desk. On `tx` when given.
   */
  variantLinks(query: VariantLinkQuery, tx?: Tx): Promise<VariantLink[]>;
  /** Paths of every visible product page at its default colour, for the sitemap. */
  listSitemapProductPaths(): Promise<string[]>;
  /**
   * A listing page over the given products (search results) in their order (`featured` sort), with the same
   * facets, filters, sorts and priced cards as a category's.
   */
  browseProducts(
    productIds: readonly number[],
    options: ListingOptions & {
      /**
       * Keep the page in the data cache, per price list, as category pages are (search results: decision 051).
       * Keyed by the ids themselves, so a new ranking is a new entry; dropped with every listing on a change.
       */
      cache?: boolean;
    },
  ): Promise<CategoryBrowse>;
  /**
   * Brings the listing index up to date with the catalogue's change feed (decision 024): what category listings
   * read. Concurrent calls share one run.
   */
  syncListings(): Promise<'current' | 'applied' | 'rebuilt'>;
  /** Syncs the listing index now (before serving) and then every `pollMs` (0: never again by itself). */
  startListingSync(options: { pollMs: number; onError?: (error: unknown) => void }): Promise<void>;
  /** Stops the periodic sync; resolves when a sync under way has ended. */
  stopListingSync(): Promise<void>;
  /** Search documents of these products (all when omitted), hidden ones flagged `visible: false`. */
  listSearchDocuments(productIds?: readonly number[]): Promise<CatalogueSearchDocument[]>;
  /** The change feed after `cursor`: which products' searchable data changed. */
  changesSince(cursor: number, limit?: number): Promise<CatalogueChanges>;
  /** The change feed's latest id (0 when empty). */
  latestChange(): Promise<number>;
  /**
   * Deletes the change feed's rows that every reader has applied (`appliedBy`: the cursors of readers outside the
   * catalogue; the listing index's is read here), and rows past a maximum age whoever has not (the feed then
   * tells every reader to rebuild). See `pruneChanges` in change-feed.server.ts.
   */
  pruneChanges(options: PruneChangesOptions): Promise<{ deleted: number; reset: boolean }>;
};

/**
 * `clock` is part of the contract for dated merchandising (badge windows, colour order rules); `pricing` turns
 * list and sale prices into what each viewer pays; `inventory` and `reviews` give stock and ratings, which the
 * catalogue never reads from their tables (decision 072).
 */
export function createCatalogueService({
  db,
  clock,
  pricing,
  inventory,
  reviews,
  cache: cacheOptions,
}: {
  db: Database;
  clock: Clock;
  pricing: Pick<PricingService, 'priceList' | 'priceLists'>;
  inventory: Pick<InventoryService, 'getLevels' | 'getLevelsByBaseSku' | 'skusInStock'>;
  reviews: Pick<ReviewsService, 'productRatings'>;
  /**
   * Keep product pages and listing pages per price list in one bounded cache (data-cache.ts), checked against the
   * change feed before each answer. Off unless given (tests that write the catalogue read it back directly).
   */
  cache?: { maxEntries: number; ttlMs: number; checkEveryMs?: number };
}): CatalogueService {
  let tree: Promise<CategoryTree> | undefined;
  const cards: CardSource = { db, clock, ratings: (ids) => reviews.productRatings(ids) };
  const pageSources: ProductPageSources = {
    ratings: cards.ratings,
    stockUnder: async (bases) =>
      (await inventory.getLevelsByBaseSku(bases, 'customer')).flatMap((group) => group.variants),
    stockOf: (skus) => inventory.getLevels(skus, 'customer'),
  };
  const recommendations = createRecommendations({ source: cards, listingReady: () => listingReady() });
  const getCategoryTree = () => {
    // Concurrent first requests share one load; a failed load is not kept, so the next call retries.
    tree ??= selectCategories(db).then(
      (records) => new CategoryTree(records),
      (error: unknown) => {
        tree = undefined;
        throw error;
      },
    );
    return tree;
  };
  const data = cacheOptions ? new DataCache(cacheOptions) : undefined;
  const freshness = data
    ? new CatalogueFreshness(
        data,
        {
          latestChange: () => selectLatestChange(db),
          changesSince: (cursor, limit) => selectChangesSince(db, cursor, limit ?? 1000),
        },
        { minIntervalMs: cacheOptions?.checkEveryMs ?? 0 },
      )
    : undefined;
  /** Through the cache when there is one. */
  async function cached<T>(key: string, load: () => Promise<T>, tagsOf: (value: T) => string[]): Promise<T> {
    if (!data || !freshness) return load();
    await freshness.check();
    return data.get(key, load, tagsOf);
  }
  let syncing: Promise<'current' | 'applied' | 'rebuilt'> | undefined;
  let indexReady: Promise<void> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const syncListings = () => {
    syncing ??= (async () => {
      try {
        const outcome = await syncListingIndex(db, await pricing.priceLists(), (ids, tx) =>
          reviews.productRatings(ids, tx),
        );
        indexReady ??= Promise.resolve();
        // Listing pages kept in the data cache follow the index, not only the change feed (it may lag by a poll).
        if (outcome !== 'current') data?.invalidate([LISTINGS_TAG]);
        return outcome;
      } finally {
        syncing = undefined;
      }
    })();
    return syncing;
  };
  // A process reads the index once it has brought it up to date at least once (the app does so before serving).
  const listingReady = () =>
    (indexReady ??= syncListings().then(
      () => undefined,
      (error: unknown) => {
        indexReady = undefined;
        throw error;
      },
    ));
  const listing = async (priceList: PriceListKey | undefined) => {
    const [categoryTree, list] = await Promise.all([
      getCategoryTree(),
      pricing.priceList(priceList ?? 'retail'),
      listingReady(),
    ]);
    return { db, clock, tree: categoryTree, list };
  };

  return {
    async importedImage(name) {
      if (!importedImageType(name)) return null;
      const [row] = await db
        .select({ contentType: importedImages.contentType, bytes: importedImages.bytes })
        .from(importedImages)
        .where(eq(importedImages.name, name))
        .limit(1);
      return row ?? null;
    },
    getCategoryTree,
    invalidateCategoryTree() {
      tree = undefined;
    },
    async getCategoryByPath(path) {
      return resolveCategoryPage(await getCategoryTree(), path);
    },
    async listCategoryProducts(categoryId, options) {
      return listCategoryProducts(await listing(options.priceList), categoryId, options);
    },
    async browseCategory(categoryId, options) {
      return cached(
        `browse ${categoryId} ${JSON.stringify({ ...options, priceList: options.priceList ?? 'retail' })}`,
        async () => browseCategory(await listing(options.priceList), categoryId, options),
        () => [LISTINGS_TAG],
      );
    },
    async getProductPage(url, colorSlug, priceList) {
      return cached(
        `product ${priceList} ${url} ${colorSlug?.toLowerCase() ?? ''}`,
        async () => {
          const [categoryTree, list] = await Promise.all([getCategoryTree(), pricing.priceList(priceList)]);
          return loadProductPage(db, pageSources, categoryTree, clock, url, colorSlug, list);
        },
        // A missing product or colour may appear with any change.
        (result) => (result?.kind === 'page' ? [productTag(result.page.product.id)] : [LISTINGS_TAG]),
      );
    },
    async getPurchasables(variantIds) {
      if (!data || !freshness) return selectPurchasables(db, variantIds);
      // Kept per variant (decision 054): every cart page, add and checkout asks for the same few sizes again.
      // The misses of one call are read together, in one batch; a change to the product, its variants, option
      // labels, images or bulk rules drops them (the change feed, as for product pages).
      await freshness.check();
      const ids = [...new Set(variantIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
      const missing: number[] = [];
      let batch: Promise<Map<number, Purchasable>> | undefined;
      const loadMissing = () => (batch ??= Promise.resolve().then(() => selectPurchasables(db, missing)));
      const answers = ids.map((id) =>
        data.get<Purchasable | null>(
          `purchasable ${id}`,
          () => {
            missing.push(id);
            return loadMissing().then((found) => found.get(id) ?? null);
          },
          // An unknown variant may appear with any change.
          (item) => (item ? [productTag(item.productId)] : [LISTINGS_TAG]),
        ),
      );
      const found = new Map<number, Purchasable>();
      for (const item of await Promise.all(answers)) if (item) found.set(item.variantId, item);
      return found;
    },
    async getProductCards(ids, priceList) {
      const [found, list] = await Promise.all([cardsByIds(cards, ids), pricing.priceList(priceList)]);
      return found.map((card) => priceCard(card, list));
    },
    async getProductRecommendations(productId, priceList, limit) {
      const [cards, list] = await Promise.all([
        recommendations.forProduct(productId, limit),
        pricing.priceList(priceList),
      ]);
      return cards.map((card) => priceCard(card, list));
    },
    async getArticleRecommendations(priceList, options) {
      const [cards, list] = await Promise.all([
        recommendations.forArticle(options),
        pricing.priceList(priceList),
      ]);
      return cards.map((card) => priceCard(card, list));
    },
    async findVariant(sku) {
      const [variant] = await db
        .select({ sku: variants.sku, productName: products.name })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(variants.sku, sku))
        .limit(1);
      return variant ?? null;
    },
    variantLinks: (query, tx) => selectVariantLinks(tx ?? db, query),
    listSitemapProductPaths: () => selectSitemapProductPaths(db),
    async browseProducts(productIds, { cache, ...options }) {
      const load = async () => browseProducts(await listing(options.priceList), productIds, options);
      if (!cache || productIds.length === 0) return load();
      const ids = crypto.createHash('sha1').update(productIds.join(',')).digest('base64url');
      return cached(
        `products ${ids} ${JSON.stringify({ ...options, priceList: options.priceList ?? 'retail' })}`,
        load,
        () => [LISTINGS_TAG],
      );
    },
    syncListings,
    async startListingSync({ pollMs, onError }) {
      await listingReady();
      if (pollMs > 0 && !timer) {
        timer = setInterval(() => {
          syncListings().catch((error: unknown) => onError?.(error));
        }, pollMs);
        timer.unref();
      }
    },
    async stopListingSync() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await syncing?.catch(() => undefined);
    },
    listSearchDocuments: (productIds) =>
      selectSearchDocuments({ ...cards, skusInStock: (skus) => inventory.skusInStock(skus) }, productIds),
    changesSince: (cursor, limit = 5000) => selectChangesSince(db, cursor, limit),
    latestChange: () => selectLatestChange(db),
    pruneChanges: (options) => pruneChanges(db, options),
  };
}
export { pickRecommendations, POOL_PER_PICK } from './recommendation-pick';
export { planCatalogueImport, type CatalogueImportPlan } from './import/plan.server';
export { writeCatalogueImport, type WriteSummary as CatalogueImportSummary } from './import/write.server';
export { IMPORTED_IMAGES_PATH, importedImageType } from './import/image-paths';
export type { ImportRefusal } from './import/records';
