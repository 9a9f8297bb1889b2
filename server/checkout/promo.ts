/**
 * Promotional orders' paths, messages and statuses (decision 045): browser-safe, shared by the checkout service and
 * the pages.
 */
/** SPEC §1: the checkout button's target when the order is flagged promotional. */
export const PROMO_ORDER_PATH = '/promo-order';
export const PROMO_APPROVALS_PATH = '/promo-order/approvals';
export const PROMO_PAGE_SIZE = 10;
export const PROMO_MESSAGES = {
  signIn: 'Sign in as a promo user to place a promotional order.',
  notPromoUser: 'Promotional orders are for promo users only.',
  notFlagged: 'Check "Promotional order" in your cart to place a promotional order.',
  noApprover: 'Choose who approves this order.',
  placed: (id: number) => `Thank you! Your promotional order #${id} is placed and awaits approval.`,
  notWaiting: 'This promotional order is not waiting for your approval.',
  approved: (id: number) => `Promotional order #${id} is approved.`,
  rejected: (id: number) => `Promotional order #${id} is rejected; its stock is back on sale.`,
  decided: (id: number) => `Promotional order #${id} was decided already.`,
} as const;
/** Order statuses (BigCommerce's names): what an approver's decision makes of a promotional order. */
export const ORDER_STATUS = {
  awaitingPayment: 'awaiting_payment',
  approvalPending: 'approval_pending',
  awaitingFulfillment: 'awaiting_fulfillment',
  declined: 'declined',
} as const;
