/**
 * The checkout's gift-card form as the browser first loads it (decision 110): id, flags and HTML constraint, with a
 * loader of the definition (and its zod schema) that runs when the shopper first touches the form. The constraint is
 * `getZodConstraint`'s, checked equal by `lazy-forms.test.ts`.
 */
import { lazyKitForm } from '../forms/use-lazy-kit-form';
import type { checkoutGiftCardForm } from './gift-card-forms';

export const checkoutGiftCardLazyForm = lazyKitForm<typeof checkoutGiftCardForm>({
  id: 'checkout-gift-card',
  honeypot: false,
  idempotent: false,
  constraint: {
    intent: { required: true },
    code: { required: false, minLength: 1, maxLength: 40 },
    giftCardId: { required: false, min: 0, max: 2147483647 },
  },
  load: () => import('./gift-card-forms').then((module) => module.checkoutGiftCardForm),
});
