/**
 * Placing an order (SPEC §5, §7 "Orders and checkout"; issue 11 §8–9; decision 068): the cart, the inventory, the
 * checkout, payment and mail in one use case. One transaction does it all: lock the cart, take the stock with
 * guarded decrements (never below zero), write the order and its lines (prices snapshotted), issue the gift cards,
 * remove the cart. The place-order form carries an idempotency key, unique on orders, so a repeated submit returns
 * the same order. The confirmation mail is queued after the commit.
 */
import type { Database } from '../db/database.server';
import {
  CART_MESSAGES,
  GIFT_CARD_CODE_MESSAGES,
  overLimitMessage,
  type CartActor,
  type CartService,
  type GiftCardService,
} from '../cart/index.server';
import {
  CART_CHANGED,
  freeShipping,
  manualPayment,
  taxIncluded,
  type PaymentProvider,
  type ShippingRates,
  type TaxCalculator,
  ORDER_STATUS,
  PROMO_APPROVALS_PATH,
  PROMO_MESSAGES,
  orderLinesText,
  type CheckoutService,
  type PlaceOrderInput,
  type PlaceOrderRefusal,
  type PlaceOrderResult,
  type PlacePromoOrderInput,
  type PromoApprover,
} from '../checkout/index.server';
import { takeStock } from '../inventory/index.server';
import { warehouseOf } from '../inventory/public';

export type PlaceOrderFlows = {
  placeOrder(actor: CartActor, input: PlaceOrderInput): Promise<PlaceOrderResult>;
  /**
   * SPEC §4/§7 POST /order/promotion (decision 045): a promo user's promotional order, placed as an order is
   * (stock taken in the same transaction) but free of charge and pending the chosen approver's approval.
   */
  placePromoOrder(actor: CartActor, input: PlacePromoOrderInput): Promise<PlaceOrderResult>;
};

class Rejection extends Error {
  constructor(readonly result: PlaceOrderRefusal) {
    super(result.message);
  }
}

const isUniqueViolation = (error: unknown): boolean => {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
};

