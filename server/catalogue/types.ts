/**
 * The catalogue's public shapes: what `CatalogueService` returns to routes. Pure (types and constants), so
 * route modules and components may import it. Money is integer cents.
 */

import type { PriceListKey } from '../viewer/public';
import type { PricedItem } from '../pricing/index.server';
import type { Facet, ListingFilters, ProductSort } from './listing-query';

/** One step of a breadcrumb trail; the trail of a page starts at its top-level category. */
export type Breadcrumb = { label: string; href: string };

export type CategoryLink = { id: number; name: string; url: string };

export type CategoryPage = {
  category: CategoryLink & { description: string };
  /** Top-level category first, ending with this category. */
  breadcrumbs: Breadcrumb[];
  /** The visible sub-categories to browse into, in display order. */
  children: CategoryLink[];
};

export { PRODUCT_SORTS, type ProductSort } from './listing-query';

/** SPEC §9: a product list holds at most 250 products. */
export const MAX_PER_PAGE = 250;

export type ListingOptions = {
  /** 1-based. */
  page: number;
  /** 1 to MAX_PER_PAGE. */
  perPage: number;
  sort: ProductSort;
  /** Selected facet values (see server/catalogue/facets.ts); none by default. */
  filters?: ListingFilters;
  /** The viewer's price list: prices, the price facet and price sorting follow it (retail by default). */
  priceList?: PriceListKey;
};

export type RatingSummary = { score: number; totalCount: number };

export type ColorSwatch = {
  /** The option value id (what a cart line's option selection names). */
  id: number;
  label: string;
  /** "Optifade Subalpine" → "Optifade-Subalpine". */
  slug: string;
  /** This product's page in this colour. */
  href: string;
  /** Swatch image under /swatches/, or null (then `hex` is the swatch). */
  swatchUrl: string | null;
  hex: string | null;
  /** Camouflage patterns list before solids. */
  isPattern: boolean;
  /** The colour a product shows first. */
  isDefault: boolean;
};

export type CatalogueImage = { url: string; alt: string; width: number; height: number };

/**
 * What the viewer pays for one unit, worked out by the pricing module for their price list (server/pricing
 * `priceFor`): the price, the list price struck through when they pay less, where the price comes from, and the
 * sale badge it earns ("Sale" / "N% OFF", only for a store sale the viewer's price carries).
 */
export type DisplayPrice = {
  currentCents: number | null;
  compareAtCents: number | null;
  source: 'list' | 'sale' | 'group';
  saleBadge: string | null;
};

export type ProductCard = {
  id: number;
  name: string;
  url: string;
  /** The product page in the colour the card shows (`shownColor`). */
  href: string;
  price: DisplayPrice;
  /**
   * The colourway the card shows (its image, link and colour-limited badges): the default colour, or under a colour
   * filter the product's first colour the filter names (card-color.ts, decision 059); null without colours.
   * `matchesFilter`: the filter named it, and the card marks its swatch as the one shown.
   */
  shownColor: { id: number; slug: string; matchesFilter: boolean } | null;
  image: CatalogueImage | null;
  /** Camouflage patterns first. */
  swatches: ColorSwatch[];
  rating: RatingSummary | null;
  /** Merchandising badges, most important first (the sale badge: "Sale" or "N% OFF"). */
  badges: string[];
};

export type ProductListing = {
  products: ProductCard[];
  totalCount: number;
  page: number;
  perPage: number;
  /** At least 1, so that page 1 of an empty category exists. */
  pageCount: number;
};

/** A listing page with the facets of its category (counts under the other active filters). */
export type CategoryBrowse = { listing: ProductListing; facets: Facet[] };

export type ProductVariant = {
  id: number;
  sku: string;
  /** The size label, or null for a product sold in one size without a size option. */
  size: string | null;
  price: DisplayPrice;
  purchasingDisabled: boolean;
  /** Standard plus pro stock (SPEC §3); 0 when the variant has no inventory record. */
  inventoryLevel: number;
};

export type ProductPage = {
  product: {
    id: number;
    sku: string;
    name: string;
    url: string;
    description: string;
    /** The product's own price for the viewer (a variant may have its own). */
    price: DisplayPrice;
  };
  selectedColor: ColorSwatch;
  /** Camouflage patterns first. */
  colors: ColorSwatch[];
  /** The variants of the selected colour, in size order, with the stock the page's viewers can buy. */
  variants: ProductVariant[];
  /**
   * Whether the levels count pro stock: pages for a pro price list (pro-app and shed-app customers), whose browsers
   * refresh them from the authenticated inventory endpoint; others from the anonymous one (standard stock).
   */
  proStock: boolean;
  /** The selected colour's gallery: its default image first, then the rest in order. */
  images: CatalogueImage[];
  /** The two lifestyle images of the 2-up gallery (the colour's own first; see images.ts). */
  lifestyleImages: CatalogueImage[];
  /** The selected colour's SKU colour code ("BKBO"), when its variants have one. */
  colorCode: string | null;
  /** Exclusive / New / New Color / custom, within their window at request time (see badges.ts). */
  badges: { kind: 'exclusive' | 'new' | 'new-color' | 'custom'; label: string }[];
  /** Custom fields by name (SPEC §3: gender, product_type, technology_badges, badge_*, …). */
  customFields: Record<string, string>;
  /** From the technology_badges custom field, in SPEC §9 priority order. */
  technologyBadges: string[];
  rating: RatingSummary | null;
  /** The product's deepest category and its ancestors, top-level first; empty if it has none. */
  breadcrumbs: Breadcrumb[];
};

export type ProductPageResult =
  | { kind: 'page'; page: ProductPage }
  /** The colour slug is not one of the product's colours: go to its default colour. */
  | { kind: 'redirect'; path: string }
  /** No visible product has this URL. */
  | null;

/** What the search context indexes of one product (see search-documents.server.ts). */
export type CatalogueSearchDocument = {
  productId: number;
  /** False for a hidden product: the search index drops it. */
  visible: boolean;
  sku: string;
  name: string;
  url: string;
  brandId: number;
  description: string;
  gender: string;
  productType: string;
  /** Names of the visible categories it is listed in. */
  categories: string;
  categorySlugs: string[];
  /** Camouflage pattern names among its colours. */
  patterns: string;
  colours: string;
  technologies: string;
  /** Some purchasable variant has stock. */
  inStock: boolean;
  ratingScore: number | null;
  ratingCount: number;
  /** ISO date. */
  createdAt: string;
  /** The suggestion card: its default colour's page, image and pricing inputs (priced per viewer later). */
  card: {
    href: string;
    imageUrl: string | null;
    imageAlt: string;
    colorLabel: string | null;
    pricing: PricedItem;
  };
};

/** A page of the catalogue's change feed. */
export type CatalogueChanges = {
  /** The id to ask from next time. */
  cursor: number;
  productIds: number[];
  /** A change touched every product (rebuild everything). */
  all: boolean;
  /** More changes wait beyond `limit`. */
  more: boolean;
};
