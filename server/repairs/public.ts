/**
 * The repairs context's browser-safe surface: the wizard's steps and their gating, statuses, the damage catalogue,
 * the questions list, photo rules, the shapes the service accepts and its messages (SPEC §8).
 */
export * from './status';
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
