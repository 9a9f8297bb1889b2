/** Pricing's browser-safe surface: price display and which price is shown against which. */
export { formatPrice, NO_PRICE } from './format';
export { shelfPrice, type ShelfPrice } from './shelf-price';
export {
  badgesBeside,
  claimHolds,
  discountClaim,
  type ClaimedPrice,
  type DiscountClaim,
} from './badge-claims';
export { priceFor, saleBadgeFor, type PriceList, type PricedItem } from './price-rules';
