/** How the account area names an order's status and date (issue 10 §9). */
export const ORDER_STATUS_TEXT: Record<string, string> = {
  awaiting_payment: 'Awaiting payment',
  approval_pending: 'Awaiting approval',
  completed: 'Completed',
  cancelled: 'Canceled',
};

/** "November 24, 2026", in UTC so that server and browser render the same text. */
export function orderDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
