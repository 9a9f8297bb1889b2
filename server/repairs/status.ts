/**
 * A repair's life (SPEC §4 "Repair"): a draft is created, updated and cleared, then submitted; the repair desk
 * then moves it through received, quoted, in repair and shipped. And the wizard's three steps (SPEC §2), of which
 * the second and third are reachable only once the steps before them are complete. Pure; browser-safe.
 */

export type RepairStatus = 'draft' | 'submitted' | 'received' | 'quoted' | 'in_repair' | 'shipped';

export const REPAIR_STATUSES: readonly RepairStatus[] = [
  'draft',
  'submitted',
  'received',
  'quoted',
  'in_repair',
  'shipped',
];

/** The statuses staff move a submitted repair to. */
export const STAFF_STATUSES: readonly RepairStatus[] = ['received', 'quoted', 'in_repair', 'shipped'];

export const STATUS_LABELS: Record<RepairStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  received: 'Received',
  quoted: 'Quoted',
  in_repair: 'In repair',
  shipped: 'Shipped',
};

export function isStaffStatus(value: unknown): value is RepairStatus {
  return typeof value === 'string' && (STAFF_STATUSES as readonly string[]).includes(value);
}

export type WizardStepId = 'product' | 'damage' | 'summary';

export type WizardStep = {
  id: WizardStepId;
  number: 1 | 2 | 3;
  title: string;
  subtitle: string;
  path: string;
  /** Reachable: every step before it is complete. */
  enabled: boolean;
  complete: boolean;
};

export const WIZARD_PATHS: Record<WizardStepId, string> = {
  product: '/warranties/repair/order-history',
  damage: '/warranties/repair/damage',
  summary: '/warranties/repair/summary',
};

/** What of the draft decides which steps are complete. */
export type DraftProgress = { hasProduct: boolean; damageCount: number } | null;

/** The three steps for this draft (or none): step 2 needs a product, step 3 a product and at least one damage. */
export function wizardSteps(draft: DraftProgress): WizardStep[] {
  const productDone = Boolean(draft?.hasProduct);
  const damageDone = productDone && (draft?.damageCount ?? 0) > 0;
  return [
    {
      id: 'product',
      number: 1,
      title: 'Product',
      subtitle: 'Tell us about your Product',
      path: WIZARD_PATHS.product,
      enabled: true,
      complete: productDone,
    },
    {
      id: 'damage',
      number: 2,
      title: 'Damage',
      subtitle: 'Detail the Damage',
      path: WIZARD_PATHS.damage,
      enabled: productDone,
      complete: damageDone,
    },
    {
      id: 'summary',
      number: 3,
      title: 'Summary',
      subtitle: 'Review your Repair',
      path: WIZARD_PATHS.summary,
      enabled: damageDone,
      complete: false,
    },
  ];
}

/** Where a shopper asking for `step` is sent instead when it is not reachable yet: the first incomplete step. */
export function redirectForStep(step: WizardStepId, draft: DraftProgress): string | null {
  const steps = wizardSteps(draft);
  if (steps.find((candidate) => candidate.id === step)?.enabled) return null;
  return steps.find((candidate) => candidate.enabled && !candidate.complete)?.path ?? WIZARD_PATHS.product;
}

// --- Paid repairs (issue 13 §6) ------------------------------------------------------------------------------

/**
 * Where a repair stands with money: `none` before the repair desk quotes it, `covered` when the quote is 0 (the
 * warranty covers it), `due` when a quote is to be paid, `paid` once the order that pays it is placed.
 */
export type PaymentState = 'none' | 'covered' | 'due' | 'paid';

export function paymentState(repair: { quoteCents: number | null; paid: boolean }): PaymentState {
  if (repair.paid) return 'paid';
  if (repair.quoteCents === null) return 'none';
  return repair.quoteCents === 0 ? 'covered' : 'due';
}

export const PAYMENT_LABELS: Record<PaymentState, string> = {
  none: 'No quote yet',
  covered: 'Covered by the warranty',
  due: 'Payment due',
  paid: 'Paid',
};

/**
 * SPEC §2/§7: the embedded checkout's repair payment path (what `getcheckoutpaymenturl` answers). Sign-in on a path
 * containing `repaircheckoutpayment` closes the drawer and stays on the page (server/identity/redirect-rules.ts).
 */
export const repairPaymentPath = (repairId: number) => `/checkout/repaircheckoutpayment/${repairId}`;

/** The largest quote the repair desk can send, in cents. */
export const MAX_QUOTE_CENTS = 2_000_00;

/**
 * The repair desk's quote typed in dollars ("45", "45.5", "45.50", "$1,045.00") in cents; null when it is not an
 * amount between 0 and the maximum with at most two decimals. 0 means the warranty covers the repair.
 */
export function parseQuote(input: unknown): number | null {
  if (typeof input !== 'string') return null;
  const text = input
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_QUOTE_CENTS ? cents : null;
}
