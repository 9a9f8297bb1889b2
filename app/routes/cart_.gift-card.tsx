/**
 * Adds a gift card to the shopper's cart (issue 11 §6; SPEC §3 gift_certificates of the add payload): a cart is
 * created on the first add, as for any line. The service checks the content model's limits (whole dollars, minimum,
 * maximum, count per cart) and the item name "{recipient} emailing on dd/mm/yyyy"; its messages come back on the
 * form. Adding one clears the promotional-order flag (SPEC §8).
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import {
  cartActor,
  cookieHeadersAfter,
  parseSendDate,
  SEND_DATE_MESSAGES,
} from '../../server/cart/index.server';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { GIFT_CARD_ADDED, giftCardForm } from '../components/cart/cart-forms';
import { FormReplyPage } from '../components/forms/form-reply-page';
import { actionOnlyLoader, formRouteHeaders, handleForm } from '../components/forms/form.server';

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const { cartFlows, config } = context.services;
  return handleForm({ request, context }, giftCardForm, {
    async submit(value, { success, reject }) {
      // A real calendar day (decision 089): the form's shape check lets 2020-02-30 through, as JavaScript rolls it
      // over to 1 March; the window around today is the cart service's check.
      const sendOn = parseSendDate(value.sendOn);
      if (!sendOn) return reject({ fieldErrors: { sendOn: [SEND_DATE_MESSAGES.notReal] } }, 400);
      const result = await cartFlows.add(cartActor(context.viewer), {
        lineItems: [],
        giftCertificates: [
          {
            recipientName: value.recipientName,
            recipientEmail: value.recipientEmail,
            senderName: value.senderName,
            senderEmail: value.senderEmail,
            message: value.message,
            amountDollars: value.amount,
            sendOn,
          },
        ],
      });
      const headers = cookieHeadersAfter(config, context.viewer, result);
      if (!result.ok) return reject({ formErrors: [result.message] }, result.status, { headers });
      return success(GIFT_CARD_ADDED, { headers });
    },
  });
}

export default function GiftCardReply() {
  return <FormReplyPage title="Gift card" />;
}
