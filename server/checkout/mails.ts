/**
 * The checkout's mails about an order (internal to the checkout context; issue 25 §1 and §7, decision 094): one
 * mail at each step a shopper hears of (placed, paid, shipped, canceled, refunded), each with the brand in its
 * subject, the order's status in words, its lines, totals and shipping address, a plain-text and an HTML part, and
 * an absolute link to the order page (`PUBLIC_URL`).
 */
import { formatPrice } from '../pricing/public';
import { orderStatusWords } from './lifecycle';
import type { OrderView } from './types';

/** What the manual provider tells the shopper (ports.ts); also the mail of an order written elsewhere (a repair's). */
export const MANUAL_PAYMENT_INSTRUCTIONS =
  'Payment: we will contact you to arrange payment (manual payment).';

/** The store as its mails name it: the content's `siteName` and the public origin of its links. */
export type MailBrand = { siteName: string; publicUrl: string };

export const ORDER_PAGE_PATH = (id: number) => `/account/orders/${id}`;

export function orderLinesText(order: Pick<OrderView, 'lines'>): string[] {
  return order.lines.map(
    (line) => `${line.quantity} × ${line.name} (${line.sku}) ${formatPrice(line.unitCents * line.quantity)}`,
  );
}

/** A gift card of the order as its confirmation lists it: "{recipient} emailing on dd/mm/yyyy" (SPEC §3). */
export type OrderGiftCard = { name: string; recipientEmail: string; amountCents: number };

/** The gift cards of an order, one line each, as the order's lines are listed. */
export function giftCardsText(giftCards: readonly OrderGiftCard[]): string[] {
  return giftCards.map(
    (gift) => `1 × Gift card: ${gift.name} (to ${gift.recipientEmail}) ${formatPrice(gift.amountCents)}`,
  );
}

/** What a gift card paid of an order (issue 26 §1): the code's last characters only. */
export type OrderGiftCardPayment = { ending: string; amountCents: number };

/** An order as its mails need it: the view, where it ships, and the step's particulars. */
export type MailOrder = OrderView & { shipTo: Record<string, string> };

export type OrderMailStep =
  | {
      kind: 'placed';
      giftCards?: readonly OrderGiftCard[];
      paymentInstructions?: string;
      giftCardPayments?: readonly OrderGiftCardPayment[];
    }
  | { kind: 'paid' }
  | { kind: 'shipped'; carrier: string; trackingNumber: string }
  | { kind: 'delivered' }
  | { kind: 'cancelled'; refundCents: number; refundInstructions?: string }
  | { kind: 'refunded'; amountCents: number; reason: string; refundInstructions?: string };

export const ORDER_MAIL_TEMPLATES: Record<OrderMailStep['kind'], string> = {
  placed: 'order-confirmation',
  paid: 'order-paid',
  shipped: 'order-shipped',
  delivered: 'order-delivered',
  cancelled: 'order-cancelled',
  refunded: 'order-refunded',
};

function subjectOf(step: OrderMailStep, order: MailOrder, siteName: string): string {
  const name = `${siteName} order #${order.id}`;
  switch (step.kind) {
    case 'placed':
      return `Your ${name}`;
    case 'paid':
      return order.isPromoOrder ? `Your ${name} is approved` : `Your ${name} is paid`;
    case 'shipped':
      return `Your ${name} has shipped`;
    case 'delivered':
      return `Your ${name} is delivered`;
    case 'cancelled':
      return `Your ${name} is canceled`;
    case 'refunded':
      return `Your ${name}: ${formatPrice(step.amountCents)} refunded`;
  }
}

/** The opening sentences of each step. */
function openingOf(step: OrderMailStep, order: MailOrder): string[] {
  switch (step.kind) {
    case 'placed':
      return [`Thank you for your order #${order.id}.`];
    case 'paid':
      return order.isPromoOrder
        ? [`Your promotional order #${order.id} is approved and will ship soon.`]
        : [`We have received your payment for order #${order.id}. It will ship soon.`];
    case 'shipped':
      return [
        `Your order #${order.id} has shipped with ${step.carrier}.`,
        `Tracking number: ${step.trackingNumber}`,
      ];
    case 'delivered':
      return [`Your order #${order.id} is delivered. We hope you enjoy it.`];
    case 'cancelled':
      return [
        `Your order #${order.id} is canceled. Nothing will ship.`,
        ...(step.refundCents > 0
          ? [`${formatPrice(step.refundCents)} is refunded.`, step.refundInstructions ?? '']
          : []),
      ].filter((line) => line !== '');
    case 'refunded':
      return [
        `We have refunded ${formatPrice(step.amountCents)} of your order #${order.id}.`,
        `Reason: ${step.reason}`,
        ...(step.refundInstructions ? [step.refundInstructions] : []),
      ];
  }
}

