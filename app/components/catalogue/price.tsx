import { formatPrice } from '../../../server/pricing/format';
import { shelfPrice } from '../../../server/pricing/shelf-price';
import { visuallyHidden } from '../../../styles/utilities.css';
import * as styles from './price.css';

/** The price to pay; on sale, the sale price with the list price struck through (both named for screen readers). */
export function Price({
  listCents,
  saleCents,
  className,
}: {
  listCents: number | null;
  saleCents: number | null;
  className?: string;
}) {
  if (listCents === null) return <p className={className}>{formatPrice(null)}</p>;
  const { currentCents, compareAtCents } = shelfPrice(listCents, saleCents);
  return (
    <p className={[styles.price, className].filter(Boolean).join(' ')}>
      {compareAtCents === null ? (
        <span>{formatPrice(currentCents)}</span>
      ) : (
        <>
          <span className={styles.sale}>
            <span className={visuallyHidden}>Sale price </span>
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
