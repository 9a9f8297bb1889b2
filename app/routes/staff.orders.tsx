/**
 * The order desk's list (issue 25 §2, decision 093): orders newest first, found by status, a date range, the order
 * number or part of the customer's name or e-mail (one GET form: shareable, no JavaScript needed), 25 a page, each
 * linking to its page; and the CSV export of the date range. For staff with the order desk role (server/staff: the
 * `/staff/sign-in` session, or HTTP Basic for scripts).
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import * as fieldStyles from '~/components/forms/fields.css';
import { deskQueryString, readDeskQuery, type DeskQuery } from '~/components/orders/desk-query';
import { ORDER_DESK_PATH, orderDeskPath } from '~/components/orders/order-desk-forms';
import { StaffErrorPage } from '~/components/repair/staff-error';
import { requireStaff } from '~/components/repair/staff.server';
import { pageMeta } from '~/components/seo/meta';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { DESK_STATUS_LABELS, ORDER_STATUSES, orderStatusWords } from '../../server/checkout/public';
import { formatPrice } from '../../server/pricing/public';
import * as styles from '../components/account/account.css';

const HEADERS = { 'Cache-Control': CACHE_PRIVATE, 'X-Robots-Tag': 'noindex' };

/** Private, and the Basic challenge of a refused request (this route's boundary renders the refusal). */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const headers = new Headers(HEADERS);
  const challenge = errorHeaders?.get('WWW-Authenticate');
  if (challenge) headers.set('WWW-Authenticate', challenge);
  return headers;
};

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Order desk', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'orders');
  const read = readDeskQuery(new URL(request.url).searchParams);
  if (!read.ok) throw data({ message: read.message }, { status: 400, headers: HEADERS });
  const list = await context.timing.measure('db', () =>
    context.services.orderDesk.list({
      status: read.query.status,
      from: read.from,
      until: read.until,
      query: read.query.q,
      page: read.query.page,
    }),
  );
  return data({ ...list, query: { ...read.query, page: list.page } }, { headers: HEADERS });
}

export default function OrderDesk() {
  const { orders, page, pageCount, total, query } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Order desk</h1>
      <Filters query={query} />
      <p role="status">{total === 1 ? '1 order' : `${total} orders`}</p>
      {orders.length === 0 ? (
        <p>No orders match.</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.term}>Orders, newest first</caption>
          <thead>
            <tr>
              {['Order', 'Placed', 'Customer', 'E-mail', 'Status', 'Items', 'Total'].map((name) => (
                <th key={name} scope="col" className={styles.cell}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <th scope="row" className={styles.cell}>
                  <Link to={orderDeskPath(order.id)}>{`Order #${order.id}`}</Link>
                </th>
                <td className={styles.cell} data-label="Placed">
                  {order.createdAt.slice(0, 16).replace('T', ' ')}
                </td>
                <td className={styles.cell} data-label="Customer">
                  {order.customerName}
                </td>
                <td className={styles.cell} data-label="E-mail">
                  {order.email}
                </td>
                <td className={styles.cell} data-label="Status">
                  {orderStatusWords(order.status, { isPromoOrder: order.isPromoOrder })}
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
      {pageCount > 1 ? (
        <nav aria-label="Pages of orders">
          {page > 1 ? (
            <Link to={`${ORDER_DESK_PATH}${deskQueryString(query, page - 1)}`}>Previous page</Link>
          ) : null}{' '}
          <span>{`Page ${page} of ${pageCount}`}</span>{' '}
          {page < pageCount ? (
            <Link to={`${ORDER_DESK_PATH}${deskQueryString(query, page + 1)}`}>Next page</Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** The filters: a GET form, so a search is a link and works without JavaScript; and the export of its range. */
function Filters({ query }: { query: DeskQuery }) {
  const exportParams = new URLSearchParams({ from: query.from, to: query.to });
  return (
    <section aria-labelledby="filters-heading" className={styles.section}>
      <h2 id="filters-heading">Find orders</h2>
      <form method="get" action={ORDER_DESK_PATH}>
        <div className={fieldStyles.field}>
          <label htmlFor="desk-q" className={fieldStyles.label}>
            Order number, customer name or e-mail
          </label>
          <input
            id="desk-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={100}
            className={fieldStyles.input}
          />
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor="desk-status" className={fieldStyles.label}>
            Status
          </label>
          <select
            id="desk-status"
            name="status"
            defaultValue={query.status ?? ''}
            className={fieldStyles.input}
          >
            <option value="">Any status</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {DESK_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor="desk-from" className={fieldStyles.label}>
            Placed from (YYYY-MM-DD)
          </label>
          <input
            id="desk-from"
            name="from"
            type="date"
            defaultValue={query.from}
            className={fieldStyles.input}
          />
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor="desk-to" className={fieldStyles.label}>
            Placed to (YYYY-MM-DD)
          </label>
          <input id="desk-to" name="to" type="date" defaultValue={query.to} className={fieldStyles.input} />
        </div>
        <button type="submit" className={button.primary}>
          Search
        </button>{' '}
        <Link to={ORDER_DESK_PATH}>Clear</Link>
      </form>
      {query.from && query.to ? (
        <p>
          <a href={`${ORDER_DESK_PATH}/export.csv?${exportParams.toString()}`}>
            {`Export orders from ${query.from} to ${query.to} (CSV)`}
          </a>
        </p>
      ) : (
        <p>Choose both dates to export the orders of that range as CSV.</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <StaffErrorPage
      heading="Order desk"
      signInNeeded="The order desk needs its staff sign-in."
      styles={styles}
    />
  );
}
