/** Reviews' browser-safe surface: a product's rating summary. */
export type RatingSummary = { score: number; totalCount: number };
