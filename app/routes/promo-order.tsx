/**
 * The promotional order (SPEC §1 /promo-order, §4, §7 POST /order/promotion; decision 045): the target of the cart's
 * "Complete PROMO ORDER" button. A promo user's cart flagged promotional is placed free of charge (all totals
 * $00.00), with the shipping address and the approval user who decides it; stock is taken as for any order and the
 * order waits for approval. Private; the idempotency key comes from this page's loader, so a repeated submit
 * returns the same order. Anyone else, or a cart not flagged promotional, is sent back to the cart.
 */
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { data, Link, useLoaderData } from '@remix-run/react';
import { cartActor, cartCookieHeaders } from '../../server/cart/index.server';
import { PROMO_MESSAGES, PROMO_ORDER_PATH } from '../../server/checkout/public';
import { DEFAULT_COUNTRY } from '../../server/checkout/public';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { CartTotals, PROMO_TOTAL } from '../components/cart/cart-totals';
import * as cartStyles from '../components/cart/cart.css';
import { AddressFieldset } from '../components/checkout/address-fieldset';
import { PROMO_CHECKOUT_LABEL } from '../components/checkout/checkout-button';
import { promoOrderForm } from '../components/checkout/checkout-forms';
import * as fieldStyles from '../components/forms/fields.css';
import { FieldErrors, FormStatus, KitForm, SubmitButton } from '../components/forms/fields';
import { formRouteHeaders, handleForm, newIdempotencyKey } from '../components/forms/form.server';
import { useKitForm } from '../components/forms/use-kit-form';
import { useRootData } from '../components/layout/root-data';
import { pageMeta } from '../components/seo/meta';

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Promotional order', noIndex: true });

/** Approval users offered in the list (one page of SPEC §7's paged call; a store has a handful). */
const APPROVERS_SHOWN = 100;

export async function loader({ context }: LoaderFunctionArgs) {
  const { cart, checkout } = context.services;
  const customer = context.viewer.customer;
  if (!customer) throw redirect('/?login=true', 303);
  const actor = cartActor(context.viewer);
  const view = await context.timing.measure('db', () => cart.getCart(actor));
  // After the order is placed the cart is gone: the page shows its confirmation (from the flash).
  if (view === null || 'ok' in view) return data({ cart: null, approvers: [], idempotencyKey: '' });
  const ready = await checkout.checkoutUrl(actor);
  if (!ready.ok || ready.url !== PROMO_ORDER_PATH) throw redirect('/cart', 303);
  const { approvers } = await checkout.approvers({ limit: APPROVERS_SHOWN, page: 1 });
  return data({ cart: view, approvers, idempotencyKey: newIdempotencyKey() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { placeOrder, config } = context.services;
  return handleForm({ request, context }, promoOrderForm, {
    async submit(value, { success, reject, idempotencyKey }) {
      const { email, approverId, ...address } = value;
      const outcome = await context.timing.measure('db', () =>
        placeOrder.placePromoOrder(cartActor(context.viewer), {
          email,
          address,
          approverId,
          idempotencyKey,
          origin: new URL(request.url).origin,
        }),
      );
      if (!outcome.ok) return reject({ formErrors: [outcome.message] }, outcome.status);
      context.logger.info('promotional order placed', {
        orderId: outcome.order.id,
        replayed: outcome.replayed,
      });
      return success(PROMO_MESSAGES.placed(outcome.order.id), { headers: cartCookieHeaders(config, null) });
    },
  });
}

export default function PromoOrderPage() {
  const { cart, approvers, idempotencyKey } = useLoaderData<typeof loader>();
  const kit = useKitForm(promoOrderForm, {
    action: PROMO_ORDER_PATH,
    redirectTo: PROMO_ORDER_PATH,
    idempotencyKey,
    defaultValue: { countryCode: DEFAULT_COUNTRY },
  });
  const flash = useRootData()?.flash;
  const placed = kit.message ?? (flash?.formId === promoOrderForm.id ? flash.message : undefined);

  if (placed) {
    return (
      <div className={`${container} ${cartStyles.page}`}>
        <h1>Thank you</h1>
        <p className={cartStyles.notification} role="status">
          {placed}
        </p>
        <p>We will let you know by e-mail when it is approved. Nothing is charged for a promotional order.</p>
        <p>
          <Link to="/">Continue shopping</Link>
        </p>
      </div>
    );
  }
  if (!cart) {
    return (
      <div className={`${container} ${cartStyles.page}`}>
        <h1>Promotional order</h1>
        <p>Your cart is empty</p>
        <p>
          <Link to="/cart">Back to your cart</Link>
        </p>
      </div>
    );
  }
  const { fields } = kit;
  return (
    <div className={`${container} ${cartStyles.page}`}>
      <h1>Promotional order</h1>
      <div className={cartStyles.pageLayout}>
        <KitForm kit={kit}>
          <AddressFieldset fields={fields} hydrated={kit.hydrated} />
          <fieldset>
            <legend>Approval</legend>
            <div className={fieldStyles.field}>
              <label htmlFor={fields.approverId.id} className={fieldStyles.label}>
                Approver
              </label>
              <select
                id={fields.approverId.id}
                name={fields.approverId.name}
                className={fieldStyles.input}
                defaultValue=""
                required
                aria-invalid={fields.approverId.errors ? true : undefined}
                aria-describedby={fields.approverId.errors ? fields.approverId.errorId : undefined}
              >
                <option value="">Choose…</option>
                {approvers.map((approver) => (
                  <option key={approver.id} value={approver.id}>
                    {`${approver.firstName} ${approver.lastName} (${approver.email})`}
                  </option>
                ))}
              </select>
              <FieldErrors field={fields.approverId} />
            </div>
          </fieldset>
          <FormStatus kit={kit} />
          <SubmitButton kit={kit} pendingLabel="Loading..." className={button.primary}>
            {PROMO_CHECKOUT_LABEL}
          </SubmitButton>
        </KitForm>
        <section aria-labelledby="order-summary">
          <h2 id="order-summary">Order summary</h2>
          <ul className={cartStyles.lines}>
            {cart.lines.map((line) => (
              <li key={line.id}>
                {line.quantity} × {line.name} (
                {line.options
                  .filter((option) => option.name !== 'Warehouse')
                  .map((option) => option.value)
                  .join(', ')}
                ) {PROMO_TOTAL}
              </li>
            ))}
          </ul>
          <CartTotals cart={cart} />
        </section>
      </div>
    </div>
  );
}
