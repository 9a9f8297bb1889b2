/**
 * Price lists (ARCHITECTURE "what they pay"): a small closed set derived from the customer groups, so catalogue
 * pages are rendered and cached once per list. `retail` for everyone outside a group with a discount; `g{id}` for
 * group pricing (rule 4 of price-rules.ts); `p{id}` for pro pricing (rule 3: pro-app and shed-app customers, whose
 * flags say so, in group `id`). Pure.
 */
import type { PriceListKey } from '../viewer/public';
import { RETAIL_PRICE_LIST, type PriceList } from './price-rules';

export type GroupForPricing = {
  id: number;
  name: string;
  /** `percent` is the one method the store applies; anything else gives no group discount. */
  discountMethod: string | null;
  discountAmount: number;
};

const groupPercent = (group: GroupForPricing) =>
  group.discountMethod === 'percent' && group.discountAmount > 0 && group.discountAmount < 100
    ? group.discountAmount
    : 0;

/**
 * The price list of a customer: pro pricing for pro-app/shed-app customers in a group, group pricing for other
 * members of a group with a discount method, retail otherwise.
 */
export function priceListKeyFor(group: GroupForPricing | null, options: { pro: boolean }): PriceListKey {
  if (!group) return 'retail';
  if (options.pro) return `p${group.id}` as PriceListKey;
  return group.discountMethod === null ? 'retail' : (`g${group.id}` as PriceListKey);
}

/** The price list a key names, from the store's groups; an unknown key (a group since removed) is retail. */
export function priceListFor(key: PriceListKey, groups: readonly GroupForPricing[]): PriceList {
  const match = /^([gp])(\d+)$/.exec(key);
  if (!match) return RETAIL_PRICE_LIST;
  const group = groups.find((candidate) => candidate.id === Number(match[2]));
  if (!group) return RETAIL_PRICE_LIST;
  return {
    key,
    kind: match[1] === 'p' ? 'pro' : 'group',
    groupId: group.id,
    groupName: group.name,
    groupPercent: groupPercent(group),
  };
}

/** Every price list the groups give rise to (retail first), e.g. for warming caches or the parity test. */
export function allPriceLists(groups: readonly GroupForPricing[]): PriceList[] {
  return [
    RETAIL_PRICE_LIST,
    ...groups.flatMap((group) => [
      ...(group.discountMethod === null ? [] : [priceListFor(`g${group.id}` as PriceListKey, groups)]),
      priceListFor(`p${group.id}` as PriceListKey, groups),
    ]),
  ];
}
