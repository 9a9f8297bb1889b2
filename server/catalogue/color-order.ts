/**
 * Dated colour-order rules (SPEC §9: "Before a fixed date in late 2023, the Icon Pullover Hoody lists the
 * Sitka Black Blaze Orange color first"), as data in merchandising_rules rather than a branch in code:
 * `{ kind: 'color-order', productId, startsAt, endsAt, payload: { first: [colour codes or labels] } }`.
 * A rule applies while `now` is within [startsAt, endsAt); an empty side is open. Pure.
 */
import type { ColorSwatch } from './types';

export const COLOR_ORDER_RULE = 'color-order';

export type MerchandisingRule = {
  kind: string;
  productId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  payload: Record<string, unknown>;
};

export function isRuleActive(rule: Pick<MerchandisingRule, 'startsAt' | 'endsAt'>, now: Date): boolean {
  const time = now.getTime();
  if (rule.startsAt && time < rule.startsAt.getTime()) return false;
  if (rule.endsAt && time >= rule.endsAt.getTime()) return false;
  return true;
}

/** The colours a rule's payload puts first, in its order; a payload without a list of strings names none. */
function firstOf(payload: Record<string, unknown>): string[] {
  const first = payload.first;
  if (!Array.isArray(first)) return [];
  return first
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim().toUpperCase());
}

/**
 * The product's colours in display order: the active colour-order rules for the product move the colours
 * they name (by SKU colour code or by label/slug, any case) to the front in the rule's order; the rest keep
 * their order. `codeOf` gives a colour's SKU colour code, when known.
 */
export function applyColorOrder(
  colors: readonly ColorSwatch[],
  codeOf: (color: ColorSwatch) => string | null,
  rules: readonly MerchandisingRule[],
  productId: number,
  now: Date,
): ColorSwatch[] {
  const names = rules
    .filter(
      (rule) => rule.kind === COLOR_ORDER_RULE && rule.productId === productId && isRuleActive(rule, now),
    )
    .flatMap((rule) => firstOf(rule.payload));
  if (names.length === 0) return [...colors];
  const rank = (color: ColorSwatch) => {
    const keys = [codeOf(color), color.label, color.slug].filter((key): key is string => key !== null);
    const found = names.findIndex((name) => keys.some((key) => key.toUpperCase() === name));
    return found === -1 ? names.length : found;
  };
  return colors
    .map((color, position) => ({ color, position, rank: rank(color) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position)
    .map(({ color }) => color);
}
