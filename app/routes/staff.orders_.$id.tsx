/**
 * One order at the order desk (issue 25 §2, decisions 092–093): its lines, totals, shipping address and history
 * (each change with who made it and when), and the transitions its status allows as form-kit forms that work
 * without JavaScript: mark paid, ship (carrier and tracking number), mark delivered, cancel (stock back on sale,
 * any payment refunded), refund (an amount up to what is left, and a reason). Each answers with a message; each
 * records the staff user who made it. For staff with the order desk role.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { KitForm, SubmitButton, TextField } from '~/components/forms/fields';
import * as fieldStyles from '~/components/forms/fields.css';
import { formRouteHeaders, handleForm, newIdempotencyKey } from '~/components/forms/form.server';
import type { FormOutcome, SubmitHelpers } from '~/components/forms/form.server';
import { useKitForm } from '~/components/forms/use-kit-form';
import {
  ORDER_DESK_MESSAGES,
  ORDER_DESK_PATH,
  orderCancelForm,
  orderDeliverForm,
  orderDeskPath,
  orderPayForm,
  orderRefundForm,
  orderShipForm,
} from '~/components/orders/order-desk-forms';
import { StaffErrorPage } from '~/components/repair/staff-error';
import { requireStaff } from '~/components/repair/staff.server';
import { invariantResponse } from '~/components/error-page/http-errors';
import { pageMeta } from '~/components/seo/meta';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import type { TransitionOutcome } from '../../server/checkout/index.server';
import { decide, orderStatusWords, type OrderAction } from '../../server/checkout/public';
import { formatPrice } from '../../server/pricing/public';
import * as styles from '../components/account/account.css';

const formHeaders = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE, 'X-Robots-Tag': 'noindex' });

export const headers: HeadersFunction = (args) => {
  const headers = new Headers(formHeaders(args));
  const challenge = args.errorHeaders?.get('WWW-Authenticate');
  if (challenge) headers.set('WWW-Authenticate', challenge);
  return headers;
};

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data ? `Order #${args.data.order.id}` : 'Order', noIndex: true });

/** The order id of the URL: digits, within the id column's range; anything else is a 404. */
function orderIdOf(param: string | undefined): number {
  const id = /^[1-9]\d{0,9}$/.test(param ?? '') ? Number(param) : 0;
  return id <= 2_147_483_647 ? id : 0;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'orders');
  const id = orderIdOf(params.id);
  const order =
    id > 0 ? await context.timing.measure('db', () => context.services.orderDesk.detail(id)) : null;
  invariantResponse(order, 'This order does not exist.', {
    status: 404,
    headers: { 'Cache-Control': CACHE_PRIVATE },
  });
  // Who made each change: the staff user's e-mail (staff are named by id in the history).
  const staff = new Map(
    (await context.services.staff.accounts.list()).map((user) => [user.id, user.email] as const),
  );
  return {
    order: {
      ...order,
      events: order.events.map((event) => ({
        ...event,
        who:
          event.actor === 'staff'
            ? (staff.get(event.staffUserId ?? 0) ?? `staff user #${event.staffUserId}`)
            : event.actor,
      })),
    },
    keys: {
      pay: newIdempotencyKey(),
      ship: newIdempotencyKey(),
      deliver: newIdempotencyKey(),
      cancel: newIdempotencyKey(),
      refund: newIdempotencyKey(),
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, 'orders');
  const id = orderIdOf(params.id);
  invariantResponse(id > 0, 'This order does not exist.', { status: 404 });
  const actor = { kind: 'staff' as const, staffUserId: staff.id };
  const { orderDesk, cancelOrder, refundOrder } = context.services;
  const form = new URL(request.url).searchParams.get('form');

  /** The answer of a transition: its message, "already" for a repeat, or the refusal. */
  const answer = (
    outcome: TransitionOutcome,
    { success, reject }: SubmitHelpers,
    message: (outcome: Extract<TransitionOutcome, { ok: true }>) => string,
  ): FormOutcome => {
    if (!outcome.ok) return reject({ formErrors: [outcome.message] }, outcome.status);
    context.logger.info('order transition', {
      orderId: id,
      from: outcome.from,
      to: outcome.to,
      unchanged: outcome.unchanged,
      staffUserId: staff.id,
    });
    if (outcome.unchanged)
      return success(
        ORDER_DESK_MESSAGES.already(
          id,
          orderStatusWords(outcome.to, { isPromoOrder: outcome.order.isPromoOrder }),
        ),
      );
    return success(message(outcome));
  };

  switch (form) {
    case orderShipForm.id:
      return handleForm({ request, context }, orderShipForm, {
        async submit({ carrier, tracking }, helpers) {
          const outcome = await orderDesk.ship(id, actor, { carrier, trackingNumber: tracking });
          return answer(outcome, helpers, () => ORDER_DESK_MESSAGES.shipped(id, carrier, tracking));
        },
      });
    case orderDeliverForm.id:
      return handleForm({ request, context }, orderDeliverForm, {
        async submit(_value, helpers) {
          return answer(await orderDesk.markDelivered(id, actor), helpers, () =>
            ORDER_DESK_MESSAGES.delivered(id),
          );
        },
      });
    case orderCancelForm.id:
      return handleForm({ request, context }, orderCancelForm, {
        async submit({ reason }, helpers) {
          const outcome = await cancelOrder(id, actor, { reason });
          return answer(outcome, helpers, () => ORDER_DESK_MESSAGES.canceled(id));
        },
      });
    case orderRefundForm.id:
      return handleForm({ request, context }, orderRefundForm, {
        async submit({ amount, reason }, helpers) {
          const outcome = await refundOrder(id, actor, {
            amountCents: amount,
            reason,
            idempotencyKey: helpers.idempotencyKey ? `order-refund:${helpers.idempotencyKey}` : null,
          });
          if (!outcome.ok && outcome.status === 400)
            return helpers.reject({ fieldErrors: { amount: [outcome.message] } }, 400);
          return answer(outcome, helpers, () => ORDER_DESK_MESSAGES.refunded(id, formatPrice(amount)));
        },
      });
    default:
      return handleForm({ request, context }, orderPayForm, {
        async submit(_value, helpers) {
          return answer(await orderDesk.markPaid(id, actor), helpers, () => ORDER_DESK_MESSAGES.paid(id));
        },
      });
  }
}

