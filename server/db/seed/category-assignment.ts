/**
 * Which categories list which products. A product is described by tags (its audience, type, style,
 * colours, pursuits, seasons, sale events, …); categories select on them (categories.ts).
 */
import { ratingRank } from '../../catalogue/ratings';
import type { productCategories, products, ratingSummaries } from '../schema';
import type {
  CategoryDefinition,
  Collection,
  ProductTag,
  Pursuit,
  Selector,
  Temperature,
} from './categories';
import { isNewArrival, SEASONS_BY_WARMTH, type ProductPlan } from './product-plan';
import type { Random } from './random';
import { GEAR_TYPES, type Warmth } from './product-types';

type ProductRow = typeof products.$inferSelect;
export type ProductCategoryRow = typeof productCategories.$inferSelect;
export type RatingRow = typeof ratingSummaries.$inferSelect;

const BIG_GAME: readonly Pursuit[] = ['elk', 'mule-deer', 'sheep-and-goat', 'whitetail'];
/** The confidence-weighted score (catalogue ratings.ts) from which a product is listed in Top Rated. */
export const TOP_RATED_RANK = 4.5;
const TEMPERATURE_BY_WARMTH: Record<Warmth, Temperature> = { 0: 'warm', 1: 'cool', 2: 'cold', 3: 'extreme' };

export function productTags(plan: ProductPlan, random: Random): Set<ProductTag> {
  const tags = new Set<ProductTag>([`type:${plan.type}`, `style:${plan.style.id}`, `line:${plan.line}`]);
  if (plan.gender === 'Unisex') {
    tags.add('audience:mens').add('audience:womens');
  } else {
    tags.add(`audience:${plan.gender.toLowerCase() as 'mens' | 'womens' | 'youth'}`);
  }
  if (plan.gender === 'Unisex' || GEAR_TYPES.includes(plan.type)) tags.add('gear');
  for (const code of plan.colours) tags.add(`color:${code}`);
  for (const pursuit of plan.pursuits) tags.add(`pursuit:${pursuit}`);
  const seasons = SEASONS_BY_WARMTH[plan.style.warmth];
  for (const season of seasons) tags.add(`season:${season}`);
  tags.add(`temp:${TEMPERATURE_BY_WARMTH[plan.style.warmth]}`);
  const collection = collectionFor(plan);
  if (collection) tags.add(`collection:${collection}`);

  if (plan.salePriceCents !== null) {
    tags.add('sale');
    const percentOff = 100 - (plan.salePriceCents / plan.priceCents) * 100;
    if (percentOff >= 30) tags.add('deal');
    if (plan.pursuits.some((pursuit) => BIG_GAME.includes(pursuit))) tags.add('sale:big-game');
    if (random.chance(0.5)) tags.add('sale:black-friday');
    if (random.chance(0.4)) tags.add('sale:cyber-monday');
    if (inSummerSale(plan)) tags.add('sale:summer');
  }
  const effectivePrice = plan.salePriceCents ?? plan.priceCents;
  if (effectivePrice <= 10_000) tags.add('gift:under-100');
  if (effectivePrice <= 25_000) tags.add('gift:under-250');
  if (['hat', 'glove', 'gaiter', 'accessory'].includes(plan.type) && effectivePrice <= 7_000)
    tags.add('gift:stocking-stuffer');

  const isNew = isNewArrival(plan);
  if (isNew) tags.add('new');
  // Ranked as the Top Rated sort ranks: by the confidence-weighted score, not the raw average.
  const topRated =
    plan.rating !== null && ratingRank(plan.rating.score, plan.rating.totalCount) >= TOP_RATED_RANK;
  if (topRated) tags.add('top-rated');
  if (random.chance(isNew ? 0.3 : 0.06)) tags.add('trending');
  if (plan.featuredRank > 0) tags.add('featured');
  if (plan.onlineExclusive) tags.add('online-exclusive');
  if (random.chance(0.1)) tags.add('retail');
  if (random.chance(0.04)) tags.add('partners');
  if (random.chance(0.03)) tags.add('bundle');
  if (plan.brandId !== 1) tags.add('third-party');
  if (tags.has('gear') && (topRated || random.chance(0.15))) tags.add('gear-guide');
  return tags;
}

/** On sale and worn in the early season: listed in Summer Sale (and may be badged so). */
export function inSummerSale(plan: ProductPlan): boolean {
  return plan.salePriceCents !== null && SEASONS_BY_WARMTH[plan.style.warmth].includes('early');
}

