/**
 * Which colourway a product card shows (issue 9 §4, decision 059). Pure.
 *
 * Without a colour filter a card shows the product's default colour, as it always has. Under a colour filter
 * (`?color=…`, one or more colour or pattern slugs, OR'ed) it shows the first of the product's colours that the
 * filter names, "first" in the product's own order, whatever the order of the filter's values in the URL:
 * 1. the default colour, when the filter names it (the card then looks as it does unfiltered);
 * 2. otherwise the first match in the order the card lists its swatches (camouflage patterns first, then the
 *    colour option's order; `toColorSwatches`).
 * A product the filter names none of the colours of (it is listed for another reason) shows its default.
 *
 * The card then takes everything colour-dependent from that colourway: image, link, the colour-limited badges
 * ("New Color", a limited "Exclusive") and the swatch marked as shown.
 */
import { defaultColor } from './colors';
import { colorSlugMatches } from './slug';
import type { ColorSwatch } from './types';

export type CardColor = {
  /** The colour the card shows; undefined for a product without colours. */
  color: ColorSwatch | undefined;
  /** The colour is one the colour filter names (the card marks its swatch as the one shown). */
  matchesFilter: boolean;
};

/**
 * The colour a card shows, from the product's swatches (in card order: `toColorSwatches`) and the colour filter's
 * values (URL slugs, any case; empty: no colour filter).
 */
export function cardColor(colors: readonly ColorSwatch[], colorFilter: readonly string[]): CardColor {
  const fallback = defaultColor(colors);
  const named = (color: ColorSwatch) => colorFilter.some((slug) => colorSlugMatches(color.label, slug));
  if (colorFilter.length === 0) return { color: fallback, matchesFilter: false };
  if (fallback && named(fallback)) return { color: fallback, matchesFilter: true };
  const match = colors.find(named);
  return match ? { color: match, matchesFilter: true } : { color: fallback, matchesFilter: false };
}
