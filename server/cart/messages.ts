/**
 * The cart and checkout messages of SPEC §8, word for word, and the few the store adds where the SPEC names a
 * situation without its words (the inventory check's line message, a quantity outside 1–10). Browser-safe.
 */
export const CART_MESSAGES = {
  /** SPEC §5/§8: an add with no line items and no gift certificates. */
  lineItemsEmpty: 'lineItems is Empty. Please insert lineItems!',
  /** SPEC §8: a cart action other than add without a cart cookie. */
  cartNotCreated: 'Cart not created',
  /** SPEC §8: the cart cookie names a cart that no longer exists. */
  cartIdNotFound: 'Cart id not found. Please clear your cookie and try again.',
  /** SPEC §8: the cart belongs to a customer who is not the one asking, or the customer no longer exists. */
  customerIdNotFound: 'Customer id not found. Please clear your cookie and try again.',
  /** SPEC §8: the promotional-order checkbox while gift cards are in the cart. */
  giftCardsBlockPromo: 'The gift cards need to be removed from the cart to make the order promotional.',
  /** Not in the SPEC: the promotional-order flag asked for by someone who is not a promo user. */
  promoUsersOnly: 'Promotional orders are for promo users only.',
  /** SPEC §8 empty state. */
  emptyTitle: 'Your cart is empty',
  emptyHint: 'Added items will appear here',
  /** Not in the SPEC: a line the store cannot sell (unknown variant, purchasing disabled). */
  itemUnavailable: 'This item is no longer available.',
  /** Not in the SPEC: a change of the cart the store does not know (CONVENTIONS 3: a 400, never a change). */
  unknownIntent: 'This change to your cart is not known. Please reload the page and try again.',
  /** Not in the SPEC: a cart line whose line id is not in the cart. */
  lineNotFound: 'This item is no longer in your cart.',
} as const;

/** The line message of the inventory check (SPEC §5: an item over its limit blocks checkout). */
export function overLimitMessage(available: number): string {
  return available <= 0
    ? 'Out of stock. Remove this item to check out.'
    : `Only ${available} available. Lower the quantity to check out.`;
}
