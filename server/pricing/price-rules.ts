/**
 * Every price rule of SPEC §6 and §9, in one place (issue 7 §2): what a viewer pays for an item, given the item's
 * list and sale prices and the viewer's price list. Pure; the catalogue stores per-price-list prices computed by
 * `priceFor` (so the SQL that sorts and filters by price reads this very rule), components show them, and the cart
 * prices its lines with it. docs/decisions/021-viewer-price-lists-and-shared-pages.md explains the choices.
 *
 * The rules:
 * 1. A sale price counts only when it is above zero and below the list price (the commerce backend stores 0 for
 *    "no sale price").
 * 2. Retail viewers pay the sale price, or the list price.
 * 3. Pro pricing (pro-app and shed-app customers, SPEC §6): the group's discount off the list price, unless the
 *    product is a wader or flagged `exclude_pro_discount`; a per-product percentage for the group
 *    (`product_discount*` custom fields) wins when larger.
 * 4. Group pricing (other discounted groups: GovX, discount groups): a group discount applies only to products whose
 *    `product_discount*` fields name the group, at the larger of the group's and the product's percentage.
 * 5. The viewer pays the lowest of the prices that apply; the list price is struck through whenever they pay less.
 * 6. Prices are whole cents, rounded half up.
 */
import type { PriceListKey } from '../viewer/public';

export type PricingKind = 'retail' | 'pro' | 'group';

/** One price list: who it is for and the discount it gives. */
export type PriceList = {
  key: PriceListKey;
  kind: PricingKind;
  /** The customer group the list belongs to (the name `product_discount*` fields are keyed by). */
  groupId: number | null;
  groupName: string | null;
  /** The group's percentage discount (0 for retail). */
  groupPercent: number;
};

export const RETAIL_PRICE_LIST: PriceList = {
  key: 'retail',
  kind: 'retail',
  groupId: null,
  groupName: null,
  groupPercent: 0,
};

/** What pricing needs to know of a product (or of a variant, with its own list and sale price). */
export type PricedItem = {
  listCents: number | null;
  saleCents: number | null;
  productType: string;
  excludeProDiscount: boolean;
  /** `product_discount*` fields merged: customer group name → percentage. */
  groupPercents: Readonly<Record<string, number>>;
};

export type PriceSource = 'list' | 'sale' | 'group';

/** What the viewer pays for one unit, and what to strike through. */
export type ViewerPrice = {
  /** Null when the item has no price (shown as "$ -"). */
  currentCents: number | null;
  /** The list price, when the viewer pays less than it; else null. */
  compareAtCents: number | null;
  /** Percent off the list price, unrounded, when compareAtCents is set. */
  percentOff: number | null;
  source: PriceSource;
};

/** SPEC §6: product types that never get the pro discount. */
export const NO_PRO_DISCOUNT_TYPES: readonly string[] = ['wader'];

const isPercent = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value < 100;

/** A percentage in hundredths (basis points), the unit the SQL twin of these rules computes in. */
export const basisPoints = (percent: number): number => Math.round(percent * 100);

/** The list price less `percent`, in whole cents, rounded half up in integer arithmetic (as `price-sql.ts`). */
export function discounted(listCents: number, percent: number): number {
  return Math.floor((listCents * (10_000 - basisPoints(percent)) + 5_000) / 10_000);
}

/** Rule 1: the sale price when it is a real one. */
function effectiveSale(listCents: number, saleCents: number | null): number | null {
  return saleCents !== null && Number.isFinite(saleCents) && saleCents > 0 && saleCents < listCents
    ? saleCents
    : null;
}

/** Whether an item takes the pro discount at all (SPEC §6: not waders, not `exclude_pro_discount`). */
export function proDiscountEligible(item: Pick<PricedItem, 'productType' | 'excludeProDiscount'>): boolean {
  return !item.excludeProDiscount && !NO_PRO_DISCOUNT_TYPES.includes(item.productType);
}

/**
 * Whether a viewer on `list` may buy this item from pro stock (SPEC §5, §6): pro-app and shed-app customers (the
 * only ones with a pro price list) on items that take the pro discount; the cart splits only their lines.
 */
export function takesProStock(
  list: PriceList,
  item: Pick<PricedItem, 'productType' | 'excludeProDiscount'>,
): boolean {
  return list.kind === 'pro' && proDiscountEligible(item);
}

/** Rules 3 and 4: the percentage this price list takes off this item, or 0. */
function groupPercentFor(list: PriceList, item: PricedItem): number {
  if (list.kind === 'retail' || list.groupName === null) return 0;
  const perProduct = item.groupPercents[list.groupName];
  const productPercent = isPercent(perProduct) ? perProduct : 0;
  const groupPercent = isPercent(list.groupPercent) ? list.groupPercent : 0;
  if (list.kind === 'pro') {
    return proDiscountEligible(item) ? Math.max(groupPercent, productPercent) : 0;
  }
  return productPercent > 0 ? Math.max(groupPercent, productPercent) : 0;
}

