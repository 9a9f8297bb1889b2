/** How the account area names an order's status and date (issue 10 §9; issue 25 §1, decision 092). */
import { orderStatusWords } from '../../../server/checkout/public';

/**
 * An order status in words, as the order desk's state machine names it (issue 24 §8: `awaiting_fulfillment` was
 * shown raw). A status it does not know still reads as words ("on_hold" → "On hold"), never as a code.
 */
export function orderStatusText(status: string, isPromoOrder = false): string {
  return orderStatusWords(status, { isPromoOrder });
}

/** "November 24, 2026", in UTC so that server and browser render the same text. */
export function orderDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
