/**
 * The repairs context's browser-safe surface: the wizard's steps and their gating, statuses, the damage catalogue,
 * the questions list, photo rules, the shapes the service accepts and its messages (SPEC §8).
 */
// Named, not `export *`: the browser build sends an import of these names straight to status.ts (vite.config.ts
// `directPublicImports`), so the repair entry's labels do not bring the zod schemas below with them (decision 110).
export {
  isStaffStatus,
  MAX_QUOTE_CENTS,
  PAYMENT_LABELS,
  parseQuote,
  paymentState,
  redirectForStep,
  REPAIR_STATUSES,
  repairPaymentPath,
  STAFF_STATUSES,
  STATUS_LABELS,
  WIZARD_PATHS,
  wizardSteps,
  type DraftProgress,
  type PaymentState,
  type RepairStatus,
  type WizardStep,
  type WizardStepId,
} from './status';
export * from './damage-catalogue';
export * from './messages';
export {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_DAMAGE,
  PHOTO_EXTENSIONS,
  PHOTO_TYPES,
  type PhotoType,
} from './photos';
export {
  addressSchema,
  customerInfoSchema,
  damageInputSchema,
  userInfoSchema,
  type CustomerInfo,
  type RepairUserInfo,
  type ReturnAddress,
} from './validation';
export type {
  RepairDamage,
  RepairDetail,
  RepairPhoto,
  RepairProduct,
  RepairReason,
  RepairSummary,
  SignedUpload,
} from './types';
