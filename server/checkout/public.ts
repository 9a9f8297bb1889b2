/** The checkout context's browser-safe surface: the address lists and rules of the embedded checkout's form. */
export { COUNTRIES, DEFAULT_COUNTRY, isPostalCodeOf, isRegionOf, REGIONS, type CountryCode } from './regions';
export type { OrderView } from './types';
