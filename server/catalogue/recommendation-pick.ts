/**
 * Which related products a product page recommends (issue 9 §8): mostly for the same audience (a men's
 * product recommends men's and unisex products), the closest relations first, and spread over prices rather
 * than ten products at one price. Pure and deterministic.
 */
export type RecommendationCandidate = {
  id: number;
  gender: string;
  priceCents: number;
  /** Categories shared with the product: more is a closer relation. */
  shared: number;
};

/** Audiences that suit a shopper of `gender`: their own and unisex (unisex products suit men and women). */
export function audienceFits(own: string, candidate: string): boolean {
  if (candidate === own) return true;
  if (own === 'Unisex') return candidate === 'Mens' || candidate === 'Womens';
  return candidate === 'Unisex' && (own === 'Mens' || own === 'Womens');
}

/** How many of the closest relations a spread over prices is chosen from, per recommendation. */
export const POOL_PER_PICK = 3;

/**
 * Up to `limit` ids: the closest relations of a fitting audience (at most `POOL_PER_PICK × limit` of them), then
 * products for other audiences only when too few fit; within each, an even spread from cheapest to dearest.
 * Cheapest first.
 */
export function pickRecommendations(
  own: { gender: string },
  candidates: readonly RecommendationCandidate[],
  limit: number,
): number[] {
  if (limit <= 0) return [];
  const closest = (a: RecommendationCandidate, b: RecommendationCandidate) =>
    b.shared - a.shared || a.id - b.id;
  const fitting = candidates.filter((candidate) => audienceFits(own.gender, candidate.gender)).sort(closest);
  const others = candidates.filter((candidate) => !audienceFits(own.gender, candidate.gender)).sort(closest);
  const chosen = spread(fitting.slice(0, POOL_PER_PICK * limit), limit);
  const rest = spread(others.slice(0, POOL_PER_PICK * limit), limit - chosen.length);
  return [...chosen, ...rest]
    .sort((a, b) => a.priceCents - b.priceCents || a.id - b.id)
    .map((candidate) => candidate.id);
}

/** `count` of `pool`, evenly spaced over it in price order (cheapest and dearest included). */
function spread(pool: readonly RecommendationCandidate[], count: number): RecommendationCandidate[] {
  if (count <= 0 || pool.length === 0) return [];
  const byPrice = [...pool].sort((a, b) => a.priceCents - b.priceCents || a.id - b.id);
  if (byPrice.length <= count) return byPrice;
  if (count === 1) return [byPrice[Math.floor(byPrice.length / 2)]!];
  const picked = new Set<number>();
  for (let index = 0; index < count; index += 1)
    picked.add(Math.round((index * (byPrice.length - 1)) / (count - 1)));
  return [...picked].sort((a, b) => a - b).map((index) => byPrice[index]!);
}
