/**
 * Gift-card codes (issue 26 §1, decision 099): applied to the cart at checkout (and taken off again), and a code's
 * balance checked from the account. One message for every code that cannot be used, so a wrong code tells a guesser
 * nothing; attempts are rate-limited per client address and per cart by the routes.
 */
import { z } from 'zod';
import { databaseId } from '../../../server/forms/public';
import { GIFT_CARD_CODE_MESSAGES } from '../../../server/cart/public';
import { formatPrice } from '../../../server/pricing/public';
import { defineForm } from '../forms/form-kit';

/** What a shopper may type: the code with or without its dashes and spaces. */
const code = z
  .string({ required_error: GIFT_CARD_CODE_MESSAGES.required })
  .trim()
  .min(1, GIFT_CARD_CODE_MESSAGES.required)
  .max(40, GIFT_CARD_CODE_MESSAGES.invalid);

export const checkoutGiftCardForm = defineForm({
  id: 'checkout-gift-card',
  honeypot: false,
  schema: z.discriminatedUnion(
    'intent',
    [
      z.object({ intent: z.literal('apply'), code }),
      z.object({ intent: z.literal('remove'), giftCardId: databaseId(GIFT_CARD_CODE_MESSAGES.invalid) }),
    ],
    {
      errorMap: (issue, ctx) => ({
        message: 'options' in issue ? 'Unknown gift card action.' : ctx.defaultError,
      }),
    },
  ),
});

export const giftCardBalanceForm = defineForm({
  id: 'gift-card-balance',
  honeypot: false,
  schema: z.object({ code }),
});

/** Attempts per client address and per cart in a window (decision 099): enough for a shopper's typos. */
export const GIFT_CARD_ATTEMPTS = { limit: 10, windowMs: 10 * 60_000 } as const;

/** The balance of a gift card, as the check answers it. */
export const balanceMessage = (ending: string, balanceCents: number, amountCents: number) =>
  `The gift card ending ${ending} has ${formatPrice(balanceCents)} left of ${formatPrice(amountCents)}.`;
