/**
 * The approvers' list (issue 11 §7; decision 045): the promotional orders waiting for the signed-in approval user,
 * oldest first, a page at a time (`?page=`), each with its lines, value and ship-to address and the buttons that
 * approve it (awaiting fulfillment) or reject it (declined, its stock back on sale). An approval user is a customer
 * whose `promo_approver` flag is set, checked in the database on every request; anyone else signed in gets a 403,
 * a visitor is sent to sign in. A form-kit form that works without JavaScript.
 */
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { data, Link, useLoaderData } from '@remix-run/react';
import { PROMO_APPROVALS_PATH, PROMO_MESSAGES } from '../../server/checkout/public';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { formatPrice } from '../../server/pricing/public';
import { button } from '../../styles/button.css';
import { container, visuallyHidden } from '../../styles/utilities.css';
import * as cartStyles from '../components/cart/cart.css';
import { promoDecisionForm } from '../components/checkout/checkout-forms';
import { FormStatus, KitForm } from '../components/forms/fields';
import { formRouteHeaders, handleForm } from '../components/forms/form.server';
import { useKitForm } from '../components/forms/use-kit-form';
import { pageMeta } from '../components/seo/meta';

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE, 'X-Robots-Tag': 'noindex' });

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Promotional orders to approve', noIndex: true });

export const NOT_APPROVER = 'Only promotional-order approvers can see this page.';

/** The signed-in approval user, a redirect to sign in, or null for someone who is not one. */
async function approverOf(context: LoaderFunctionArgs['context']) {
  const customer = context.viewer.customer;
  if (!customer) throw redirect('/?login=true', 303);
  return context.services.checkout.approver(customer.id);
}

function pageOf(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  const page = raw !== null && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  return page;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const approver = await approverOf(context);
  if (!approver) {
    return data({ allowed: false as const, orders: [], page: 1, pageCount: 1, total: 0 }, { status: 403 });
  }
  const list = await context.timing.measure('db', () =>
    context.services.checkout.promoApprovals(approver.id, { page: pageOf(request) }),
  );
  return data({ allowed: true as const, ...list });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const approver = await approverOf(context);
  return handleForm({ request, context }, promoDecisionForm, {
    async submit({ decision }, { success, reject }) {
      if (!approver) return reject({ formErrors: [NOT_APPROVER] }, 400);
      const [verb, id] = decision.split(':') as ['approve' | 'reject', string];
      const outcome = await context.services.checkout.decidePromoOrder(approver.id, Number(id), verb);
      if (!outcome.ok) return reject({ formErrors: [outcome.message] }, outcome.status);
      context.logger.info('promotional order decided', { orderId: outcome.order.id, decision: verb });
      return success(
        verb === 'approve'
          ? PROMO_MESSAGES.approved(outcome.order.id)
          : PROMO_MESSAGES.rejected(outcome.order.id),
      );
    },
  });
}

export default function PromoApprovals() {
  const list = useLoaderData<typeof loader>();
  const here = list.page > 1 ? `${PROMO_APPROVALS_PATH}?page=${list.page}` : PROMO_APPROVALS_PATH;
  const kit = useKitForm(promoDecisionForm, { action: here, redirectTo: here });
  if (!list.allowed) {
    return (
      <div className={`${container} ${cartStyles.page}`}>
        <h1>Promotional orders to approve</h1>
        <p>{NOT_APPROVER}</p>
      </div>
    );
  }
  return (
    <div className={`${container} ${cartStyles.page}`}>
      <h1>Promotional orders to approve</h1>
      <FormStatus kit={kit} fields={['decision']} />
      {list.total === 0 ? <p>No promotional orders are waiting for your approval.</p> : null}
      <KitForm kit={kit}>
        <ul className={cartStyles.lines}>
          {list.orders.map((order) => {
            const value = order.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
            return (
              <li key={order.id} className={cartStyles.promo}>
                <h2 id={`promo-order-${order.id}`}>{`Promotional order #${order.id}`}</h2>
                <p>
                  {`Placed by ${order.email} on ${order.createdTime.slice(0, 10)}. Ships to `}
                  {[
                    `${order.shipTo.firstName ?? ''} ${order.shipTo.lastName ?? ''}`.trim(),
                    order.shipTo.address1,
                    order.shipTo.address2,
                    order.shipTo.city,
                    order.shipTo.stateOrProvince,
                    order.shipTo.postalCode,
                    order.shipTo.countryCode,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                  .
                </p>
                <ul>
                  {order.lines.map((line, index) => (
                    <li key={`${line.sku}-${index}`}>
                      {`${line.quantity} × ${line.name} (${line.options
                        .filter((option) => option.name !== 'Warehouse')
                        .map((option) => option.value)
                        .join(', ')}) ${formatPrice(line.unitCents * line.quantity)}`}
                    </li>
                  ))}
                </ul>
                <p>{`Value ${formatPrice(value)}, charged ${formatPrice(order.totalCents)}`}</p>
                <div className={cartStyles.promoRow} role="group" aria-labelledby={`promo-order-${order.id}`}>
                  <button
                    type="submit"
                    name="decision"
                    value={`approve:${order.id}`}
                    className={button.primary}
                    disabled={kit.submitting}
                  >
                    Approve<span className={visuallyHidden}>{` order #${order.id}`}</span>
                  </button>
                  <button
                    type="submit"
                    name="decision"
                    value={`reject:${order.id}`}
                    className={button.secondary}
                    disabled={kit.submitting}
                  >
                    Reject<span className={visuallyHidden}>{` order #${order.id}`}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </KitForm>
      {list.pageCount > 1 ? (
        <nav aria-label="Pages of promotional orders" className={cartStyles.promoRow}>
          {list.page > 1 ? (
            <Link to={`${PROMO_APPROVALS_PATH}?page=${list.page - 1}`}>Previous page</Link>
          ) : null}
          <span>{`Page ${list.page} of ${list.pageCount}`}</span>
          {list.page < list.pageCount ? (
            <Link to={`${PROMO_APPROVALS_PATH}?page=${list.page + 1}`}>Next page</Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
