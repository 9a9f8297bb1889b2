/**
 * An order's life (issue 25 §1, decision 092): one state machine over the statuses the store has always written
 * (BigCommerce's names) and the ones the order desk adds. Pure and browser-safe: the checkout's transitions, the
 * order desk, the customer's order page and the mails all read it.
 *
 *   placed ─▶ awaiting_payment ──pay──▶ awaiting_fulfillment ──ship──▶ shipped ──deliver──▶ completed
 *   placed ─▶ approval_pending ─approve─▶ awaiting_fulfillment          │                       │
 *                              └decline─▶ declined                      └──────refund───────────┴─▶ partially_refunded ─▶ refunded
 *   cancel: awaiting_payment | approval_pending | awaiting_fulfillment ─▶ cancelled (stock returned, any payment refunded)
 *
 * "Paid" is `awaiting_fulfillment` (paid, or an approved promotional order with nothing to pay: ready to ship);
 * "delivered" is `completed`. A transition whose target is where the order already is answers `unchanged`
 * (a repeated submit changes nothing); any other from→to pair is refused.
 */

export const ORDER_STATUSES = [
  'awaiting_payment',
  'approval_pending',
  'awaiting_fulfillment',
  'shipped',
  'completed',
  'partially_refunded',
  'refunded',
  'cancelled',
  'declined',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTIONS = ['pay', 'approve', 'decline', 'ship', 'deliver', 'cancel', 'refund'] as const;

export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Where each action may start, and where it leads (refund's target depends on what is left: see `refundTarget`). */
export const TRANSITIONS: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  pay: { from: ['awaiting_payment'], to: 'awaiting_fulfillment' },
  approve: { from: ['approval_pending'], to: 'awaiting_fulfillment' },
  decline: { from: ['approval_pending'], to: 'declined' },
  ship: { from: ['awaiting_fulfillment'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'completed' },
  cancel: { from: ['awaiting_payment', 'approval_pending', 'awaiting_fulfillment'], to: 'cancelled' },
  refund: { from: ['shipped', 'completed', 'partially_refunded'], to: 'refunded' },
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isOrderAction(value: unknown): value is OrderAction {
  return typeof value === 'string' && (ORDER_ACTIONS as readonly string[]).includes(value);
}

export type TransitionDecision =
  | { ok: true; to: OrderStatus; unchanged: false }
  /** The order is already where this action leads: a repeat, nothing to do. */
  | { ok: true; to: OrderStatus; unchanged: true }
  | { ok: false };

/**
 * What `action` does to an order in `from`. A refund is never "unchanged" (each one moves money): its repeats are
 * recognised by their idempotency key instead; its target comes from `refundTarget`.
 */
export function decide(from: string, action: OrderAction): TransitionDecision {
  const rule = TRANSITIONS[action];
  if (!isOrderStatus(from)) return { ok: false };
  if ((rule.from as readonly string[]).includes(from)) return { ok: true, to: rule.to, unchanged: false };
  if (action !== 'refund' && from === rule.to) return { ok: true, to: rule.to, unchanged: true };
  return { ok: false };
}

/** A refund of `amountCents` when `remainingCents` can still be refunded: its target status, or null when refused. */
export function refundTarget(remainingCents: number, amountCents: number): OrderStatus | null {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > remainingCents) return null;
  return amountCents === remainingCents ? 'refunded' : 'partially_refunded';
}

/** Statuses that still hold stock and have not shipped: what a cancel gives back. */
export const HOLDS_STOCK: readonly OrderStatus[] = TRANSITIONS.cancel.from;

/** What a shopper reads for each status (never the code). */
const STATUS_WORDS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  approval_pending: 'Awaiting approval',
  awaiting_fulfillment: 'Paid',
  shipped: 'Shipped',
  completed: 'Delivered',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  cancelled: 'Canceled',
  declined: 'Declined',
};

/**
 * A status in words. A promotional order ready to ship was approved, not paid. A status this list does not know
 * still reads as words ("on_hold" → "On hold").
 */
export function orderStatusWords(status: string, options: { isPromoOrder?: boolean } = {}): string {
  if (status === 'awaiting_fulfillment' && options.isPromoOrder) return 'Approved';
  if (isOrderStatus(status)) return STATUS_WORDS[status];
  const words = status.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words === '' ? 'Unknown' : words[0]!.toUpperCase() + words.slice(1);
}

/** What the order desk's buttons and messages call each action. */
export const ACTION_LABELS: Record<OrderAction, string> = {
  pay: 'Mark paid',
  approve: 'Approve',
  decline: 'Decline',
  ship: 'Ship',
  deliver: 'Mark delivered',
  cancel: 'Cancel order',
  refund: 'Refund',
};

/** The order desk's status filter: each status with its staff-facing name. */
export const DESK_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  approval_pending: 'Awaiting approval',
  awaiting_fulfillment: 'Paid, to ship',
  shipped: 'Shipped',
  completed: 'Delivered',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  cancelled: 'Canceled',
  declined: 'Declined',
};
