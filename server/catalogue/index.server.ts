/**
 * The catalogue context: categories, listings and product pages (SPEC §2, §3). Routes reach it through
 * `context.services.catalogue` and import only its types.
 */
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { resolveCategoryPage } from './category-page';
import { CategoryTree } from './category-tree';
import { browseCategory, listCategoryProducts } from './listing.server';
import { cardsByIds } from './product-page-cards.server';
import { loadProductPage } from './product-page.server';
import { createRecommendations } from './recommendations.server';
import { selectCategories } from './queries.server';
import { selectSitemapProductPaths } from './sitemap.server';
import type {
  CategoryBrowse,
  CategoryPage,
  ListingOptions,
  ProductCard,
  ProductListing,
  ProductPageResult,
} from './types';

export type * from './types';
export type { CategoryNode, CategoryTree } from './category-tree';

export type CatalogueService = {
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
   * the category's facets and their counts under the other active filters.
   */
  browseCategory(categoryId: number, options: ListingOptions): Promise<CategoryBrowse>;
  /**
   * The product page in the colour named by `colorSlug` (case-insensitive); a redirect to the default
   * colour when the slug is missing or unknown; null when no visible product has this URL.
   */
  getProductPage(url: string, colorSlug?: string): Promise<ProductPageResult>;
  /** Cards of the visible products among `ids`, in that order (the recently viewed strip). */
  getProductCards(ids: readonly number[]): Promise<ProductCard[]>;
  /** "You may also like": same category, closest price first; 10 by default; kept for an hour. */
  getProductRecommendations(
    product: { id: number; priceCents: number },
    limit?: number,
  ): Promise<ProductCard[]>;
  /** The article block: best-rated products of a category (or the store); 8 by default; kept for an hour. */
  getArticleRecommendations(options?: { categoryId?: number | null; limit?: number }): Promise<ProductCard[]>;
  /** Paths of every visible product page at its default colour, for the sitemap. */
  listSitemapProductPaths(): Promise<string[]>;
};

/** `clock` is part of the contract for dated merchandising (badge windows, colour order rules). */
export function createCatalogueService({ db, clock }: { db: Database; clock: Clock }): CatalogueService {
  let tree: Promise<CategoryTree> | undefined;
  const recommendations = createRecommendations({ db, clock });
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

  return {
    getCategoryTree,
    invalidateCategoryTree() {
      tree = undefined;
    },
    async getCategoryByPath(path) {
      return resolveCategoryPage(await getCategoryTree(), path);
    },
    async listCategoryProducts(categoryId, options) {
      return listCategoryProducts({ db, clock, tree: await getCategoryTree() }, categoryId, options);
    },
    async browseCategory(categoryId, options) {
      return browseCategory({ db, clock, tree: await getCategoryTree() }, categoryId, options);
    },
    async getProductPage(url, colorSlug) {
      return loadProductPage(db, await getCategoryTree(), clock, url, colorSlug);
    },
    getProductCards: (ids) => cardsByIds(db, clock, ids),
    getProductRecommendations: (product, limit) => recommendations.forProduct(product, limit),
    getArticleRecommendations: (options) => recommendations.forArticle(options),
    listSitemapProductPaths: () => selectSitemapProductPaths(db),
  };
}
