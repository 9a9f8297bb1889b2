/** How the account area names an order's status and date (issue 10 §9). */
const ORDER_STATUS_TEXT: Record<string, string> = {
  awaiting_payment: 'Awaiting payment',
  approval_pending: 'Awaiting approval',
  awaiting_fulfillment: 'Being prepared',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Canceled',
};

/**
 * An order status in words (issue 24 §8: `awaiting_fulfillment` was shown raw). A status this list does not know
 * yet still reads as words ("on_hold" → "On hold"), never as a code.
 */
export function orderStatusText(status: string): string {
  const known = ORDER_STATUS_TEXT[status];
  if (known) return known;
  const words = status.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words === '' ? 'Unknown' : words[0]!.toUpperCase() + words.slice(1);
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
