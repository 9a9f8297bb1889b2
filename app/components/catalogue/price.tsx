import type { DisplayPrice } from '../../../server/catalogue/public';
import { formatPrice } from '../../../server/pricing/public';
import { visuallyHidden } from '../../../styles/utilities.css';
import * as styles from './price.css';

/**
 * The price the viewer pays, worked out on the server for their price list; when it is below the list price, the
 * list price struck through. Both are named for screen readers: "Sale price" for a store sale, "Your price" for a
 * customer group's price, which is also labelled on screen ("Pro price" for a pro customer) and not shown as a sale.
 */
export function Price({
  price,
  className,
  customerLabel = 'Your price',
}: {
  price: Pick<DisplayPrice, 'currentCents' | 'compareAtCents' | 'source'>;
  className?: string;
  /** What a customer group's price is called on screen: "Pro price" for a pro customer (issue 24 §11). */
  customerLabel?: string;
}) {
  const { currentCents, compareAtCents } = price;
  const customers = price.source === 'group';
  return (
    <p className={[styles.price, className].filter(Boolean).join(' ')}>
      {compareAtCents === null ? (
        formatPrice(currentCents)
      ) : (
        <>
          {/* A customer's price is theirs, not a sale: named on screen and not in the sale's red (issue 24 §11).
              Screen readers hear the hidden name beside the amount. */}
          {customers ? (
            <span className={styles.customerLabel} aria-hidden="true">
              {customerLabel}
            </span>
          ) : null}
          <span className={customers ? styles.customer : styles.sale}>
            <span className={visuallyHidden}>{price.source === 'sale' ? 'Sale price ' : 'Your price '}</span>
            {formatPrice(currentCents)}
          </span>
          <del className={styles.compareAt}>
            <span className={visuallyHidden}>Regular price </span>
            {formatPrice(compareAtCents)}
          </del>
        </>
      )}
    </p>
  );
}
