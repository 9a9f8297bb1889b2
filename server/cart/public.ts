/**
 * The cart context's browser-safe surface: the shape of a cart as pages and panels show it (SPEC §3 Cart, Cart
 * item), the messages of SPEC §8 and the quantity limits of SPEC §9.
 */
export { CART_MESSAGES, overLimitMessage } from './messages';
export { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, PRO_WAREHOUSE } from './rules';

export type CartLineView = {
  id: string;
  productId: number;
  variantId: number;
  sku: string;
  name: string;
  imageUrl: string | null;
  /** The product page of the line's colour. */
  path: string;
  /** Color and Size; a pro-stock line adds the Warehouse option with value "03" (SPEC §3). */
  options: { name: string; value: string }[];
  quantity: number;
  /** "02" standard stock, "03" pro stock. */
  warehouse: string;
  /** SPEC §6: "Pro Discount Applied". */
  proDiscountApplied: boolean;
  /** What one unit costs this viewer now (re-priced on every read), and the list price struck through. */
  unitCents: number;
  compareAtCents: number | null;
  extendedCents: number;
  /** The inventory check's message for this line (SPEC §5): it blocks checkout. Null when within stock. */
  problem: string | null;
};

export type CartGiftCertificateView = {
  id: string;
  /** "{recipient} emailing on dd/mm/yyyy" */
  name: string;
  recipientEmail: string;
  amountCents: number;
};

export type CartView = {
  id: string;
  customerId: number | null;
  channelId: number;
  currencyCode: string;
  /** ISO time the cart was created. */
  createdTime: string;
  lines: CartLineView[];
  giftCertificates: CartGiftCertificateView[];
  /** Units of all lines plus gift certificates (the header badge). */
  totalItems: number;
  /** Sum of list prices × quantities plus gift certificates. */
  baseAmountCents: number;
  /** What the items cost this viewer, before shipping and tax. */
  cartAmountCents: number;
  /** base − cart amount: the discounts the viewer gets (sale, group, pro, bulk, coupons). */
  discountAmountTotalCents: number;
  /** The cart-level discount (first-time customer promo); 0 when none. */
  discountAmountCents: number;
  /** Null when nothing ships (gift certificates only); the store ships for free otherwise: "FREE". */
  shippingCents: number | null;
  taxIncluded: boolean;
  /** SPEC §3 promoOrderUser: the viewer may flag this cart's order promotional (the promo-order checkbox). */
  promoOrderUser: boolean;
  /**
   * The order is flagged promotional (SPEC §4): only for a promo user and never with gift cards in the cart; the
   * checkout button reads "Complete PROMO ORDER", goes to /promo-order, and the totals show as $00.00.
   */
  isPromoOrder: boolean;
  /** Some line is over its stock: checkout is blocked until it is lowered or removed. */
  checkoutBlocked: boolean;
};

export {
  formatGiftCardCode,
  GIFT_CARD_CODE_MESSAGES,
  giftCardCoverage,
  MAX_GIFT_CARDS_PER_ORDER,
  parseReviewedGiftCardCents,
  splitAcrossGiftCards,
} from './gift-cards';
