/**
 * SPEC §9: warehouse modifier 03 is pro stock (pro-priced, drawn from `pro_quantity`), 02 standard stock (drawn from
 * `standard_quantity`). The one spelling of both: cart lines, order lines and the stock they take name a warehouse
 * by these values. Browser-safe (re-exported by `public.ts`).
 */
export const PRO_WAREHOUSE = '03';
export const STANDARD_WAREHOUSE = '02';
export type Warehouse = typeof PRO_WAREHOUSE | typeof STANDARD_WAREHOUSE;

/** A stored warehouse value as stock knows it: pro stock, or standard for anything else. */
export const warehouseOf = (value: string): Warehouse =>
  value === PRO_WAREHOUSE ? PRO_WAREHOUSE : STANDARD_WAREHOUSE;
