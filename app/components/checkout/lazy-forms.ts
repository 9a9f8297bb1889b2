/**
 * The checkout's kit forms as the browser first loads them (decision 110): id, flags and HTML constraint, with a
 * loader of the definition (and its zod schema) that runs when the shopper first touches the form. The constraints
 * are `getZodConstraint`'s for each definition, checked equal by `lazy-forms.test.ts`.
 */
import { lazyKitForm } from '../forms/use-lazy-kit-form';
import type { placeOrderForm } from './checkout-forms';
import type { checkoutStartForm } from './checkout-start-form';

const NAME = { required: true, maxLength: 50 };
const ADDRESS_LINE = { required: true, minLength: 1, maxLength: 100 };

export const checkoutStartLazyForm = lazyKitForm<typeof checkoutStartForm>({
  id: 'checkout-start',
  honeypot: false,
  idempotent: false,
  constraint: {},
  load: () => import('./checkout-start-form').then((module) => module.checkoutStartForm),
});

export const placeOrderLazyForm = lazyKitForm<typeof placeOrderForm>({
  id: 'place-order',
  honeypot: false,
  idempotent: true,
  constraint: {
    email: { required: true, maxLength: 254 },
    firstName: NAME,
    lastName: NAME,
    address1: ADDRESS_LINE,
    address2: { required: false, maxLength: 100 },
    city: ADDRESS_LINE,
    countryCode: { required: false, pattern: 'US|CA' },
    stateOrProvince: ADDRESS_LINE,
    postalCode: ADDRESS_LINE,
    payment: { required: true },
    giftCardCents: { required: false },
  },
  load: () => import('./checkout-forms').then((module) => module.placeOrderForm),
});
