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
  // Each step in words with its date (decision 092): placing, then every change of status.
  const events = await context.services.orderDesk.events([order.id]);
  const history = [
    { label: 'Placed', at: order.createdTime, note: null as string | null },
    ...events
      .filter((event) => event.from !== null)
      .map((event) => ({
        label: orderStatusText(event.to, order.isPromoOrder),
        at: event.at.toISOString(),
        note: historyNote(event.details),
      })),
  ];
  return data(
    { order: { ...order, status: orderStatusText(order.status, order.isPromoOrder) }, history },
    { headers: ACCOUNT_HEADERS },
  );
}

/** What a step carried, as the shopper reads it: the carrier and tracking number, or the amount refunded. */
function historyNote(details: Record<string, string | number>): string | null {
  if (typeof details.carrier === 'string')
    return `${details.carrier}, tracking number ${String(details.trackingNumber ?? '')}`;
  if (typeof details.amountCents === 'number') return `${formatPrice(details.amountCents)} refunded`;
  return null;
}

export default function AccountOrder() {
  const { order, history } = useLoaderData<typeof loader>();
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
        <dd>{`${order.status}, ${orderDate(order.statusChangedAt)}`}</dd>
        {order.carrier ? (
          <>
            <dt className={styles.term}>Carrier</dt>
            <dd>{order.carrier}</dd>
            <dt className={styles.term}>Tracking number</dt>
            <dd>{order.trackingNumber}</dd>
          </>
        ) : null}
        <dt className={styles.term}>Email</dt>
        <dd>{order.email}</dd>
      </dl>
      <section className={styles.section} aria-labelledby="order-history-heading">
        <h2 id="order-history-heading">History</h2>
        <ol aria-label="Order history">
          {history.map((step, index) => (
            <li key={index}>
              {`${step.label}: ${orderDate(step.at)}`}
              {step.note ? ` (${step.note})` : ''}
            </li>
          ))}
        </ol>
      </section>
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
          {order.refundedCents > 0 ? (
            <>
              <dt className={styles.term}>Refunded</dt>
              <dd>{formatPrice(order.refundedCents)}</dd>
            </>
          ) : null}
        </dl>
      </section>
    </div>
  );
}
