/**
 * The embedded checkout (issue 11 §8): the order summary (shipping "FREE", tax), the shipping address (country
 * US by default, the US/Canada state lists with AA, AE and AP), payment through the manual payment provider, and
 * Place order. The order is placed in one transaction (server/checkout); the form's idempotency key comes from this
 * private page's loader, so a repeated submit returns the same order. A cart that cannot be checked out is sent back
 * to the cart, which shows its line messages; after the order, this page shows its confirmation.
 */
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { data, Link, useLoaderData } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { cartActor, cartCookieHeaders } from '../../server/cart/index.server';
import { GIFT_CARD_CODE_MESSAGES, parseReviewedGiftCardCents } from '../../server/cart/public';
import { DEFAULT_COUNTRY } from '../../server/checkout/public';
import { CHECKOUT_PATH, ORDER_PLACED } from '../../server/checkout/index.server';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { formatPrice } from '../../server/pricing/public';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { CartTotals } from '../components/cart/cart-totals';
import * as cartStyles from '../components/cart/cart.css';
import { placeOrderForm } from '../components/checkout/checkout-forms';
import { AddressFieldset } from '../components/checkout/address-fieldset';
import * as styles from '../components/checkout/checkout.css';
import { OrderRecap, shownOptions, type Recap, type RecapLine } from '../components/checkout/order-recap';
import { FormStatus, KitForm, SubmitButton } from '../components/forms/fields';
import { formRouteHeaders, handleForm, newIdempotencyKey } from '../components/forms/form.server';
import { useLazyKitForm } from '../components/forms/use-lazy-kit-form';
import { placeOrderLazyForm } from '../components/checkout/lazy-forms';
import { useRootData } from '../components/layout/root-data';
import { pageMeta } from '../components/seo/meta';
import { GiftCardPayments, reviewedGiftCardCents } from '../components/gift-cards/gift-card-payments';

export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Checkout', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { cart, checkout, giftCards } = context.services;
  // After Place order without JavaScript (issue 24 §7): the page comes back as `?order={the form's idempotency key}`,
  // which only the placing page knew, and shows that order's confirmation with its recap.
  const placedKey = new URL(request.url).searchParams.get(PLACED_PARAM);
  if (placedKey) {
    const order = await context.timing.measure('db', () => checkout.confirmation(placedKey));
    if (order && !order.isPromoOrder) {
      // The gift cards it bought are items of the recap as well (the total counts them: issue 24 §4).
      const issued = await context.timing.measure('db', () => giftCards.issuedBy(order.id));
      return data({
        cart: null,
        idempotencyKey: '',
        giftCards: [],
        placed: { message: ORDER_PLACED(order.id), recap: recapOf(order, issued) },
      });
    }
  }
  const actor = cartActor(context.viewer);
  const view = await context.timing.measure('db', () => cart.getCart(actor));
  if (view === null || 'ok' in view)
    return data({ cart: null, idempotencyKey: '', giftCards: [], placed: null });
  const ready = await checkout.checkoutUrl(actor);
  if (!ready.ok) throw redirect('/cart');
  // A promotional order is placed on its own page (SPEC §1 /promo-order).
  if (ready.url !== CHECKOUT_PATH) throw redirect(ready.url);
  // Gift cards applied by code (issue 26 §1): shown with what each pays and what is left to pay.
  const applied = await context.timing.measure('db', () => giftCards.applied(view.id));
  return data({ cart: view, idempotencyKey: newIdempotencyKey(), giftCards: applied, placed: null });
}

/** The query parameter that names the order just placed, by the key of the form that placed it. */
const PLACED_PARAM = 'order';