export default function DeskOrder() {
  const { order, keys } = useLoaderData<typeof loader>();
  const words = (status: string) => orderStatusWords(status, { isPromoOrder: order.isPromoOrder });
  const allows = (action: OrderAction) => {
    const decision = decide(order.status, action);
    return decision.ok && !decision.unchanged;
  };
  const left = (order.paidAt ? order.totalCents : 0) - order.refundedCents;
  const kits = useDeskForms(order.id, keys);
  const done = Object.values(kits).flatMap((kit) => (kit.message ? [kit.message] : []));
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>{`Order #${order.id}`}</h1>
      <p role="status">{done.join(' ')}</p>
      <p>
        <Link to={ORDER_DESK_PATH}>All orders</Link>
      </p>
      <dl className={styles.details}>
        <dt className={styles.term}>Status</dt>
        <dd>{words(order.status)}</dd>
        <dt className={styles.term}>Placed</dt>
        <dd>{order.createdAt.slice(0, 16).replace('T', ' ')}</dd>
        <dt className={styles.term}>Customer</dt>
        <dd>{`${order.customerName}${order.customerId ? '' : ' (guest)'}`}</dd>
        <dt className={styles.term}>E-mail</dt>
        <dd>{order.email}</dd>
        {order.isPromoOrder ? (
          <>
            <dt className={styles.term}>Kind</dt>
            <dd>Promotional order</dd>
          </>
        ) : null}
        {order.carrier ? (
          <>
            <dt className={styles.term}>Carrier</dt>
            <dd>{order.carrier}</dd>
            <dt className={styles.term}>Tracking number</dt>
            <dd>{order.trackingNumber}</dd>
          </>
        ) : null}
      </dl>

      <section className={styles.section} aria-labelledby="actions-heading">
        <h2 id="actions-heading">Next steps</h2>
        {allows('pay') ? <PayForm kit={kits.pay} /> : null}
        {allows('ship') ? <ShipForm kit={kits.ship} /> : null}
        {allows('deliver') ? <DeliverForm kit={kits.deliver} /> : null}
        {allows('cancel') ? <CancelForm kit={kits.cancel} /> : null}
        {allows('refund') && left > 0 ? <RefundForm kit={kits.refund} left={formatPrice(left)} /> : null}
        {['pay', 'ship', 'deliver', 'cancel', 'refund'].some((action) =>
          allows(action as OrderAction),
        ) ? null : (
          <p>Nothing is left to do on this order.</p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="lines-heading">
        <h2 id="lines-heading">Items</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              {['Item', 'SKU', 'Quantity', 'Price', 'Amount'].map((name) => (
                <th key={name} scope="col" className={styles.cell}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={`${line.sku}-${index}`}>
                <th scope="row" className={styles.cell}>
                  {line.name}
                  {line.options.length > 0
                    ? ` (${line.options.map((option) => `${option.name}: ${option.value}`).join(', ')})`
                    : ''}
                </th>
                <td className={styles.cell}>{line.sku}</td>
                <td className={styles.cell}>{line.quantity}</td>
                <td className={styles.cell}>{formatPrice(line.unitCents)}</td>
                <td className={styles.cell}>{formatPrice(line.unitCents * line.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
          <dt className={styles.term}>Paid</dt>
          <dd>{order.paidAt ? order.paidAt.slice(0, 16).replace('T', ' ') : 'Not yet'}</dd>
          <dt className={styles.term}>Refunded</dt>
          <dd>{formatPrice(order.refundedCents)}</dd>
        </dl>
      </section>

      <section className={styles.section} aria-labelledby="address-heading">
        <h2 id="address-heading">Ship to</h2>
        <address>
          {[
            [order.shipTo.firstName, order.shipTo.lastName].filter(Boolean).join(' '),
            order.shipTo.address1,
            order.shipTo.address2,
            [order.shipTo.city, order.shipTo.stateOrProvince, order.shipTo.postalCode]
              .filter(Boolean)
              .join(', '),
            order.shipTo.countryCode,
          ]
            .filter(Boolean)
            .map((line, index) => (
              <span key={index}>
                {line}
                <br />
              </span>
            ))}
        </address>
      </section>

      <section className={styles.section} aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              {['When', 'Who', 'Change', 'Details'].map((name) => (
                <th key={name} scope="col" className={styles.cell}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.events.map((event) => (
              <tr key={event.id}>
                <td className={styles.cell}>{event.at.slice(0, 19).replace('T', ' ')}</td>
                <td className={styles.cell}>{event.who}</td>
                <td className={styles.cell}>
                  {event.from === null
                    ? `Placed: ${words(event.to)}`
                    : `${words(event.from)} → ${words(event.to)}`}
                </td>
                <td className={styles.cell}>{detailsText(event.details)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function detailsText(details: Record<string, string | number>): string {
  const parts: string[] = [];
  if (details.carrier) parts.push(`${details.carrier}, tracking number ${details.trackingNumber ?? ''}`);
  if (typeof details.amountCents === 'number') parts.push(`${formatPrice(details.amountCents)} refunded`);
  if (details.reason) parts.push(`Reason: ${details.reason}`);
  if (details.refundReference) parts.push(`Reference: ${details.refundReference}`);
  return parts.join('; ');
}

/** A form's refusals (its successes show once, at the top of the page). */
function FormErrors({
  kit,
}: {
  kit: ReturnType<typeof useDeskForms>['pay' | 'ship' | 'deliver' | 'cancel' | 'refund'];
}) {
  const errors = [...kit.formErrors, ...(kit.allErrors.transition ?? [])];
  return (
    <p id={kit.errorId} role="alert" className={fieldStyles.fieldError}>
      {errors.join(' ')}
    </p>
  );
}

/** The five forms of the page, kept by the page: a form that its own success removes still says what it did. */
function useDeskForms(id: number, keys: Record<'pay' | 'ship' | 'deliver' | 'cancel' | 'refund', string>) {
  const options = (formId: string, idempotencyKey: string) => ({
    action: `${orderDeskPath(id)}?form=${formId}`,
    redirectTo: orderDeskPath(id),
    idempotencyKey,
  });
  return {
    pay: useKitForm(orderPayForm, options(orderPayForm.id, keys.pay)),
    ship: useKitForm(orderShipForm, options(orderShipForm.id, keys.ship)),
    deliver: useKitForm(orderDeliverForm, options(orderDeliverForm.id, keys.deliver)),
    cancel: useKitForm(orderCancelForm, options(orderCancelForm.id, keys.cancel)),
    refund: useKitForm(orderRefundForm, options(orderRefundForm.id, keys.refund)),
  };
}

function PayForm({ kit }: { kit: ReturnType<typeof useDeskForms>['pay'] }) {
  return (
    <KitForm kit={kit}>
      <input type="hidden" name="transition" value="pay" />
      <SubmitButton kit={kit}>Mark paid</SubmitButton>
      <FormErrors kit={kit} />
    </KitForm>
  );
}

function ShipForm({ kit }: { kit: ReturnType<typeof useDeskForms>['ship'] }) {
  return (
    <KitForm kit={kit}>
      <fieldset>
        <legend>Ship</legend>
        <TextField field={kit.fields.carrier} label="Carrier" autoComplete="off" />
        <TextField field={kit.fields.tracking} label="Tracking number" autoComplete="off" />
        <SubmitButton kit={kit}>Ship</SubmitButton>
      </fieldset>
      <FormErrors kit={kit} />
    </KitForm>
  );
}

function DeliverForm({ kit }: { kit: ReturnType<typeof useDeskForms>['deliver'] }) {
  return (
    <KitForm kit={kit}>
      <input type="hidden" name="transition" value="deliver" />
      <SubmitButton kit={kit}>Mark delivered</SubmitButton>
      <FormErrors kit={kit} />
    </KitForm>
  );
}

function CancelForm({ kit }: { kit: ReturnType<typeof useDeskForms>['cancel'] }) {
  return (
    <KitForm kit={kit}>
      <fieldset>
        <legend>Cancel</legend>
        <input type="hidden" name="transition" value="cancel" />
        <TextField
          field={kit.fields.reason}
          label="Reason (optional)"
          hint="Its stock goes back on sale; what it paid is refunded."
          autoComplete="off"
        />
        <SubmitButton kit={kit}>Cancel order</SubmitButton>
      </fieldset>
      <FormErrors kit={kit} />
    </KitForm>
  );
}

function RefundForm({ kit, left }: { kit: ReturnType<typeof useDeskForms>['refund']; left: string }) {
  return (
    <KitForm kit={kit}>
      <fieldset>
        <legend>Refund</legend>
        <TextField
          field={kit.fields.amount}
          label="Amount in dollars"
          hint={`At most ${left}.`}
          autoComplete="off"
        />
        <TextField field={kit.fields.reason} label="Reason" autoComplete="off" />
        <SubmitButton kit={kit}>Refund</SubmitButton>
      </fieldset>
      <FormErrors kit={kit} />
    </KitForm>
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
