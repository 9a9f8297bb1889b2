/**
 * The cart's pure rules (SPEC §5, §6, §9): the quantity range of a line, the pro split of an add, and the
 * inventory check of checkout. Table-tested in rules.test.ts; the service (index.server.ts) applies them inside
 * its transactions.
 */

/** SPEC §9: 1 to 10 per line. */
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 10;

/** SPEC §9 channel_id 1. */
export const CHANNEL_ID = 1;

/** SPEC §9 warehouses: the inventory context's one spelling. */
import { PRO_WAREHOUSE, STANDARD_WAREHOUSE } from '../inventory/public';
import { isProCustomer } from '../viewer/public';
export { PRO_WAREHOUSE, STANDARD_WAREHOUSE, type Warehouse } from '../inventory/public';

/** SPEC §5/§6: pro-app and shed-app customers buy from pro stock (the viewer's one rule of who counts as pro). */
export const buysFromProStock = (
  customer: { flags: { proUser: boolean; shedUser: boolean } } | null | undefined,
): boolean => customer != null && isProCustomer(customer.flags);

/** SPEC §6: waders and products excluded from the pro discount are sold from standard stock only. */
export const proEligible = (item: { excludeProDiscount: boolean; productType: string | null }): boolean =>
  !item.excludeProDiscount && item.productType !== 'wader';

/**
 * SPEC §5: what a quantity change does to a line. 0 or below removes it; above 10 keeps 10.
 * Non-integers are refused by the form's schema before they get here (truncated if they do).
 */
export function quantityChange(requested: number): { kind: 'remove' } | { kind: 'set'; quantity: number } {
  const whole = Math.trunc(Number.isFinite(requested) ? requested : 0);
  if (whole < MIN_LINE_QUANTITY) return { kind: 'remove' };
  return { kind: 'set', quantity: Math.min(MAX_LINE_QUANTITY, whole) };
}

/** A line's quantity after adding `added` units to `existing` (0 for a new line): at most 10. */
export function quantityAfterAdd(existing: number, added: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(0, existing) + Math.max(0, added));
}

/**
 * SPEC §5/§6 pro split: for pro-app and shed-app customers, the units of an add come from pro stock (priced at
 * the group discount, option value "03") as far as the warehouse's pro quantity goes, counting the pro units of
 * this variant already in the cart; the excess is added as a standard item. Products without the pro discount
 * (waders, `exclude_pro_discount`) and every other shopper take standard stock only.
 */
export function proSplit(input: {
  requested: number;
  proCustomer: boolean;
  proEligible: boolean;
  proQuantity: number;
  proAlreadyInCart: number;
}): { pro: number; standard: number } {
  const requested = Math.max(0, Math.trunc(input.requested));
  if (!input.proCustomer || !input.proEligible) return { pro: 0, standard: requested };
  const proLeft = Math.max(0, input.proQuantity - Math.max(0, input.proAlreadyInCart));
  const pro = Math.min(requested, proLeft);
  return { pro, standard: requested - pro };
}

export type StockRecord = { standardQuantity: number; proQuantity: number };
export type CheckedLine = { id: string; sku: string; warehouse: string; quantity: number };

/**
 * SPEC §5 inventory check, per sku: standard_quantity limits standard items, pro_quantity limits items with
 * option value "03", and the demand of lines of the same sku and warehouse is summed. Returns, for each line
 * over its limit, the units available to that sku and warehouse (every line of an over-limit group gets it).
 * A sku without a record has nothing available.
 */
export function overLimitLines(
  lines: readonly CheckedLine[],
  stock: ReadonlyMap<string, StockRecord>,
): Map<string, number> {
  const key = (line: CheckedLine) => `${line.sku.toUpperCase()}\u0000${line.warehouse}`;
  const demand = new Map<string, number>();
  for (const line of lines) demand.set(key(line), (demand.get(key(line)) ?? 0) + line.quantity);
  const problems = new Map<string, number>();
  for (const line of lines) {
    const record = stock.get(line.sku.toUpperCase());
    const available =
      record === undefined
        ? 0
        : line.warehouse === PRO_WAREHOUSE
          ? record.proQuantity
          : record.standardQuantity;
    if ((demand.get(key(line)) ?? 0) > available) problems.set(line.id, Math.max(0, available));
  }
  return problems;
}

/** A cart line as the merge at sign-in sees it: units of a variant from one warehouse. */
export type MergeLine = { variantId: number; warehouse: string; quantity: number };

/** For a pro-app or shed-app customer, a variant's pro stock and whether the pro discount applies to it. */
export type ProStockOf = (variantId: number) => { eligible: boolean; proQuantity: number } | null;

/**
 * Sign-in (issue 10 §3, issue 11 §4): the anonymous cart's lines merged into the customer's. Lines of one variant
 * add up, at most 10 per line (SPEC §9); the incoming units are split afresh for the customer as an add would
 * split them (`proSplit`, counting the pro units the customer's cart holds already), so a pro customer's units come
 * from pro stock as far as it goes and anyone else's from standard stock. The customer's lines come first, in
 * their order, then new lines in the order they first came in.
 */
export function mergeCartLines(input: {
  target: readonly MergeLine[];
  incoming: readonly MergeLine[];
  /** Null for a shopper without pro pricing. */
  proStockOf: ProStockOf;
}): MergeLine[] {
  const key = (variantId: number, warehouse: string) => `${variantId}\u0000${warehouse}`;
  const merged = new Map<string, MergeLine>();
  const put = (variantId: number, warehouse: string, units: number) => {
    if (units <= 0) return;
    const found = merged.get(key(variantId, warehouse));
    const quantity = quantityAfterAdd(found?.quantity ?? 0, units);
    merged.set(key(variantId, warehouse), { variantId, warehouse, quantity });
  };
  for (const line of input.target) put(line.variantId, line.warehouse, line.quantity);

  const incomingUnits = new Map<number, number>();
  for (const line of input.incoming) {
    incomingUnits.set(line.variantId, (incomingUnits.get(line.variantId) ?? 0) + Math.max(0, line.quantity));
  }
  for (const [variantId, units] of incomingUnits) {
    const pro = input.proStockOf(variantId);
    const split = proSplit({
      requested: units,
      proCustomer: pro !== null,
      proEligible: pro?.eligible ?? false,
      proQuantity: pro?.proQuantity ?? 0,
      proAlreadyInCart: merged.get(key(variantId, PRO_WAREHOUSE))?.quantity ?? 0,
    });
    put(variantId, PRO_WAREHOUSE, split.pro);
    put(variantId, STANDARD_WAREHOUSE, split.standard);
  }
  return [...merged.values()];
}
