/** The viewer's browser-safe surface: its type, the price-list keys, who counts as pro and the query flags' rule. */
export type { PersonalState, PriceListKey, Viewer, ViewerCustomer, ViewerFlags } from './viewer';
export { getsSharedPages, hasPersonalState, isPriceListKey, isProCustomer, RETAIL } from './viewer';
export { CART_PANEL_FLAG, queryFlagIsOn } from './query-flags';
