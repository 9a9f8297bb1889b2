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
