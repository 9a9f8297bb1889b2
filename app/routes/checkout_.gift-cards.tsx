/**
 * Gift-card codes at checkout (issue 26 §1, decision 099): `apply` puts a card on the shopper's cart (it pays at
 * Place order, inside the order's transaction), `remove` takes it off. A code that cannot be used, whatever the
 * reason, gets one message; attempts are limited per client address and per cart. Without JavaScript the form
 * comes back to the checkout with the outcome in the flash.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { cartActor, cookieHeadersAfter } from '../../server/cart/index.server';
import { GIFT_CARD_CODE_MESSAGES } from '../../server/cart/public';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { checkoutGiftCardForm, GIFT_CARD_ATTEMPTS } from '../components/gift-cards/gift-card-forms';
import { FormReplyPage } from '../components/forms/form-reply-page';
import { actionOnlyLoader, formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const { giftCards, config } = context.services;
  const actor = cartActor(context.viewer);
  return handleForm({ request, context }, checkoutGiftCardForm, {
    limits: [
      {
        ...perClient(GIFT_CARD_ATTEMPTS),
        key: ({ clientIp, value }) => (value.intent === 'apply' ? clientIp : null),
      },
      // Per cart as well: many addresses guessing on one cart are stopped too.
      {
        name: 'cart',
        ...GIFT_CARD_ATTEMPTS,
        key: ({ value }) => (value.intent === 'apply' ? (actor.cartId ?? 'none') : null),
      },
    ],
    async submit(value, { success, reject }) {
      const result =
        value.intent === 'apply'
          ? await giftCards.apply(actor, value.code)
          : await giftCards.remove(actor, value.giftCardId);
      if (!result.ok) {
        const headers = cookieHeadersAfter(config, context.viewer, result);
        return reject({ formErrors: [result.message] }, result.status, { headers });
      }
      return success(
        value.intent === 'apply' ? GIFT_CARD_CODE_MESSAGES.applied : GIFT_CARD_CODE_MESSAGES.removed,
        { resetForm: true },
      );
    },
  });
}

export default function CheckoutGiftCardReply() {
  return <FormReplyPage title="Gift card" />;
}
