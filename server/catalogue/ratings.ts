/**
 * How ratings rank (issue 9 §2). A raw average ranks a single five-star review above a 4.8 from a thousand
 * shoppers; "Top rated" instead ranks by a confidence-weighted score: the average pulled towards a prior of
 * PRIOR_SCORE as if every product also had PRIOR_REVIEWS reviews of that score (a Bayesian average). Products with
 * many reviews keep close to their own average; products with few move towards the prior. Pure; the listing's
 * `top-rated` sort uses its SQL twin `RATING_RANK_SQL`, held to this function by the listing integration test.
 */

/** A typical product's average in this store (most products are liked). */
export const PRIOR_SCORE = 4;
/** How many reviews the prior counts for. */
export const PRIOR_REVIEWS = 10;

/** The confidence-weighted score of an average `score` from `totalCount` reviews. */
export function ratingRank(score: number, totalCount: number): number {
  const count = Math.max(0, totalCount);
  return (score * count + PRIOR_SCORE * PRIOR_REVIEWS) / (count + PRIOR_REVIEWS);
}

/** `ratingRank` over the rating summary aliased `r` (null for unrated products, which sort last). */
export const RATING_RANK_SQL = `((r.score * greatest(r.total_count, 0) + ${PRIOR_SCORE * PRIOR_REVIEWS}) / (greatest(r.total_count, 0) + ${PRIOR_REVIEWS}))`;

/** The score as shown: one decimal, and the stars filled to it (a whole percentage, no float noise). */
export function shownRating(score: number): { text: string; fillPercent: number } {
  const tenths = Math.round(Math.min(5, Math.max(0, score)) * 10);
  return { text: (tenths / 10).toFixed(1), fillPercent: tenths * 2 };
}
