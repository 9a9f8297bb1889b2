/**
 * The cart's kit forms as the browser first loads them (decision 110): id, flags and HTML constraint, with a loader
 * of the definition (and its zod schema) that runs when the shopper first touches the form. The constraints are
 * `getZodConstraint`'s for each definition, checked equal by `lazy-forms.test.ts`.
 */
import { lazyKitForm } from '../forms/use-lazy-kit-form';
import type { cartLineForm, giftCardForm } from './cart-forms';

const NAME = { required: true, minLength: 1, maxLength: 100 };
const EMAIL = { required: true, maxLength: 254 };

export const cartLineLazyForm = lazyKitForm<typeof cartLineForm>({
  id: 'cart-line',
  honeypot: false,
  idempotent: false,
  constraint: {
    intent: { required: true },
    lineId: { required: false },
    quantity: { required: false, min: -99, max: 99 },
    step: { required: false, min: -1, max: 1 },
    giftId: { required: false },
    promo: { required: false },
  },
  load: () => import('./cart-forms').then((module) => module.cartLineForm),
});

export const giftCardLazyForm = lazyKitForm<typeof giftCardForm>({
  id: 'gift-card',
  honeypot: false,
  idempotent: true,
  constraint: {
    recipientName: NAME,
    recipientEmail: EMAIL,
    senderName: NAME,
    senderEmail: EMAIL,
    message: { required: false, maxLength: 500 },
    amount: { required: true, pattern: '^(?=.*(?:^\\d{1,6}$)).*$' },
    sendOn: { required: true },
  },
  load: () => import('./cart-forms').then((module) => module.giftCardForm),
});

/** SPEC §9: what a shopper who typed more than 10 in a quantity field reads (the line is set to 10). */
export const QUANTITY_LIMIT = 'You can order up to 10 of an item.';
