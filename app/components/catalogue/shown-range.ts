/**
 * The products a list shows, numbered from 1 over the whole listing: it starts at its page's first product
 * and runs over `shown` cards (its own page and the pages "load more" added). An empty listing shows 0–0.
 */
export function shownRange(
  listing: { page: number; perPage: number; totalCount: number },
  shown: number,
): { first: number; last: number } {
  if (shown <= 0 || listing.totalCount === 0) return { first: 0, last: 0 };
  const first = (listing.page - 1) * listing.perPage + 1;
  return { first, last: Math.min(listing.totalCount, first + shown - 1) };
}
