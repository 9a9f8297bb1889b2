/** The account area's order history (issue 10 §9): the customer's orders, newest first, each linking to its detail. */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { formatPrice } from '../../server/pricing/public';
import { container } from '../../styles/utilities.css';
import { AccountNav } from '../components/account/account-nav';
import { ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import { orderDate, orderStatusText } from '../components/account/orders';
import { pageMeta } from '../components/seo/meta';

export const headers = () => ACCOUNT_HEADERS;

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'My Orders', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireCustomer(request, context);
  const orders = await context.timing.measure('db', () => context.services.checkout.ordersOf(profile.id));
  return data(
    {
      orders: orders.map((order) => ({
        id: order.id,
        status: orderStatusText(order.status, order.isPromoOrder),
        statusChangedAt: order.statusChangedAt,
        createdTime: order.createdTime,
        totalCents: order.totalCents,
        items: order.lines.reduce((sum, line) => sum + line.quantity, 0),
      })),
    },
    { headers: ACCOUNT_HEADERS },
  );
}

export default function AccountOrders() {
  const { orders } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>My Orders</h1>
      <AccountNav />
      {orders.length === 0 ? (
        <p>
          You have no orders yet. <Link to="/">Start shopping</Link>
        </p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.term}>Your orders, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.cell}>
                Order
              </th>
              <th scope="col" className={styles.cell}>
                Date
              </th>
              <th scope="col" className={styles.cell}>
                Status
              </th>
              <th scope="col" className={styles.cell}>
                Items
              </th>
              <th scope="col" className={styles.cell}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <th scope="row" className={styles.cell}>
                  <Link to={`/account/orders/${order.id}`}>Order #{order.id}</Link>
                </th>
                <td className={styles.cell} data-label="Date">
                  {orderDate(order.createdTime)}
                </td>
                <td className={styles.cell} data-label="Status">
                  {`${order.status}, ${orderDate(order.statusChangedAt)}`}
                </td>
                <td className={styles.cell} data-label="Items">
                  {order.items}
                </td>
                <td className={styles.cell} data-label="Total">
                  {formatPrice(order.totalCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
