/**
 * The full cart page (issue 11 §2) and the cart's one action for changes (CONVENTIONS 3: `intent` update, remove,
 * clear, promo). The loader is also what the cart panel's fetcher loads with JavaScript. Private: `no-store`.
 * A cart cookie naming a cart this shopper cannot use is cleared here, with SPEC §8's message.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, useLoaderData, useLocation } from '@remix-run/react';
import { cartActor, cookieHeadersAfter } from '../../server/cart/index.server';
import type { CartResult } from '../../server/cart/index.server';
import { CART_MESSAGES, MAX_LINE_QUANTITY } from '../../server/cart/public';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { container } from '../../styles/utilities.css';
import {
  CART_CLEARED,
  CART_UPDATED,
  cartLineForm,
  GIFT_CARD_REMOVED,
  LINE_REMOVED,
  PROMO_OFF,
  PROMO_ON,
} from '../components/cart/cart-forms';
import { CartContents } from '../components/cart/cart-contents';
import { QUANTITY_LIMIT } from '../components/cart/lazy-forms';
import { GiftCardForm } from '../components/cart/gift-card-form';
import * as styles from '../components/cart/cart.css';
import { formRouteHeaders, handleForm } from '../components/forms/form.server';
import { pageMeta } from '../components/seo/meta';

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Your Cart', noIndex: true });

export async function loader({ context }: LoaderFunctionArgs) {
  const { cart, content } = context.services;
  // The gift-card form shows the content model's amounts (issue 24 §4: the limits were hidden).
  const { minAmount, maxAmount } = content.giftCard();
  const giftCardLimits = { minAmount, maxAmount };
  const got = await context.timing.measure('db', () => cart.getCart(cartActor(context.viewer)));
  if (got !== null && 'ok' in got) {
    // SPEC §4 "a cart 404 clears the cart cookie": the next add makes a new cart.
    const cookies = cookieHeadersAfter(context.services.config, context.viewer, got);
    return data({ cart: null, notice: got.message, giftCardLimits }, { headers: cookies });
  }
  return data({ cart: got, notice: null as string | null, giftCardLimits });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { cart, config } = context.services;
  const actor = cartActor(context.viewer);
  return handleForm({ request, context }, cartLineForm, {
    async submit(value, { success, reject }) {
      let result: CartResult;
      let message: string;
      // Exhaustive: an intent added to the form's union without a case here fails the typecheck.
      switch (value.intent) {
        case 'update':
          result = await context.services.cartFlows.updateLine(
            actor,
            value.lineId,
            value.quantity + value.step,
          );
          // Above the limit the line is set to it, and says so (issue 24 §1: "11 says the limit", with or without JS).
          message =
            value.quantity + value.step <= 0
              ? LINE_REMOVED
              : value.quantity + value.step > MAX_LINE_QUANTITY
                ? QUANTITY_LIMIT
                : CART_UPDATED;
          break;
        case 'remove':
          result = await cart.removeLine(actor, value.lineId);
          message = LINE_REMOVED;
          break;
        case 'remove-gift':
          result = await cart.removeGiftCertificate(actor, value.giftId);
          message = GIFT_CARD_REMOVED;
          break;
        case 'promo':
          result = await cart.setPromoOrder(actor, value.promo === 'on');
          message = value.promo === 'on' ? PROMO_ON : PROMO_OFF;
          break;
        case 'clear':
          result = await cart.clear(actor);
          message = CART_CLEARED;
          break;
        default: {
          // Unreachable while the switch covers the union (the compiler checks `never`); never a change.
          value satisfies never;
          return reject({ formErrors: [CART_MESSAGES.unknownIntent] }, 400);
        }
      }
      const headers = cookieHeadersAfter(config, context.viewer, result);
      if (!result.ok) return reject({ formErrors: [result.message] }, result.status, { headers });
      return success(message, { headers });
    },
  });
}

export default function CartPage() {
  const { cart, notice, giftCardLimits } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <div className={`${container} ${styles.page}`}>
      <h1>Your Cart</h1>
      <CartContents cart={cart} redirectTo={pathname} notice={notice} />
      <GiftCardForm limits={giftCardLimits} />
    </div>
  );
}
