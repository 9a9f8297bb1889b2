/**
 * The embedded checkout's repair payment path (issue 13 §6, SPEC §2/§7): where `getcheckoutpaymenturl` sends a
 * customer whose repair the desk quoted. It shows the repair and its quote, the billing address pre-filled from the
 * repair's contact details, manual payment, and "Pay"; paying places the order (server/repairs `pay`, through the
 * checkout's repair-payment entry point) and the repair shows paid, here, in the customer's repair list and on the
 * repair desk. A signed-out shopper gets the sign-in panel; signing in on a path containing `repaircheckoutpayment`
 * closes the panel and stays on the page (server/identity/redirect-rules.ts).
 */
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { AddressFieldset } from '~/components/checkout/address-fieldset';
import { billingDefaults, repairPaymentForm } from '~/components/checkout/repair-payment-form';
import * as cartStyles from '~/components/cart/cart.css';
import { FormStatus, KitForm, SubmitButton } from '~/components/forms/fields';
import { formRouteHeaders, handleForm, newIdempotencyKey } from '~/components/forms/form.server';
import { useKitForm } from '~/components/forms/use-kit-form';
import { RepairError } from '~/components/repair/repair.server';
import { pageMeta } from '~/components/seo/meta';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { CALLER_MESSAGES } from '../../server/identity/index.server';
import { repairIdOf } from '../../server/repairs/index.server';
import { formatPrice } from '../../server/pricing/public';
import { repairPaymentPath } from '../../server/repairs/public';

/** The customer's repair list. */
const REPAIRS_PATH = '/warranties/repair';

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Pay for your repair', noIndex: true });

/** A refusal of the repair service as this page's error (its boundary shows the message). */
function refusal(error: unknown): never {
  if (error instanceof RepairError)
    throw data(
      { message: error.message },
      { status: error.status, headers: { 'Cache-Control': CACHE_PRIVATE } },
    );
  throw error;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const customer = context.viewer.customer;
  if (!customer) {
    // The sign-in panel opens by itself; after sign-in the shopper is back here (SPEC §2).
    const url = new URL(request.url);
    if (!url.searchParams.has('login'))
      throw redirect(`${url.pathname}?login=true`, { headers: { 'Cache-Control': CACHE_PRIVATE } });
    return { signedIn: false as const };
  }
  const repair = await context.timing
    .measure('db', async () => context.services.repairs.forPayment(customer.id, repairIdOf(params.id)))
    .catch(refusal);
  // The order that pays it is an order like any other: its status in My Orders' words (decision 092).
  const orderStatus = repair.payment_order_id
    ? ((await context.services.orderDesk.statusWords(customer.id, [repair.payment_order_id])).get(
        repair.payment_order_id,
      ) ?? null)
    : null;
  return {
    signedIn: true as const,
    repair,
    orderStatus,
    defaults: billingDefaults(repair.customer),
    idempotencyKey: newIdempotencyKey(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, repairPaymentForm, {
    async submit(value, { success, reject }) {
      const customer = context.viewer.customer;
      if (!customer) return reject({ formErrors: [CALLER_MESSAGES.missingToken] }, 400);
      const { email, payment: _payment, ...address } = value;
      try {
        const paid = await context.timing.measure('db', async () =>
          context.services.payRepair(customer.id, repairIdOf(params.id), { email, address }),
        );
        context.logger.info('repair paid', {
          repairId: params.id,
          orderId: paid.orderId,
          replayed: paid.replayed,
        });
        return success(`Thank you! Your repair is paid (order #${paid.orderId}).`);
      } catch (error) {
        if (error instanceof RepairError) return reject({ formErrors: [error.message] }, 409);
        throw error;
      }
    },
  });
}

export default function RepairPayment() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.signedIn) {
    return (
      <div className={`${container} ${cartStyles.page}`}>
        <h1>Pay for your repair</h1>
        <p>Sign in to pay for your repair.</p>
        <p>
          <Link to="?login=true" className={button.primary}>
            Sign in
          </Link>
        </p>
      </div>
    );
  }
  return <PaymentForm {...loaded} />;
}

function PaymentForm({
  repair,
  defaults,
  idempotencyKey,
  orderStatus,
}: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { signedIn: true }>) {
  const path = repairPaymentPath(repair.id);
  const kit = useKitForm(repairPaymentForm, {
    action: path,
    redirectTo: path,
    idempotencyKey,
    defaultValue: defaults,
  });
  const amount = formatPrice(repair.quote_cents ?? 0);
  const title = `Warranty repair #${repair.id}: ${repair.product.name}`;
  if (repair.payment === 'paid') {
    return (
      <div className={`${container} ${cartStyles.page}`}>
        <h1>Pay for your repair</h1>
        <p className={cartStyles.notification} role="status">
          {kit.message ?? `Repair #${repair.id} is paid (order #${repair.payment_order_id}).`}
        </p>
        <p>{`${title}, ${amount}: ${orderStatus ?? 'Paid'}`}</p>
        <p>
          <Link to={REPAIRS_PATH}>Back to your repairs</Link>
        </p>
      </div>
    );
  }
  return (
    <div className={`${container} ${cartStyles.page}`}>
      <h1>Pay for your repair</h1>
      <div className={cartStyles.pageLayout}>
        <KitForm kit={kit}>
          <AddressFieldset fields={kit.fields} hydrated={kit.hydrated} legend="Billing address" />
          <fieldset>
            <legend>Payment</legend>
            <label>
              <input type="radio" name={kit.fields.payment.name} value="manual" defaultChecked /> Pay by
              invoice (manual payment)
            </label>
          </fieldset>
          <FormStatus kit={kit} />
          <SubmitButton kit={kit} pendingLabel="Paying…" className={button.primary}>
            {`Pay ${amount}`}
          </SubmitButton>
        </KitForm>
        <section aria-labelledby="repair-summary">
          <h2 id="repair-summary">Order summary</h2>
          <p>{title}</p>
          <p>The repair desk quoted this repair: the warranty does not cover it.</p>
          <dl>
            <dt>Total</dt>
            <dd>{amount}</dd>
          </dl>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === 'string'
      ? (error.data as { message: string }).message
      : 'Something went wrong. Please try again.';
  return (
    <div className={`${container} ${cartStyles.page}`}>
      <h1>Pay for your repair</h1>
      <p role="alert">{message}</p>
      <p>
        <Link to={REPAIRS_PATH}>Back to your repairs</Link>
      </p>
    </div>
  );
}
