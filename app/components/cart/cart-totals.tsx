/**
 * The cart's totals, shown by the cart page and panel, the checkout and the promotional order's page. A module of its
 * own (decision 110): the checkout shows the totals without loading the cart's line forms with them.
 */
import type { CartView } from '../../../server/cart/public';
import { formatPrice } from '../../../server/pricing/public';
import * as styles from './cart.css';

/**
 * SPEC §9 "Tax shows $0.00 when tax is included": the store's prices include tax, so the cart says so as the
 * checkout does (issue 24 §5: the cart said "Calculated at checkout" and the checkout a bare $0.00, for one order).
 */
export const TAX_INCLUDED = '$0.00 (included in prices)';

/** SPEC §4: a promotional order shows all its totals as $00.00. */
export const PROMO_TOTAL = '$00.00';

export function CartTotals({ cart }: { cart: CartView }) {
  const discount = cart.discountAmountTotalCents - cart.discountAmountCents;
  const promo = cart.isPromoOrder;
  const price = (cents: number) => (promo ? PROMO_TOTAL : formatPrice(cents));
  return (
    <dl className={styles.totals}>
      <div className={styles.totalRow}>
        <dt>Subtotal</dt>
        <dd>{price(cart.baseAmountCents)}</dd>
      </div>
      {discount > 0 ? (
        <div className={styles.totalRow}>
          <dt>Discount</dt>
          <dd>{promo ? PROMO_TOTAL : `−${formatPrice(discount)}`}</dd>
        </div>
      ) : null}
      {cart.discountAmountCents > 0 ? (
        <div className={styles.totalRow}>
          <dt>First-time customer promo</dt>
          <dd>{promo ? PROMO_TOTAL : `−${formatPrice(cart.discountAmountCents)}`}</dd>
        </div>
      ) : null}
      {cart.shippingCents !== null ? (
        <div className={styles.totalRow}>
          <dt>Shipping</dt>
          <dd>FREE</dd>
        </div>
      ) : null}
      <div className={styles.totalRow}>
        <dt>Tax</dt>
        <dd>{promo ? PROMO_TOTAL : TAX_INCLUDED}</dd>
      </div>
      <div className={styles.grandTotal}>
        <dt>Total</dt>
        <dd>{price(cart.cartAmountCents)}</dd>
      </div>
    </dl>
  );
}