function collectionFor(plan: ProductPlan): Collection | null {
  if (plan.line === 'everyday' || plan.line === 'logowear') return null;
  if (plan.type === 'baselayer') return 'core';
  if (plan.style.id.startsWith('rain-')) return 'stormfront';
  const first = plan.pursuits[0];
  if (first === 'waterfowl') return 'waterfowl';
  if (first === 'whitetail' || first === 'turkey' || first === 'upland') return 'whitetail';
  if (first) return 'mountain';
  return 'core';
}

/**
 * Leaves list the products their selector matches; a branch lists the union of its children and its own
 * selector; an `/all/` listing lists its parent's products. Within a category, featured products come
 * first (highest rank), then the newest.
 */
export function assignCategories(
  categories: readonly CategoryDefinition[],
  productRows: readonly ProductRow[],
  tagsByProduct: ReadonlyMap<number, ReadonlySet<ProductTag>>,
): ProductCategoryRow[] {
  const productsByTag = indexByTag(tagsByProduct);
  const members = new Map<number, Set<number>>();
  // Definitions are depth-first (parents first), so walking backwards sees every child before its parent.
  for (const definition of [...categories].reverse()) {
    if (definition.row.isAllListing) continue;
    const ids = selectProducts(definition.select, productsByTag, tagsByProduct);
    for (const childId of definition.childIds) for (const id of members.get(childId) ?? []) ids.add(id);
    members.set(definition.row.id, ids);
    if (definition.allListingId !== null) members.set(definition.allListingId, ids);
  }
  const byId = new Map(productRows.map((product) => [product.id, product]));
  const listingOrder = (a: ProductRow, b: ProductRow) =>
    b.featuredRank - a.featuredRank || b.createdAt.getTime() - a.createdAt.getTime() || a.id - b.id;
  return categories.flatMap((definition) =>
    [...(members.get(definition.row.id) ?? [])]
      .map((id) => byId.get(id) as ProductRow)
      .sort(listingOrder)
      .map((product, sortOrder) => ({ productId: product.id, categoryId: definition.row.id, sortOrder })),
  );
}

function indexByTag(tagsByProduct: ReadonlyMap<number, ReadonlySet<ProductTag>>): Map<ProductTag, number[]> {
  const index = new Map<ProductTag, number[]>();
  for (const [id, tags] of tagsByProduct) {
    for (const tag of tags) {
      const ids = index.get(tag);
      if (ids) ids.push(id);
      else index.set(tag, [id]);
    }
  }
  return index;
}

/** Products having every tag of some alternative: scan the rarest tag's products, check the others. */
function selectProducts(
  select: Selector,
  productsByTag: ReadonlyMap<ProductTag, readonly number[]>,
  tagsByProduct: ReadonlyMap<number, ReadonlySet<ProductTag>>,
): Set<number> {
  const ids = new Set<number>();
  for (const alternative of select) {
    const bySize = [...alternative].sort(
      (a, b) => (productsByTag.get(a)?.length ?? 0) - (productsByTag.get(b)?.length ?? 0),
    );
    const [rarest, ...others] = bySize;
    if (rarest === undefined) continue;
    for (const id of productsByTag.get(rarest) ?? []) {
      const tags = tagsByProduct.get(id);
      if (others.every((tag) => tags?.has(tag))) ids.add(id);
    }
  }
  return ids;
}

/** Department-level ratings: the review-weighted mean of their products' ratings. */
const RATED_CATEGORY_URLS = ['/mens/', '/womens/', '/youth/', '/gear/', '/jackets/', '/pursuit/'];

export function categoryRatings(
  categories: readonly CategoryDefinition[],
  assignments: readonly ProductCategoryRow[],
  productRatings: readonly RatingRow[],
): RatingRow[] {
  const ratingByProduct = new Map(productRatings.map((rating) => [rating.targetId, rating]));
  return categories
    .filter((definition) => RATED_CATEGORY_URLS.includes(definition.row.url))
    .flatMap((definition) => {
      let weighted = 0;
      let count = 0;
      for (const assignment of assignments) {
        if (assignment.categoryId !== definition.row.id) continue;
        const rating = ratingByProduct.get(assignment.productId);
        if (!rating) continue;
        weighted += rating.score * rating.totalCount;
        count += rating.totalCount;
      }
      if (count === 0) return [];
      return [
        {
          targetType: 'category',
          targetId: definition.row.id,
          score: Math.round((weighted / count) * 100) / 100,
          totalCount: count,
        },
      ];
    });
}
