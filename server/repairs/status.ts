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

export function isRepairStatus(value: unknown): value is RepairStatus {
  return typeof value === 'string' && (REPAIR_STATUSES as readonly string[]).includes(value);
}

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
