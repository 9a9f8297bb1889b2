/**
 * Add to cart (SPEC §4/§7 add-line-item; issue 11 §2), on the form kit: a fetcher gets `{ result, message }` and
 * the product page opens the cart panel; without JavaScript the browser is sent back (303) to the page it came
 * from with the cart panel's flag, so the server renders the panel open with the new line. The first add makes
 * the cart and sets its cookie; an add into a cart that is gone retries once into a new one (the service).
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { cartActor, cookieHeadersAfter } from '../../server/cart/index.server';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { ADDED_TO_CART, addToCartForm } from '../components/cart/cart-forms';
import { FormReplyPage } from '../components/forms/form-reply-page';
import { actionOnlyLoader, formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';

/** Generous for a shopper, short of a script filling carts. */
export const ADD_TO_CART_LIMIT = { limit: 120, windowMs: 60_000 } as const;

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const { cartFlows, config } = context.services;
  return handleForm({ request, context }, addToCartForm, {
    limits: [perClient(ADD_TO_CART_LIMIT)],
    async submit({ productId, variantId, quantity }, { success, reject }) {
      const result = await context.timing.measure('db', () =>
        cartFlows.add(cartActor(context.viewer), { lineItems: [{ productId, variantId, quantity }] }),
      );
      const headers = cookieHeadersAfter(config, context.viewer, result);
      if (!result.ok) return reject({ formErrors: [result.message] }, result.status, { headers });
      return success(ADDED_TO_CART, { headers });
    },
  });
}

export default function AddToCartReply() {
  return <FormReplyPage title="Add to cart" />;
}
