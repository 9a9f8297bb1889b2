/** An order as the confirmation and the account's order history show it. */
export type OrderView = {
  id: number;
  status: string;
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
