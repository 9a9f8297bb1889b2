/** The viewer's browser-safe surface: its type and the price-list keys. */
export type { PersonalState, PriceListKey, Viewer, ViewerCustomer, ViewerFlags } from './viewer';
export { getsSharedPages, hasPersonalState, isPriceListKey, RETAIL } from './viewer';
