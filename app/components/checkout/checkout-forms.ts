/**
 * The embedded checkout's forms (form kit, decision 031): starting a checkout from the cart (SPEC §7
 * cart-checkout, answering the checkout URL), and placing the order (idempotent: a repeated submit returns the same
 * order), and the promotional order (decision 045). SPEC §5's words where it has them; the address rules of SPEC §3's static lists.
 */
import { z } from 'zod';
import { databaseId, isDatabaseId } from '../../../server/forms/public';
import { DEFAULT_COUNTRY, isPostalCodeOf, isRegionOf } from '../../../server/checkout/public';
import { name } from '../account/sign-up-form';
import { defineForm } from '../forms/form-kit';

export const checkoutStartForm = defineForm({
  id: 'checkout-start',
  honeypot: false,
  schema: z.object({}),
});

const required = (message: string) => z.string({ required_error: message }).trim().min(1, message).max(100);

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
  address1: required('Address Required'),
  address2: z.string().trim().max(100).default(''),
  city: required('City Required'),
  countryCode: z.enum(['US', 'CA']).default(DEFAULT_COUNTRY),
  stateOrProvince: required('State Required'),
  postalCode: required('Postal Code Required'),
};

function checkAddress(
  value: { countryCode: 'US' | 'CA'; stateOrProvince: string; postalCode: string },
  context: z.RefinementCtx,
) {
  if (!isRegionOf(value.countryCode, value.stateOrProvince)) {
    context.addIssue({
      code: 'custom',
      path: ['stateOrProvince'],
      message: 'Choose a state or province of the country',
    });
  }
  if (!isPostalCodeOf(value.countryCode, value.postalCode)) {
    context.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter a valid postal code' });
  }
}

export const placeOrderForm = defineForm({
  id: 'place-order',
  idempotent: true,
  honeypot: false,
  schema: z
    .object({
      ...addressShape,
      payment: z.literal('manual', { errorMap: () => ({ message: 'Choose a payment method' }) }),
    })
    .superRefine(checkAddress),
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
    .superRefine(checkAddress),
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
