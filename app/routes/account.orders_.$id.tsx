/**
 * One order of the account's history (issue 10 §9): its lines, totals and status. Only the customer's own orders:
 * any other id, or one that is not a number, is a 404.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { formatPrice } from '../../server/pricing/public';
import { container } from '../../styles/utilities.css';
import { AccountNav } from '../components/account/account-nav';
import { ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';
import { invariantResponse } from '../components/error-page/http-errors';
import * as styles from '../components/account/account.css';
import { orderDate, orderStatusText } from '../components/account/orders';
import { pageMeta } from '../components/seo/meta';

export const headers = () => ACCOUNT_HEADERS;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data ? `Order #${args.data.order.id}` : 'Order', noIndex: true });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const profile = await requireCustomer(request, context);
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const order = id > 0 ? await context.services.checkout.order(id, profile.id) : null;
  invariantResponse(order, 'This order is not in your account.', { status: 404, headers: ACCOUNT_HEADERS });
  return data({ order }, { headers: ACCOUNT_HEADERS });
}

export default function AccountOrder() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Order #{order.id}</h1>
      <AccountNav />
      <p>
        <Link to="/account/orders">All orders</Link>
      </p>
      <dl className={styles.details}>
        <dt className={styles.term}>Placed</dt>
        <dd>{orderDate(order.createdTime)}</dd>
        <dt className={styles.term}>Status</dt>
        <dd>{orderStatusText(order.status)}</dd>
        <dt className={styles.term}>Email</dt>
        <dd>{order.email}</dd>
      </dl>
      <section className={styles.section} aria-labelledby="order-lines-heading">
        <h2 id="order-lines-heading">Items</h2>
        <ul className={styles.cards} aria-label="Items">
          {order.lines.map((line, index) => (
            <li key={`${line.sku}-${index}`} className={styles.card}>
              <p className={styles.term}>{line.name}</p>
              <p>
                {line.options
                  .filter((option) => option.name !== 'Warehouse')
                  .map((option) => `${option.name}: ${option.value}`)
                  .join(' · ')}
              </p>
              <p>
                {line.quantity} × {formatPrice(line.unitCents)} ={' '}
                {formatPrice(line.unitCents * line.quantity)}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="order-totals-heading">
        <h2 id="order-totals-heading">Totals</h2>
        <dl className={styles.details}>
          <dt className={styles.term}>Subtotal</dt>
          <dd>{formatPrice(order.subtotalCents)}</dd>
          {order.discountCents > 0 ? (
            <>
              <dt className={styles.term}>Discount</dt>
              <dd>−{formatPrice(order.discountCents)}</dd>
            </>
          ) : null}
          <dt className={styles.term}>Shipping</dt>
          <dd>{order.shippingCents === 0 ? 'FREE' : formatPrice(order.shippingCents)}</dd>
          <dt className={styles.term}>Tax</dt>
          <dd>{formatPrice(order.taxCents)}</dd>
          <dt className={styles.term}>Total</dt>
          <dd>{formatPrice(order.totalCents)}</dd>
        </dl>
      </section>
    </div>
  );
}
