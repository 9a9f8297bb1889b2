/**
 * Which price a shopper pays and which list price is struck through. A sale price applies only when it is
 * above zero and below the list price (the commerce backend stores 0 for "no sale price"). Pure.
 */
export type ShelfPrice = {
  currentCents: number;
  /** The list price to strike through, or null when no sale applies. */
  compareAtCents: number | null;
};

export function shelfPrice(listCents: number, saleCents: number | null): ShelfPrice {
  const onSale = saleCents !== null && saleCents > 0 && saleCents < listCents;
  return onSale
    ? { currentCents: saleCents, compareAtCents: listCents }
    : { currentCents: listCents, compareAtCents: null };
}
