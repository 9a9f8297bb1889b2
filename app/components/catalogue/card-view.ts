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
};

export function cardView(card: ProductCard): CardView {
  const { currentCents, compareAtCents, source } = card.price;
  const view: CardView = {
    id: card.id,
    name: card.name,
    href: card.href,
    price: { currentCents, compareAtCents, source },
    image: card.image,
    swatches: card.swatches
      .slice(0, CARD_SWATCHES)
      .map(({ id, label, swatchUrl, hex }) => ({ id, label, swatchUrl, hex })),
    rating: card.rating ? { score: card.rating.score, totalCount: card.rating.totalCount } : null,
    badges: card.badges,
  };
  if (card.swatches.length > CARD_SWATCHES) view.colorCount = card.swatches.length;
  return view;
}