/** The totals block: subtotal, discount, shipping, tax, total and what was refunded. */
function totalsOf(order: MailOrder): [string, string][] {
  return [
    ['Subtotal', formatPrice(order.subtotalCents)],
    ...(order.discountCents > 0
      ? [['Discount', `−${formatPrice(order.discountCents)}`] as [string, string]]
      : []),
    ['Shipping', order.shippingCents === 0 ? 'FREE' : formatPrice(order.shippingCents)],
    ['Tax', formatPrice(order.taxCents)],
    ['Total', formatPrice(order.totalCents)],
    ...(order.refundedCents > 0 ? [['Refunded', formatPrice(order.refundedCents)] as [string, string]] : []),
  ];
}

/** The shipping address as lines (the checkout's address form's fields). */
export function addressLines(address: Record<string, string>): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const cityLine = [address.city, [address.stateOrProvince, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [name, address.address1 ?? '', address.address2 ?? '', cityLine, address.countryCode ?? ''].filter(
    (line) => line.trim() !== '',
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One mail about `order` at `step`, for the store `brand`. */
export function orderMail(order: MailOrder, step: OrderMailStep, brand: MailBrand) {
  const giftCards = step.kind === 'placed' ? (step.giftCards ?? []) : [];
  const link = new URL(ORDER_PAGE_PATH(order.id), brand.publicUrl).toString();
  const status = orderStatusWords(order.status, { isPromoOrder: order.isPromoOrder });
  const opening = openingOf(step, order);
  const items = [...orderLinesText(order), ...giftCardsText(giftCards)];
  const cardPayments = step.kind === 'placed' ? (step.giftCardPayments ?? []) : [];
  const paidByCards = cardPayments.reduce((sum, card) => sum + card.amountCents, 0);
  const totals: [string, string][] = [
    ...totalsOf(order),
    ...cardPayments.map((card): [string, string] => [
      `Paid by gift card ending ${card.ending}`,
      `−${formatPrice(card.amountCents)}`,
    ]),
    ...(paidByCards > 0
      ? [['Left to pay', formatPrice(Math.max(0, order.totalCents - paidByCards))] as [string, string]]
      : []),
  ];
  const shipTo = addressLines(order.shipTo);
  const closing =
    step.kind === 'placed'
      ? [
          order.isPromoOrder
            ? 'This is a promotional order: nothing is charged. It ships once it is approved.'
            : (step.paymentInstructions ?? MANUAL_PAYMENT_INSTRUCTIONS),
        ]
      : [];
  const text = [
    ...opening,
    '',
    ...items,
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    ...closing,
    '',
    `Status: ${status}`,
    ...(shipTo.length > 0 ? ['', 'Ship to:', ...shipTo] : []),
    '',
    `See your order: ${link}`,
    '',
    brand.siteName,
  ].join('\n');
  const html = [
    `<p>${opening.map(escapeHtml).join('<br>')}</p>`,
    `<ul>${items.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<table>${totals
      .map(
        ([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`,
    ...closing.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>Status: <strong>${escapeHtml(status)}</strong></p>`,
    shipTo.length > 0 ? `<p>Ship to:<br>${shipTo.map(escapeHtml).join('<br>')}</p>` : '',
    `<p><a href="${escapeHtml(link)}">See your order</a></p>`,
    `<p>${escapeHtml(brand.siteName)}</p>`,
  ].join('\n');
  return {
    to: order.email,
    template: ORDER_MAIL_TEMPLATES[step.kind],
    subject: subjectOf(step, order, brand.siteName),
    text,
    html,
  };
}

/** The confirmation of an order: its lines and gift cards (the total counts both; issue 24 §4), and how it is paid. */
export function confirmationMail(
  order: MailOrder,
  brand: MailBrand,
  giftCards: readonly OrderGiftCard[] = [],
  paymentInstructions = MANUAL_PAYMENT_INSTRUCTIONS,
  giftCardPayments: readonly OrderGiftCardPayment[] = [],
) {
  return orderMail(order, { kind: 'placed', giftCards, paymentInstructions, giftCardPayments }, brand);
}
