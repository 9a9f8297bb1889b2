/**
 * The embedded checkout's forms (form kit, decision 031; the cart's Checkout button's is checkout-start-form.ts):
 * placing the order (idempotent: a repeated submit returns the same
 * order), and the promotional order (decision 045). SPEC §5's words where it has them; the address rules of SPEC §3's static lists.
 */
import { z } from 'zod';
import { databaseId, isDatabaseId } from '../../../server/forms/public';
import { checkPostalAddress, postalAddressShape } from '../../../server/checkout/public';
import { name } from '../account/sign-up-form';
import { defineForm } from '../forms/form-kit';

/** The shipping address and e-mail of an order (both checkouts). */
const addressShape = {
  email: z
    .string({ required_error: 'Email Address Required' })
    .trim()
    .max(254)
    .email('Invalid email address'),
  // SPEC §5: the same name rule and words as sign-up and the address book.
  firstName: name('First Name Required'),
  lastName: name('Last Name Required'),
  ...postalAddressShape,
};

export const placeOrderForm = defineForm({
  id: 'place-order',
  idempotent: true,
  honeypot: false,
  schema: z
    .object({
      ...addressShape,
      payment: z.literal('manual', { errorMap: () => ({ message: 'Choose a payment method' }) }),
      // Hidden: what the page showed as paid by gift cards, in cents (decision 114). Read by the action with
      // `parseReviewedGiftCardCents`, which refuses anything but up to nine digits with the balance message.
      giftCardCents: z.string().optional(),
    })
    .superRefine(checkPostalAddress),
});

/** SPEC §7 POST /order/promotion: the promotional order, for the approval user chosen (decision 045). */
export const promoOrderForm = defineForm({
  id: 'promo-order',
  idempotent: true,
  honeypot: false,
  schema: z
    .object({
      ...addressShape,
      approverId: databaseId('Choose who approves this order.'),
    })
    .superRefine(checkPostalAddress),
});

/** An approver's decision on a promotional order: the button pressed names it, `approve:{id}` or `reject:{id}`. */
export const promoDecisionForm = defineForm({
  id: 'promo-decision',
  honeypot: false,
  schema: z.object({
    decision: z
      .string({ required_error: 'Choose Approve or Reject.' })
      .regex(/^(approve|reject):[1-9]\d{0,9}$/, 'Choose Approve or Reject.')
      .refine((value) => isDatabaseId(value.split(':')[1] ?? ''), 'Choose Approve or Reject.'),
  }),
});