export function createPlaceOrder(deps: {
  db: Database;
  cart: CartService;
  checkout: CheckoutService;
  /** Gift cards applied to the cart pay first (issue 26 §1, decision 099); none when not given (tests of other things). */
  giftCards?: GiftCardService;
  /** Told after the commit when the order issued gift cards: a card for today is mailed at once (decision 100). */
  onGiftCardsIssued?: () => void;
  /** The checkout's ports (decisions 069–071); the first adapters when not given. */
  payment?: PaymentProvider;
  tax?: TaxCalculator;
  shipping?: ShippingRates;
  /** The brand the approval mail's subject names (content `seo.json` siteName; issue 25 §7). */
  brand?: string;
}): PlaceOrderFlows {
  const { db, cart, checkout } = deps;
  const payment = deps.payment ?? manualPayment;
  const tax = deps.tax ?? taxIncluded;
  const shipping = deps.shipping ?? freeShipping;

  async function place(
    actor: CartActor,
    input: PlaceOrderInput,
    promo: PromoApprover | null,
  ): Promise<PlaceOrderResult> {
    const byKey = (key: string | null) => (key ? checkout.byIdempotencyKey(key) : Promise.resolve(null));
    const first = await byKey(input.idempotencyKey);
    if (first) return { ok: true, order: first, replayed: true };
    const got = await checkout.review(actor);
    if (!got.ok) {
      // A repeat of a submit that placed the order meanwhile (its cart is gone): the same order.
      const earlier = await byKey(input.idempotencyKey);
      return earlier ? { ok: true, order: earlier, replayed: true } : got;
    }
    const { view } = got;
    if (promo !== null && !view.isPromoOrder) {
      return {
        ok: false,
        status: 409,
        message:
          view.giftCertificates.length > 0 ? CART_MESSAGES.giftCardsBlockPromo : PROMO_MESSAGES.notFlagged,
      };
    }
    const subtotalCents =
      view.lines.reduce((sum, line) => sum + line.extendedCents, 0) +
      view.giftCertificates.reduce((sum, gift) => sum + gift.amountCents, 0);
    // A promotional order is free of charge: the goods' value is its subtotal and, all of it, its discount.
    const discountCents = promo ? subtotalCents : Math.min(view.discountAmountCents, subtotalCents);
    const itemsCents = subtotalCents - discountCents;
    const { address } = input;
    const shipped = await shipping.quote({
      units: view.lines.reduce((sum, line) => sum + line.quantity, 0),
      itemsCents,
      countryCode: address.countryCode,
    });
    const shippingCents = promo ? 0 : (shipped.shippingCents ?? 0);
    const taxed = promo
      ? { taxCents: 0, included: true }
      : await tax.quote({
          itemsCents,
          shippingCents,
          countryCode: address.countryCode,
          region: address.stateOrProvince,
        });
    const totalCents = itemsCents + shippingCents + (taxed.included ? 0 : taxed.taxCents);
    // A gift card does not buy another gift card (decision 099): the cards pay the rest of the total only.
    const giftCertificatesCents = view.giftCertificates.reduce((sum, gift) => sum + gift.amountCents, 0);
    const cardsMayPayCents = promo ? 0 : Math.max(0, totalCents - giftCertificatesCents);
    let instructions: string | undefined;
    let giftCardPayments: { id: number; ending: string; amountCents: number }[] = [];
    let orderId: number;
    try {
      orderId = await db.transaction(async (tx) => {
        const locked = await cart.lockForCheckout(tx, actor);
        if (!locked.ok) throw new Rejection({ ...locked, status: 404 });
        // What is locked must be what was priced: otherwise the shopper reviews the cart again.
        const same =
          locked.lines.length === view.lines.length &&
          locked.giftCertificateIds.length === view.giftCertificates.length &&
          locked.lines.every((line) =>
            view.lines.some((shown) => shown.id === line.id && shown.quantity === line.quantity),
          );
        if (!same) throw new Rejection({ ok: false, status: 409, message: CART_CHANGED });
        const taken = await takeStock(
          tx,
          locked.lines.map((line) => ({
            sku: line.sku,
            warehouse: line.warehouse,
            quantity: line.quantity,
          })),
        );
        if (!taken.ok) {
          const lineProblems = Object.fromEntries(
            locked.lines
              .filter((line) =>
                taken.short.some(
                  (short) => short.sku === line.sku && short.warehouse === warehouseOf(line.warehouse),
                ),
              )
              .map((line) => [line.id, overLimitMessage(0)]),
          );
          throw new Rejection({ ok: false, status: 409, message: overLimitMessage(0), lineProblems });
        }
        // Applied gift cards pay first, each by a guarded decrement: a card another order emptied refuses this one.
        const spent = deps.giftCards
          ? await deps.giftCards.spend(tx, view.id, cardsMayPayCents)
          : { ok: true as const, paidCents: 0, cards: [] };
        if (!spent.ok) throw new Rejection({ ok: false, status: 409, message: spent.message });
        // The cards must pay what the shopper reviewed (decision 114): a balance spent or restored elsewhere since
        // would change what the provider is asked for. Thrown here, the decrements and the stock roll back.
        if (spent.paidCents !== (input.reviewedGiftCardCents ?? 0)) {
          throw new Rejection({ ok: false, status: 409, message: GIFT_CARD_CODE_MESSAGES.balanceChanged });
        }
        giftCardPayments = spent.cards;
        // A promotional order has nothing to pay: no provider is asked.
        const paid = promo
          ? null
          : await payment.collect({
              amountCents: totalCents - spent.paidCents,
              currencyCode: view.currencyCode,
              email: input.email,
            });
        instructions = paid?.instructions;
        const id = await checkout.writeOrder(tx, {
          customerId: actor.customer?.id ?? null,
          cartId: view.id,
          status: paid?.status ?? ORDER_STATUS.approvalPending,
          email: input.email.trim().toLowerCase(),
          isPromoOrder: promo !== null,
          approverId: promo?.id ?? null,
          subtotalCents,
          discountCents,
          shippingCents,
          taxCents: taxed.taxCents,
          totalCents,
          paymentProvider: paid ? payment.id : null,
          taxIncluded: taxed.included,
          billingAddress: { ...input.address },
          idempotencyKey: input.idempotencyKey,
          lines: view.lines.map((line) => ({
            productId: line.productId,
            variantId: line.variantId,
            sku: line.sku,
            name: line.name,
            imageUrl: line.imageUrl,
            options: line.options,
            quantity: line.quantity,
            unitPriceCents: line.unitCents,
            warehouse: line.warehouse,
          })),
        });
        await deps.giftCards?.recordRedemptions(tx, id, spent.cards);
        await cart.issueGiftCertificates(tx, view.id, id, actor.customer?.id ?? null);
        await cart.removeCart(tx, view.id);
        return id;
      });
    } catch (error) {
      const earlier = await byKey(input.idempotencyKey);
      if (earlier && (error instanceof Rejection || isUniqueViolation(error))) {
        return { ok: true, order: earlier, replayed: true };
      }
      if (error instanceof Rejection) return error.result;
      throw error;
    }
    const order = await checkout.placed(orderId, {
      giftCards: view.giftCertificates,
      paymentInstructions: instructions,
      giftCardPayments: giftCardPayments.map(({ ending, amountCents }) => ({ ending, amountCents })),
    });
    if (view.giftCertificates.length > 0) deps.onGiftCardsIssued?.();
    return { ok: true, order, replayed: false };
  }

  return {
    placeOrder: (actor, input) => place(actor, input, null),

    async placePromoOrder(actor, input) {
      if (input.idempotencyKey) {
        const earlier = await checkout.byIdempotencyKey(input.idempotencyKey);
        if (earlier) return { ok: true, order: earlier, replayed: true };
      }
      if (!actor.customer) return { ok: false, status: 400, message: PROMO_MESSAGES.signIn };
      if (!(await checkout.isPromoUser(actor.customer.id))) {
        return { ok: false, status: 400, message: PROMO_MESSAGES.notPromoUser };
      }
      const approver = await checkout.approver(input.approverId);
      if (!approver) return { ok: false, status: 400, message: PROMO_MESSAGES.noApprover };
      const placed = await place(actor, input, approver);
      if (placed.ok && !placed.replayed) {
        await checkout.queueMail(placed.order.id, {
          to: approver.email,
          template: 'promo-order-approval',
          subject: deps.brand
            ? `${deps.brand}: promotional order #${placed.order.id} awaits your approval`
            : `Promotional order #${placed.order.id} awaits your approval`,
          text: [
            `${placed.order.email} placed promotional order #${placed.order.id}.`,
            '',
            ...orderLinesText(placed.order),
            '',
            // A link the approver's mail program can open: the store's origin (the request's) and the path.
            `Approve or reject it at ${input.origin ?? ''}${PROMO_APPROVALS_PATH}`,
          ].join('\n'),
        });
      }
      return placed;
    },
  };
}
