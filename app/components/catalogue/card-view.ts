/**
 * What a product card shows, and only that (issue 7 §4, decision 049): the catalogue's `ProductCard` carries
 * what other readers need (the product's URL slug, every colour with its slug, page and flags, the price's
 * badge), and each field a card does not show is serialised into the page's data, sent and parsed for nothing.
 * Listing and product loaders send `cardView(card)`; anything else that holds a full `ProductCard` can pass it to a
 * card as it is (it has every field a card reads).
 */
import type { ColorSwatch, DisplayPrice, ProductCard } from '../../../server/catalogue/public';

/** The swatches a card shows; the others it counts ("+3"). */
export const CARD_SWATCHES = 6;

export type CardSwatch = Pick<ColorSwatch, 'id' | 'label' | 'swatchUrl' | 'hex'>;
export type CardPrice = Pick<DisplayPrice, 'currentCents' | 'compareAtCents' | 'source'>;

export type CardView = Pick<ProductCard, 'id' | 'name' | 'href' | 'image' | 'rating' | 'badges'> & {
  price: CardPrice;
  /** The first CARD_SWATCHES colours (camouflage patterns first). */
  swatches: CardSwatch[];
  /** How many colours there are in all, when more than the swatches sent. */
  colorCount?: number;
  /**
   * Under a colour filter, the swatch of the colourway the card shows (marked as shown; always among `swatches`).
   * Absent otherwise: an unfiltered card sends and renders what it did before (decision 059).
   */
  shownSwatchId?: number;
};

export function cardView(card: ProductCard): CardView {
  const { currentCents, compareAtCents, source } = card.price;
  const shownSwatchId = card.shownColor?.matchesFilter ? card.shownColor.id : undefined;
  const view: CardView = {
    id: card.id,
    name: card.name,
    href: card.href,
    price: { currentCents, compareAtCents, source },
    image: card.image,
    swatches: sentSwatches(card.swatches, shownSwatchId).map(({ id, label, swatchUrl, hex }) => ({
      id,
      label,
      swatchUrl,
      hex,
    })),
    rating: card.rating ? { score: card.rating.score, totalCount: card.rating.totalCount } : null,
    badges: card.badges,
  };
  if (card.swatches.length > CARD_SWATCHES) view.colorCount = card.swatches.length;
  if (shownSwatchId !== undefined) view.shownSwatchId = shownSwatchId;
  return view;
}

/** The first CARD_SWATCHES swatches; the shown one takes the last place when it is further down the list. */
function sentSwatches(swatches: readonly ColorSwatch[], shownId: number | undefined): ColorSwatch[] {
  const first = swatches.slice(0, CARD_SWATCHES);
  if (shownId === undefined || first.some((swatch) => swatch.id === shownId)) return first;
  const shown = swatches.find((swatch) => swatch.id === shownId);
  return shown ? [...first.slice(0, CARD_SWATCHES - 1), shown] : first;
}

/**
 * Under a size filter of one size, each card links to its product page with that size chosen (`?size=L`), so the
 * shopper lands on the size they asked for (issue 24 §11). Several sizes name no one choice: the links stay as they are.
 */
export function withFilteredSize<T extends { href: string }>(cards: T[], sizes: readonly string[]): T[] {
  const [size] = sizes;
  if (sizes.length !== 1 || size === undefined) return cards;
  const query = `?${new URLSearchParams({ size })}`;
  return cards.map((card) => ({ ...card, href: `${card.href}${query}` }));
}
