/**
 * Product cards (listings, search results and the product page's strips share them): built once without a price
 * (`UnpricedCard`, what caches keep) and priced for a viewer's list last (`priceCard`).
 */
import { badgesBeside } from '../pricing/public';
import type { PriceList, PricedItem } from '../pricing/index.server';
import { merchandisingBadges } from './badges';
import { cardColor } from './card-color';
import { toColorSwatches } from './colors';
import { displayPrice } from './display-price';
import { colorGallery } from './images';
import type { FilteredProductRow } from './listing-rows.server';
import type { ProductImageRow, ProductOptionValueRow } from './queries.server';
import type { ProductCard, RatingSummary } from './types';

/** A product row's pricing inputs (the pricing module's `PricedItem`). */
export function pricedItem(row: {
  priceCents: number;
  salePriceCents: number | null;
  productType: string;
  excludeProDiscount: boolean;
  groupPercents: Record<string, number>;
}): PricedItem {
  return {
    listCents: row.priceCents,
    saleCents: row.salePriceCents,
    productType: row.productType,
    excludeProDiscount: row.excludeProDiscount,
    groupPercents: row.groupPercents,
  };
}

/** The fields a product card needs from the product row itself. */
export type CardRow = Pick<FilteredProductRow, 'id' | 'name' | 'url' | 'badgeFields'> & {
  pricing: PricedItem;
};

/**
 * A card as every viewer shares it (kept in caches): its price inputs and merchandising badges, not yet priced for
 * a price list. `priceCard` finishes it for one viewer.
 */
export type UnpricedCard = Omit<ProductCard, 'price' | 'badges'> & {
  pricing: PricedItem;
  merchandisingBadges: string[];
};

/**
 * One product card (listings and the product page's strips share it), before pricing. It shows one colourway: the
 * default, or under a listing's colour filter (`colorFilter`, the filter's slugs) the product's first colour the
 * filter names (card-color.ts); its image, link, marked swatch and colour-limited badges are that colourway's.
 * `images` holds each colour's default image (and the thumbnail), so any colourway's is at hand.
 */
export function toCard(
  row: CardRow,
  colorValues: ProductOptionValueRow[],
  images: ProductImageRow[],
  rating: RatingSummary | null,
  now: Date,
  colorFilter: readonly string[] = [],
): UnpricedCard {
  const colors = toColorSwatches(row.url, colorValues);
  const { color: shown, matchesFilter } = cardColor(colors, colorFilter);
  const [image] = shown ? colorGallery(row.name, images, { label: shown.label, code: null }) : [];
  // A badge limited to some colours ("New Color") speaks of the colourway the card shows (issue 9 §1).
  const colorCodes = [
    ...new Set(
      images
        .filter(
          (item) =>
            shown !== undefined && item.description.colorName.toLowerCase() === shown.label.toLowerCase(),
        )
        .map((item) => item.description.colorCode)
        .filter(Boolean),
    ),
  ];
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    href: shown?.href ?? `/products/${encodeURIComponent(row.url)}`,
    shownColor: shown ? { id: shown.id, slug: shown.slug, matchesFilter } : null,
    image: image ?? null,
    swatches: colors,
    rating,
    pricing: row.pricing,
    merchandisingBadges: merchandisingBadges({ customFields: row.badgeFields, colorCodes, now }).map(
      (badge) => badge.label,
    ),
  };
}

/** The card as a viewer on `list` sees it: their price, and the sale badge that price earns first. */
export function priceCard(card: UnpricedCard, list: PriceList): ProductCard {
  const { pricing, merchandisingBadges: merchandising, ...rest } = card;
  const price = displayPrice(list, pricing);
  const shown = badgesBeside(price, merchandising, (badge) => badge);
  return { ...rest, price, badges: [...(shown.sale ? [shown.sale] : []), ...shown.badges] };
}