/** A placed order as the confirmation recaps it (order-recap.tsx). */
function recapOf(
  order: {
    lines: {
      sku: string;
      name: string;
      options: RecapLine['options'];
      quantity: number;
      unitCents: number;
    }[];
    totalCents: number;
    shipTo: Record<string, string>;
  },
  giftCards: readonly { id: number; name: string; amountCents: number }[] = [],
): Recap {
  const field = (name: string) => order.shipTo[name] ?? '';
  return {
    lines: [
      ...order.lines.map((line, index) => ({
        id: `${index}-${line.sku}`,
        quantity: line.quantity,
        name: line.name,
        options: line.options,
        extendedCents: line.unitCents * line.quantity,
      })),
      ...giftCards.map((gift) => ({
        id: `gift-${gift.id}`,
        quantity: 1,
        name: `Gift card: ${gift.name}`,
        options: [],
        extendedCents: gift.amountCents,
      })),
    ],
    totalCents: order.totalCents,
    address: {
      firstName: field('firstName'),
      lastName: field('lastName'),
      address1: field('address1'),
      address2: field('address2'),
      city: field('city'),
      stateOrProvince: field('stateOrProvince'),
      postalCode: field('postalCode'),
      countryCode: field('countryCode'),
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { placeOrder, config } = context.services;
  return handleForm({ request, context }, placeOrderForm, {
    async submit(value, { success, reject, idempotencyKey }) {
      const { email, payment: _payment, giftCardCents, ...address } = value;
      // What the page showed as paid by gift cards (decision 114): the order is placed only if the cards pay that.
      const reviewedGiftCardCents = parseReviewedGiftCardCents(giftCardCents);
      if (reviewedGiftCardCents === null)
        return reject({ formErrors: [GIFT_CARD_CODE_MESSAGES.balanceChanged] }, 400);
      const outcome = await context.timing.measure('db', () =>
        placeOrder.placeOrder(cartActor(context.viewer), {
          email,
          address,
          idempotencyKey,
          reviewedGiftCardCents,
        }),
      );
      if (!outcome.ok) return reject({ formErrors: [outcome.message] }, outcome.status);
      context.logger.info('order placed', { orderId: outcome.order.id, replayed: outcome.replayed });
      // The cart is gone with its order: the next add makes a new one.
      return success(ORDER_PLACED(outcome.order.id), { headers: cartCookieHeaders(config, null) });
    },
  });
}

export default function CheckoutPage() {
  const { cart, idempotencyKey, giftCards, placed: placedOrder } = useLoaderData<typeof loader>();
  const kit = useLazyKitForm(placeOrderLazyForm, {
    action: '/checkout',
    // Without JavaScript the confirmation comes back to this page, naming the order by this form's key.
    redirectTo: idempotencyKey ? `/checkout?${PLACED_PARAM}=${idempotencyKey}` : '/checkout',
    idempotencyKey,
    defaultValue: { countryCode: DEFAULT_COUNTRY, payment: 'manual' },
  });
  const flash = useRootData()?.flash;
  const placed =
    kit.message ??
    placedOrder?.message ??
    (flash?.formId === placeOrderLazyForm.id ? flash.message : undefined);
  // What the shopper saw and typed when pressing Place order, for the confirmation's recap (JavaScript only).
  const [recap, setRecap] = useState<Recap | null>(null);
  const keepRecap = (event: FormEvent<HTMLDivElement>) => {
    if (!cart || !(event.target instanceof HTMLFormElement)) return;
    const typed = new FormData(event.target);
    const value = (name: string) => String(typed.get(name) ?? '').trim();
    setRecap({
      lines: [
        ...cart.lines,
        ...cart.giftCertificates.map((gift) => ({
          id: gift.id,
          quantity: 1,
          name: `Gift card: ${gift.name}`,
          options: [],
          extendedCents: gift.amountCents,
        })),
      ],
      totalCents: cart.cartAmountCents,
      address: {
        firstName: value('firstName'),
        lastName: value('lastName'),
        address1: value('address1'),
        address2: value('address2'),
        city: value('city'),
        stateOrProvince: value('stateOrProvince'),
        postalCode: value('postalCode'),
        countryCode: value('countryCode'),
      },
    });
  };

  if (placed) {
    return (
      <div className={`${container} ${cartStyles.page}`}>
        <h1>Thank you</h1>
        <p className={cartStyles.notification} role="status">
          {placed}
        </p>
        <p>A confirmation is on its way to your inbox. We will contact you to arrange payment.</p>
        {(recap ?? placedOrder?.recap) ? <OrderRecap recap={(recap ?? placedOrder?.recap)!} /> : null}
        <p>
          <Link to="/" className={button.secondary}>
            Continue shopping
          </Link>
        </p>
      </div>
    );
  }
  if (!cart) {
    return (
      <div className={`${container} ${cartStyles.page}`}>
        <h1>Checkout</h1>
        <p>Your cart is empty</p>
        <p>
          <Link to="/" className={button.secondary}>
            Continue shopping
          </Link>
        </p>
      </div>
    );
  }
  const { fields } = kit;
  return (
    <div className={`${container} ${cartStyles.page}`}>
      <h1>Checkout</h1>
      <div className={styles.layout} onSubmitCapture={keepRecap}>
        <section aria-labelledby="order-summary" className={styles.summary}>
          <h2 id="order-summary">Order summary</h2>
          <ul className={styles.summaryLines}>
            {cart.lines.map((line) => (
              <li key={line.id} className={styles.summaryLine}>
                <span>
                  {line.quantity} × {line.name} ({shownOptions(line.options)})
                  {line.proDiscountApplied ? (
                    <span className={cartStyles.proLabel}> Pro Discount Applied</span>
                  ) : null}
                </span>
                <span>{formatPrice(line.extendedCents)}</span>
              </li>
            ))}
            {cart.giftCertificates.map((gift) => (
              <li key={gift.id} className={styles.summaryLine}>
                <span>1 × Gift card: {gift.name}</span>
                <span>{formatPrice(gift.amountCents)}</span>
              </li>
            ))}
          </ul>
          <CartTotals cart={cart} />
          <GiftCardPayments cart={cart} giftCards={giftCards} />
        </section>
        <KitForm kit={kit} className={styles.form}>
          <AddressFieldset fields={fields} hydrated={kit.hydrated} />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Payment</legend>
            <label className={styles.choice}>
              <input type="radio" name={fields.payment.name} value="manual" defaultChecked /> Pay by invoice
              (manual payment)
            </label>
          </fieldset>
          {/* What the shopper reviewed as paid by gift cards (decision 114): anything else refuses the order. */}
          <input
            type="hidden"
            name={fields.giftCardCents.name}
            value={String(reviewedGiftCardCents(cart, giftCards))}
          />
          <FormStatus kit={kit} />
          <SubmitButton kit={kit} pendingLabel="Placing order…" className={button.primary}>
            Place order
          </SubmitButton>
        </KitForm>
      </div>
    </div>
  );
}
