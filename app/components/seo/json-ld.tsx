import { useLocation } from '@remix-run/react';
import type { CatalogueImage, ProductPage, ProductVariant } from '../../../server/catalogue/public';
import { useNonce } from '../../nonce';
import { useRootData } from '../layout/root-data';

/**
 * Structured data (schema.org as JSON-LD) for search engines. Builders are pure; `<JsonLd>` renders one
 * `<script type="application/ld+json">`. The JSON is escaped so that no `<` (hence no `</script>`) can end the
 * element early, whatever a product name or description holds.
 *
 * Server-rendered only (issue 7 §6, decision 049): search engines read the document's HTML, so the builders run in
 * the server's render and callers write `json={import.meta.env.SSR ? serializeJsonLd(…) : ''}`, which leaves the
 * builders out of the browser's scripts. In the browser the element keeps the server's JSON: React does not
 * hydrate the content of an element set by `dangerouslySetInnerHTML`, and an empty string that never changes is
 * never written. A page reached by a client-side navigation has the element empty; crawlers load each URL's HTML.
 */
export type JsonLdObject = { '@context': 'https://schema.org'; '@type': string } & Record<string, unknown>;

export function serializeJsonLd(data: JsonLdObject): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function JsonLd({ json }: { json: string }) {
  // A data block is not executed, so the CSP does not apply to it; the nonce keeps every script tag uniform.
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

export type BreadcrumbItem = { label: string; href: string };

/** The trail as a schema.org BreadcrumbList, positions from 1, absolute URLs. */
export function breadcrumbListJsonLd(items: readonly BreadcrumbItem[], siteUrl: string): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      item: new URL(item.href, siteUrl).href,
    })),
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * A product page in one colour as a schema.org Product: its SKU (the colourway's, else the parent's), the
 * colour's images, one Offer at the price shown (the chosen size's, else the product's; the sale price when
 * there is one) in USD, in stock when any size of the colour can be bought, and the rating when there is one.
 */
export function productJsonLd(input: {
  page: Pick<ProductPage, 'product' | 'selectedColor' | 'images' | 'variants' | 'rating' | 'colorCode'>;
  selectedVariant: ProductVariant | null;
  /** The canonical path of the page (without `?size`). */
  path: string;
  siteUrl: string;
  brand: string;
}): JsonLdObject {
  const { page, selectedVariant, siteUrl } = input;
  const { product, selectedColor, rating } = page;
  const price = (selectedVariant ?? product).price.currentCents;
  const buyable = (variant: ProductVariant) => !variant.purchasingDisabled && variant.inventoryLevel > 0;
  const inStock = selectedVariant ? buyable(selectedVariant) : page.variants.some(buyable);
  const url = new URL(input.path, siteUrl).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: selectedVariant?.sku ?? (page.colorCode ? `${product.sku}-${page.colorCode}` : product.sku),
    ...(product.description ? { description: product.description } : {}),
    color: selectedColor.label,
    url,
    image: page.images.map((image: CatalogueImage) => new URL(image.url, siteUrl).href),
    brand: { '@type': 'Brand', name: input.brand },
    ...(price === null
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            url,
            price: dollars(price),
            priceCurrency: 'USD',
            availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
          },
        }),
    ...(rating && rating.totalCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.score.toFixed(2),
            reviewCount: rating.totalCount,
            bestRating: '5',
            worstRating: '1',
          },
        }
      : {}),
  };
}

/** The product page's Product JSON-LD, at the page's canonical URL (no `?size`), for the product route. */
export function ProductJsonLd({
  page,
  selectedVariant,
}: {
  page: Parameters<typeof productJsonLd>[0]['page'];
  selectedVariant: ProductVariant | null;
}) {
  const root = useRootData();
  const { pathname } = useLocation();
  if (!root) return null;
  return (
    <JsonLd
      json={
        import.meta.env.SSR
          ? serializeJsonLd(
              productJsonLd({
                page,
                selectedVariant,
                path: pathname,
                siteUrl: root.siteUrl,
                brand: root.seo.siteName,
              }),
            )
          : ''
      }
    />
  );
}
