/**
 * The order desk's forms (issue 25 §2, decision 093): one per transition, each posted to the order's page with its
 * id in the action URL (`?form=order-ship`), so each works without JavaScript. Browser-safe: the route's action and
 * its page import them. Idempotent: a repeated submit (a reload, a double click) answers its first outcome.
 */
import { z } from 'zod';
import { defineForm } from '../forms/form-kit';

export const ORDER_DESK_PATH = '/staff/orders';
export const orderDeskPath = (id: number) => `${ORDER_DESK_PATH}/${id}`;

export const ORDER_DESK_MESSAGES = {
  carrier: 'Please enter the carrier.',
  tracking: 'Please enter the tracking number (letters, digits, spaces and dashes).',
  amount: 'Please enter the amount in dollars, such as 12.50.',
  reason: 'Please give the reason for the refund.',
  tooLong: (max: number) => `Please use at most ${max} characters.`,
  paid: (id: number) => `Order #${id} is marked paid.`,
  shipped: (id: number, carrier: string, tracking: string) =>
    `Order #${id} is shipped with ${carrier}, tracking number ${tracking}.`,
  delivered: (id: number) => `Order #${id} is marked delivered.`,
  canceled: (id: number) => `Order #${id} is canceled; its stock is back on sale.`,
  refunded: (id: number, amount: string) => `${amount} is refunded on order #${id}.`,
  already: (id: number, words: string) => `Order #${id} is ${words} already: nothing changed.`,
} as const;

/** An amount typed in dollars ("12", "12.5", "$1,012.50") in cents; null when it is not one. */
export function parseDollars(input: string): number | null {
  const text = input
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const text = (max: number, required?: string) => {
  const base = z.string({ required_error: required }).trim().max(max, ORDER_DESK_MESSAGES.tooLong(max));
  return required ? base.min(1, required) : base.optional().transform((value) => value ?? '');
};

export const orderPayForm = defineForm({
  id: 'order-pay',
  honeypot: false,
  idempotent: true,
  schema: z.object({ transition: z.literal('pay') }),
});

export const orderShipForm = defineForm({
  id: 'order-ship',
  honeypot: false,
  idempotent: true,
  schema: z.object({
    carrier: text(40, ORDER_DESK_MESSAGES.carrier),
    tracking: z
      .string({ required_error: ORDER_DESK_MESSAGES.tracking })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,59}$/, ORDER_DESK_MESSAGES.tracking),
  }),
});

export const orderDeliverForm = defineForm({
  id: 'order-deliver',
  honeypot: false,
  idempotent: true,
  schema: z.object({ transition: z.literal('deliver') }),
});

export const orderCancelForm = defineForm({
  id: 'order-cancel',
  honeypot: false,
  idempotent: true,
  schema: z.object({ transition: z.literal('cancel'), reason: text(200) }),
});

export const orderRefundForm = defineForm({
  id: 'order-refund',
  honeypot: false,
  idempotent: true,
  schema: z.object({
    amount: z
      .string({ required_error: ORDER_DESK_MESSAGES.amount })
      .refine((value) => (parseDollars(value) ?? 0) > 0, ORDER_DESK_MESSAGES.amount)
      .transform((value) => parseDollars(value)!),
    reason: text(200, ORDER_DESK_MESSAGES.reason),
  }),
});

export const ORDER_DESK_FORMS = [
  orderPayForm,
  orderShipForm,
  orderDeliverForm,
  orderCancelForm,
  orderRefundForm,
] as const;
