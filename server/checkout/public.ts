/** The checkout context's browser-safe surface: the address lists and rules of the embedded checkout's form. */
export { checkPostalAddress, postalAddressShape } from './address-schema';
export { COUNTRIES, DEFAULT_COUNTRY, isPostalCodeOf, isRegionOf, REGIONS, type CountryCode } from './regions';
export type { OrderView } from './types';
export { ORDER_STATUS, PROMO_APPROVALS_PATH, PROMO_MESSAGES, PROMO_ORDER_PATH } from './promo';
export {
  ACTION_LABELS,
  decide,
  DESK_STATUS_LABELS,
  isOrderStatus,
  ORDER_STATUSES,
  orderStatusWords,
  type OrderAction,
  type OrderStatus,
} from './lifecycle';
