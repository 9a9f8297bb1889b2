/**
 * Badges that make a claim about the price (issue 9 §1): a merchandising badge whose copy announces a sale
 * ("Summer Sale") or a percentage off ("Flash Sale 20% Off") shows only when the price the viewer pays bears it out,
 * and a page never shows two sale badges side by side. Pure and browser-safe: product cards (server) and the product
 * page (its selected size's price) call the same rule.
 *
 * The rule:
 * 1. Copy with a percentage ("20% Off") claims that percentage: it holds when the viewer pays a store sale price
 *    whose discount off the list price rounds to it.
 * 2. Copy with a sale word (sale, deal, savings, clearance, discount) claims a sale: it holds when the viewer pays a
 *    store sale price. A pro or group price is not a store sale (decision 021), so it bears out no sale claim.
 * 3. Other copy ("New Sizes", "Coming Soon", "Exclusive") claims nothing about the price and always shows.
 * 4. The computed sale badge ("Sale" / "N% OFF", `saleBadgeFor`) shows unless a custom badge that holds already
 *    announces the sale.
 */
import { saleBadgeFor, type PriceSource } from './price-rules';

/** The part of a viewer's price a badge is checked against (a `ViewerPrice` or the catalogue's `DisplayPrice`). */
export type ClaimedPrice = {
  currentCents: number | null;
  compareAtCents: number | null;
  source: PriceSource;
};

export type DiscountClaim = { kind: 'percent'; percent: number } | { kind: 'sale' };

const PERCENT = /(\d{1,3})\s*%/;
const SALE_WORDS = /\b(sales?|deals?|savings?|clearance|discount(?:s|ed)?)\b/i;

/** What a badge's copy claims about the price, or null when it claims nothing. */
export function discountClaim(copy: string): DiscountClaim | null {
  const percent = PERCENT.exec(copy);
  if (percent) return { kind: 'percent', percent: Number(percent[1]) };
  return SALE_WORDS.test(copy) ? { kind: 'sale' } : null;
}

/** Percent off the list price of a price the viewer pays less than list for; else null. */
function percentOff(price: ClaimedPrice): number | null {
  const { currentCents, compareAtCents } = price;
  if (
    currentCents === null ||
    compareAtCents === null ||
    compareAtCents <= 0 ||
    currentCents >= compareAtCents
  )
    return null;
  return ((compareAtCents - currentCents) / compareAtCents) * 100;
}

/** Rules 1 and 2: whether `price` bears out `claim`. */
export function claimHolds(claim: DiscountClaim, price: ClaimedPrice): boolean {
  const off = percentOff(price);
  if (price.source !== 'sale' || off === null) return false;
  return claim.kind === 'sale' || Math.round(off) === claim.percent;
}

/**
 * The badges to show beside `price` (rules 1–4): `sale` is the computed sale badge or null, `badges` the
 * merchandising badges (any shape; `copyOf` gives a badge's text) whose claims hold, in their order.
 */
export function badgesBeside<T>(
  price: ClaimedPrice,
  badges: readonly T[],
  copyOf: (badge: T) => string,
): { sale: string | null; badges: T[] } {
  const kept = badges.filter((badge) => {
    const claim = discountClaim(copyOf(badge));
    return claim === null || claimHolds(claim, price);
  });
  const announced = kept.some((badge) => discountClaim(copyOf(badge)) !== null);
  const off = percentOff(price);
  const sale = announced ? null : saleBadgeFor({ ...price, percentOff: off });
  return { sale, badges: kept };
}
