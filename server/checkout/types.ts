/** An order as the confirmation and the account's order history show it. */
export type OrderView = {
  id: number;
  status: string;
  isPromoOrder: boolean;
  email: string;
  createdTime: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** The payment provider asked for the total (decision 069); null when nothing is to pay. */
  paymentProvider: string | null;
  /** Tax is part of the prices (SPEC §9): `taxCents` was not added to the total. */
  taxIncluded: boolean;
  /** When the payment was recorded; null while nothing is paid (decision 092). */
  paidAt: string | null;
  /** What was refunded so far. */
  refundedCents: number;
  /** The carrier and its tracking number, once shipped. */
  carrier: string | null;
  trackingNumber: string | null;
  /** When the status last changed. */
  statusChangedAt: string;
  lines: {
    sku: string;
    name: string;
    options: { name: string; value: string }[];
    quantity: number;
    unitCents: number;
  }[];
};

/** A promotional order as its approver sees it: the order and where it ships. */
export type PromoOrderView = OrderView & { shipTo: Record<string, string> };

/** An approval user of promotional orders (decision 045), as the customers context answers. */
export type PromoApprover = { id: number; firstName: string; lastName: string; email: string };

/** One page of approval users. */
export type ApproverPage = {
  approvers: PromoApprover[];
  page: number;
  limit: number;
  total: number;
};
