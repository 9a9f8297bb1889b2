/**
 * The cart's forms (form kit, decision 031), shared by the actions (`/cart/add`, `/cart`) and the components.
 * Messages are SPEC §8's; a missing variant is an add "with no line items".
 */
import { z } from 'zod';
import { CART_MESSAGES } from '../../../server/cart/public';
import { databaseId } from '../../../server/forms/public';
import { defineForm } from '../forms/form-kit';
import { ADD_TO_CART_FORM } from './add-to-cart-action';

export const ADDED_TO_CART = 'Added to your cart.';
export const CART_UPDATED = 'Your cart is updated.';
export const LINE_REMOVED = 'The item is removed from your cart.';
export const CART_CLEARED = 'Your cart is cleared.';
export const GIFT_CARD_ADDED = 'The gift card is in your cart.';
export const GIFT_CARD_REMOVED = 'The gift card is removed from your cart.';
export const PROMO_ON = 'Your order is a promotional order.';
export const PROMO_OFF = 'Your order is no longer a promotional order.';

/** Add one variant (SPEC §3 cart line for adding: product_id, variant_id, quantity). Idempotent: a double submit adds once. */
export const addToCartForm = defineForm({
  ...ADD_TO_CART_FORM,
  schema: z.object({
    productId: databaseId(CART_MESSAGES.lineItemsEmpty),
    variantId: databaseId(CART_MESSAGES.lineItemsEmpty),
    quantity: z.coerce.number().int().min(1).max(10).default(1),
  }),
});

/**
 * A change to the cart, one `intent` each (CONVENTIONS 3; an unknown intent is a 400). `update` sets a line's
 * quantity to `quantity + step` (the − and + buttons send a step, the field a quantity): 0 or below removes it.
 */
export const cartLineForm = defineForm({
  id: 'cart-line',
  honeypot: false,
  schema: z.discriminatedUnion(
    'intent',
    [
      z.object({
        intent: z.literal('update'),
        lineId: z.string().uuid(CART_MESSAGES.lineNotFound),
        quantity: z.coerce
          .number({ invalid_type_error: 'Enter a quantity from 1 to 10.' })
          .int()
          .min(-99)
          .max(99),
        step: z.coerce.number().int().min(-1).max(1).default(0),
      }),
      z.object({ intent: z.literal('remove'), lineId: z.string().uuid(CART_MESSAGES.lineNotFound) }),
      z.object({ intent: z.literal('clear') }),
      z.object({ intent: z.literal('remove-gift'), giftId: z.string().uuid(CART_MESSAGES.lineNotFound) }),
      // SPEC §4 promotional-order checkbox: checked sends `promo=on`, unchecked sends nothing.
      z.object({ intent: z.literal('promo'), promo: z.literal('on').optional() }),
    ],
    // An intent the cart does not know (an old page, a hand-made post) is a 400 that says so, never a change. The
    // union's own issues are a missing object or an unknown discriminator; only the latter lists `options` (read so,
    // zod's issue-code string stays in zod's one chunk: bundle.test's one-copy check).
    {
      errorMap: (issue, ctx) => ({
        message: 'options' in issue ? CART_MESSAGES.unknownIntent : ctx.defaultError,
      }),
    },
  ),
});

const text = (message: string, max = 100) =>
  z.string({ required_error: message }).trim().min(1, message).max(max);
const email = z
  .string({ required_error: 'Email Address Required' })
  .trim()
  .max(254)
  .email('Invalid email address');

/**
 * A gift card (SPEC §3 gift_certificates, §5 "{recipient} emailing on dd/mm/yyyy"): whole dollars (the content
 * model's minimum, maximum and count per cart are the service's checks), sent by e-mail on a day (YYYY-MM-DD).
 */
export const giftCardForm = defineForm({
  id: 'gift-card',
  idempotent: true,
  honeypot: false,
  schema: z.object({
    recipientName: text('Recipient Name Required'),
    recipientEmail: email,
    senderName: text('Your Name Required'),
    senderEmail: email,
    message: z.string().trim().max(500).default(''),
    amount: z
      .string({ required_error: 'Amount Required' })
      .trim()
      .regex(/^\d{1,6}$/, 'Gift card amounts are whole dollars.')
      .transform(Number),
    // One check, one message (issue 24 §4: a bad date printed it twice, from a regex and a refine).
    sendOn: z
      .string({ required_error: 'Send Date Required' })
      .refine(
        (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
        'Enter the date as YYYY-MM-DD',
      ),
  }),
});
