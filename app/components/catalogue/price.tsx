import type { DisplayPrice } from '../../../server/catalogue/public';
import { formatPrice } from '../../../server/pricing/public';
import { visuallyHidden } from '../../../styles/utilities.css';
import * as styles from './price.css';

/**
 * The price the viewer pays, worked out on the server for their price list; when it is below the list price, the
 * list price struck through. Both are named for screen readers: "Sale price" for a store sale, "Your price" for a
 * customer group's price.
 */
export function Price({
  price,
  className,
}: {
  price: Pick<DisplayPrice, 'currentCents' | 'compareAtCents' | 'source'>;
  className?: string;
}) {
  const { currentCents, compareAtCents } = price;
  return (
    <p className={[styles.price, className].filter(Boolean).join(' ')}>
      {compareAtCents === null ? (
        formatPrice(currentCents)
      ) : (
        <>
          <span className={styles.sale}>
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
