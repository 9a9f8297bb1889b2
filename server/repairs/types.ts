/**
 * The shapes the repairs context answers (SPEC §7 repair admin calls, issue 13 §6 payment), and the two it needs
 * from other contexts, given to its factory as functions (a customer's bought products, the account's prefill).
 */
import type { PhotoType } from './photos';
import type { PaymentState, RepairStatus } from './status';
import type { RepairUserInfo } from './validation';

export type RepairProduct = {
  source: 'order' | 'described';
  order_id: number | null;
  order_line_id: number | null;
  product_id: number | null;
  sku: string;
  name: string;
  image_url: string | null;
  color: string;
  size: string;
  description: string;
};

export type RepairPhoto = {
  id: number;
  damage_id: number | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  url: string;
};

export type RepairDamage = {
  id: number;
  issue_id: number;
  specific_issue_id: number | null;
  location_id: number | null;
  label: string;
  description: string;
  photos: RepairPhoto[];
};

/** One entry of the reason-for-request list (SPEC §7 `GET /api/reason-for-request`). */
export type RepairReason = {
  id: number;
  /** What a repair names (`reason_for_request`). */
  code: string;
  name: string;
  /** Whether the warranty covers a repair for this reason (its quote is $0). */
  covered: boolean;
};

/** A repair's quote and payment (issue 13 §6). */
export type RepairPayment = {
  quote_cents: number | null;
  payment: PaymentState;
  payment_order_id: number | null;
  paid_at: string | null;
  /** Where the quote is paid (SPEC §7 `getcheckoutpaymenturl`), while payment is due. */
  payment_url: string | null;
};

export type RepairDetail = {
  id: number;
  customer_id: number;
  status: RepairStatus;
  /** The code of the reason for the request (the reason-for-request list), or null when none was given. */
  reason_for_request: string | null;
  /** That reason (null when none was given, or a code the list no longer has). */
  reason: RepairReason | null;
  product: RepairProduct;
  customer: Partial<RepairUserInfo>;
  damages: RepairDamage[];
  questions: { question_id: number; answer: string }[];
  /** Photos not tied to a damage. */
  files: RepairPhoto[];
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
} & RepairPayment;

export type RepairSummary = {
  id: number;
  status: RepairStatus;
  product_name: string;
  damage_count: number;
  created_at: string;
  submitted_at: string | null;
} & RepairPayment;

export type SignedUpload = {
  url: string;
  fields: { key: string; content_type: PhotoType; expires: string; signature: string };
};

/** A product the customer bought (the checkout's order history), as step 1 of the wizard offers it. */
export type OrderedProduct = {
  orderId: number;
  orderLineId: number;
  productId: number;
  sku: string;
  name: string;
  imageUrl: string | null;
  options: { name: string; value: string }[];
  orderedAt: Date;
};

/** SPEC §3 repair userInfo prefill: what the account knows of the customer's contact details and address. */
export type RepairUserInfoPrefill = Partial<Record<keyof RepairUserInfo, string>>;

/** A photo's bytes and type, to serve as an image. */
export type PhotoFile = { bytes: Uint8Array; contentType: string };

/** The URL a customer's photo is served from (the repair API, owner only). */
export const photoUrl = (fileId: number) => `/api/repair-admin/repairFile/${fileId}`;
