/** The cart service's types that callers need (re-exported by index.server.ts). */
import type { PriceListKey, ViewerCustomer } from '../viewer/public';

/** Who is acting on which cart: from the request's viewer. */
export type CartActor = {
  cartId: string | null;
  customer: ViewerCustomer | null;
  priceList: PriceListKey;
};

export type CartFailure = {
  ok: false;
  status: 400 | 404;
  message: string;
  /** The cart cookie names a cart this shopper cannot use: the route clears it (SPEC §4 "a cart 404"). */
  clearCookie: boolean;
};

export type CartSuccess = {
  ok: true;
  /** The cart acted on; differs from the actor's when a cart was created (the route sets the cookie). */
  cartId: string;
  created: boolean;
};

export type CartResult = CartSuccess | CartFailure;

export type AddLineInput = { variantId: number; quantity: number; productId?: number };
/** A gift card (SPEC §3 gift_certificates of the add payload): whole dollars, sent on a day. */
export type GiftCertificateInput = {
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  senderEmail: string;
  message?: string;
  amountDollars: number;
  sendOn: Date;
};
export type AddInput = {
  lineItems: readonly AddLineInput[];
  giftCertificates?: readonly GiftCertificateInput[];
  /** utm_* parameters of the visit, kept in the utm-parameters metafield. */
  utm?: Readonly<Record<string, string>>;
};

export type CartMetafield = { key: string; value: string; namespace: string; permissionSet: string };

/** What a line snapshots of its variant when it is written (CONVENTIONS 12): sku, name, options, prices. */
export type LineSnapshot = {
  productId: number;
  sku: string;
  name: string;
  imageUrl: string | null;
  /** Color and Size; the store adds the Warehouse option to a pro-stock line. */
  options: { name: string; value: string }[];
  listPriceCents: number | null;
  salePriceCents: number | null;
};

/** A line to write: a variant's units from one warehouse, and its snapshot. */
export type LineWrite = Omit<LineSnapshot, 'listPriceCents' | 'salePriceCents'> & {
  variantId: number;
  warehouse: string;
  quantity: number;
  listPriceCents: number;
  salePriceCents: number;
  createdAt?: Date;
};

/** A stored line as a workflow reads it inside its transaction. */
export type StoredLine = {
  id: string;
  variantId: number;
  sku: string;
  warehouse: string;
  quantity: number;
};

export type CheckoutLines = {
  ok: true;
  cartId: string;
  lines: StoredLine[];
  giftCertificateIds: string[];
};
