/**
 * The confirmation's recap (issue 24 §7): what was ordered and where it ships, as the shopper sent it. With
 * JavaScript the checkout keeps what it showed and what was typed when Place order was pressed; the page rendered
 * after a post without JavaScript has neither (the cart is gone with its order) until the loader returns the
 * placed order.
 */
import { COUNTRIES } from '../../../server/checkout/public';
import { formatPrice } from '../../../server/pricing/public';
import * as styles from './checkout.css';

export type RecapLine = {
  id: string;
  quantity: number;
  name: string;
  options: { name: string; value: string }[];
  extendedCents: number;
};

export type RecapAddress = {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  countryCode: string;
};

export type Recap = { lines: RecapLine[]; address: RecapAddress; totalCents: number };

/** What a shopper reads of a line's options (the warehouse is the store's business). */
export function shownOptions(options: RecapLine['options']): string {
  return options
    .filter((option) => option.name !== 'Warehouse')
    .map((option) => option.value)
    .join(', ');
}

export function OrderRecap({ recap }: { recap: Recap }) {
  const { address } = recap;
  const country =
    COUNTRIES.find((option) => option.code === address.countryCode)?.name ?? address.countryCode;
  return (
    <div className={styles.recap}>
      <section aria-labelledby="recap-items" className={styles.summary}>
        <h2 id="recap-items">Items in your order</h2>
        <ul className={styles.summaryLines} aria-labelledby="recap-items">
          {recap.lines.map((line) => (
            <li key={line.id} className={styles.summaryLine}>
              <span>
                {line.quantity} × {line.name}
                <span className={styles.muted}> {shownOptions(line.options)}</span>
              </span>
              <span>{formatPrice(line.extendedCents)}</span>
            </li>
          ))}
        </ul>
        <p>
          <strong>Total {formatPrice(recap.totalCents)}</strong>, shipping free and tax included.
        </p>
      </section>
      <section aria-labelledby="recap-address" className={styles.summary}>
        <h2 id="recap-address">Shipping to</h2>
        <address className={styles.address}>
          {address.firstName} {address.lastName}
          <br />
          {address.address1}
          {address.address2 ? (
            <>
              <br />
              {address.address2}
            </>
          ) : null}
          <br />
          {address.city}, {address.stateOrProvince} {address.postalCode}
          <br />
          {country}
        </address>
      </section>
    </div>
  );
}
