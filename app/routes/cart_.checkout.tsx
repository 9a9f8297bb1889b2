/**
 * SPEC §7 cart-checkout: answers the embedded checkout's URL when the cart can be checked out (the inventory check
 * of SPEC §5 passes), else the first line's message. A fetcher gets the URL as the message; without JavaScript
 * the form's `redirectTo` is the checkout itself.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { cartActor, cookieHeadersAfter } from '../../server/cart/index.server';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { checkoutStartForm } from '../components/checkout/checkout-start-form';
import { FormReplyPage } from '../components/forms/form-reply-page';
import { actionOnlyLoader, formRouteHeaders, handleForm } from '../components/forms/form.server';

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const { checkout, config } = context.services;
  return handleForm({ request, context }, checkoutStartForm, {
    async submit(_value, { success, reject }) {
      const outcome = await checkout.checkoutUrl(cartActor(context.viewer));
      if (outcome.ok) return success(outcome.url);
      const headers = outcome.clearCookie
        ? cookieHeadersAfter(config, context.viewer, {
            ok: false,
            status: 404,
            message: '',
            clearCookie: true,
          })
        : undefined;
      return reject({ formErrors: [outcome.message] }, outcome.status, { headers });
    },
  });
}

export default function CheckoutStartReply() {
  return <FormReplyPage title="Checkout" />;
}