/** What a viewer on `list` pays for one unit of `item` (rules 1–6). */
export function priceFor(list: PriceList, item: PricedItem): ViewerPrice {
  const listCents = item.listCents;
  if (listCents === null || !Number.isFinite(listCents) || listCents < 0) {
    return { currentCents: null, compareAtCents: null, percentOff: null, source: 'list' };
  }
  let currentCents = listCents;
  let source: PriceSource = 'list';
  const sale = effectiveSale(listCents, item.saleCents);
  if (sale !== null) {
    currentCents = sale;
    source = 'sale';
  }
  const percent = groupPercentFor(list, item);
  if (percent > 0) {
    const group = discounted(listCents, percent);
    if (group < currentCents) {
      currentCents = group;
      source = 'group';
    }
  }
  if (currentCents >= listCents || listCents === 0) {
    return { currentCents: listCents, compareAtCents: null, percentOff: null, source: 'list' };
  }
  return {
    currentCents,
    compareAtCents: listCents,
    percentOff: ((listCents - currentCents) / listCents) * 100,
    source,
  };
}

/** SPEC §9: a discount under 25 percent shows "Sale"; otherwise the rounded percent as "N% OFF". */
export const SALE_PERCENT_BADGE_FROM = 25;

/**
 * The badge that announces a store sale, from the price the viewer actually pays: only when that price is a sale
 * price (a group or pro price is shown by its struck-through list price, not as a sale). Null otherwise.
 */
export function saleBadgeFor(price: ViewerPrice): string | null {
  if (price.source !== 'sale' || price.percentOff === null) return null;
  return price.percentOff < SALE_PERCENT_BADGE_FROM ? 'Sale' : `${Math.round(price.percentOff)}% OFF`;
}

/* ─────────────── product fields ─────────────── */

/**
 * The pricing inputs of a product's custom fields: `exclude_pro_discount` and every `product_discount*` field
 * (JSON: group name → percentage; later fields override earlier ones for the same group). Malformed JSON and
 * values that are not percentages are ignored.
 */
export function pricingFields(fields: Readonly<Record<string, string | undefined>>): {
  excludeProDiscount: boolean;
  groupPercents: Record<string, number>;
} {
  const groupPercents: Record<string, number> = {};
  for (const name of Object.keys(fields).sort()) {
    if (!name.startsWith('product_discount')) continue;
    try {
      const parsed: unknown = JSON.parse(fields[name] ?? '');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) continue;
      for (const [group, percent] of Object.entries(parsed as Record<string, unknown>)) {
        if (isPercent(percent)) groupPercents[group] = percent;
      }
    } catch {
      // not JSON: no discount from this field
    }
  }
  return {
    excludeProDiscount: (fields.exclude_pro_discount ?? '').trim().toLowerCase() === 'true',
    groupPercents,
  };
}

/* ─────────────── bulk pricing ─────────────── */

export type BulkRule = {
  quantityMin: number;
  quantityMax: number | null;
  /** percent (amount in hundredths of a percent) | fixed (cents off each unit) | price (unit price in cents) */
  type: string;
  amount: number;
};

/**
 * SPEC §3 bulk_pricing_rules: the unit price for `quantity` units after the first matching rule (lowest minimum
 * first). A rule never raises the price and never takes it below zero; an unknown rule type is ignored.
 */
export function bulkUnitPrice(unitCents: number, quantity: number, rules: readonly BulkRule[]): number {
  const rule = [...rules]
    .sort((a, b) => a.quantityMin - b.quantityMin)
    .find(
      (candidate) =>
        quantity >= candidate.quantityMin &&
        (candidate.quantityMax === null || quantity <= candidate.quantityMax),
    );
  if (!rule) return unitCents;
  let price = unitCents;
  if (rule.type === 'percent') price = Math.round((unitCents * (10_000 - rule.amount)) / 10_000);
  else if (rule.type === 'fixed') price = unitCents - rule.amount;
  else if (rule.type === 'price') price = rule.amount;
  return Math.max(0, Math.min(unitCents, price));
}

/* ─────────────── cart lines ─────────────── */

export type CartLinePrice = {
  /** What one unit of the line costs the viewer, after bulk pricing; null when the item has no price. */
  unitCents: number | null;
  /** The list price, when the viewer pays less than it; else null. */
  compareAtCents: number | null;
  /** The line carries the pro discount (a pro-stock line whose price is below list): "Pro Discount Applied". */
  proDiscountApplied: boolean;
};

/**
 * What a cart line costs (SPEC §6 pro split, bulk pricing): a pro price list prices only the pro-stock portion of a
 * line (`proStock`, option value "03") at its discount; the standard-stock portion of a pro customer's cart costs
 * what a retail shopper pays. Other price lists price every line as `priceFor` does. Bulk pricing rules then apply
 * to that unit price for the line's quantity (they never raise it).
 */
export function cartLinePrice(
  list: PriceList,
  item: PricedItem,
  line: { quantity: number; proStock: boolean; bulkRules?: readonly BulkRule[] },
): CartLinePrice {
  const applicable = list.kind === 'pro' && !line.proStock ? RETAIL_PRICE_LIST : list;
  const price = priceFor(applicable, item);
  if (price.currentCents === null)
    return { unitCents: null, compareAtCents: null, proDiscountApplied: false };
  const unitCents = bulkUnitPrice(price.currentCents, line.quantity, line.bulkRules ?? []);
  const listCents = item.listCents ?? unitCents;
  return {
    unitCents,
    compareAtCents: unitCents < listCents ? listCents : null,
    proDiscountApplied: list.kind === 'pro' && line.proStock && price.source === 'group',
  };
}
