/**
 * The product page in one colour: `/products/{url}/{color slug}` (SPEC §2), the size chosen by `?size=`.
 * An unknown colour redirects to the product's default colour; an unknown product is a 404.
 */
import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react';
import { chartCoversSizes, sizeChartFor, stockStatus } from '../../server/catalogue/public';
import { chosenVariant } from '../../server/catalogue/public';
import { CACHE_CATALOGUE } from '../../server/web/cache.server';
import { badgesBeside } from '../../server/pricing/public';
import { container } from '../../styles/utilities.css';
import { Breadcrumbs } from '../components/breadcrumbs';
import { AddToCart } from '../components/cart/add-to-cart';
import { NOTIFY_ACTION } from '../components/catalogue/back-in-stock-action';
import { BackInStockForm, preloadBackInStockForm } from '../components/catalogue/back-in-stock-lazy';
import { BadgeList } from '../components/catalogue/badge-list';
import { cardView } from '../components/catalogue/card-view';
import { Gallery } from '../components/catalogue/gallery';
import { ColorPicker, SizePicker, StockNote } from '../components/catalogue/option-pickers';
import { Price } from '../components/catalogue/price';
import { ProductDescription, ProductFacts, TechnologyBadges } from '../components/catalogue/product-details';
import * as styles from '../components/catalogue/product-page.css';
import { RatingSummary } from '../components/catalogue/rating-summary';
import { RecentlyViewed } from '../components/catalogue/recently-viewed';
import {
  loadProductStrip,
  Recommendations,
  useProductViewBeacon,
} from '../components/catalogue/recommendations';
import {
  preloadSizeChartModal,
  SIZE_CHART_FLAG,
  SizeChartLink,
  SizeChartModal,
} from '../components/catalogue/size-chart';
import { searchWithPanel } from '../components/panels/panel-state';
import { useLiveVariants } from '../components/catalogue/stock-refresh';
import { ProductJsonLd } from '../components/seo/json-ld';
import { pageMeta } from '../components/seo/meta';

/** A meta description (the description's first paragraph) is cut near the length search engines show. */
const META_DESCRIPTION_LENGTH = 160;

export const headers: HeadersFunction = () => ({ 'Cache-Control': CACHE_CATALOGUE });

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.data) return pageMeta(args, { title: 'Page not found', noIndex: true });
  const { product, selectedColor, images } = args.data.page;
  const [image] = images;
  return pageMeta(args, {
    title: `${product.name} in ${selectedColor.label}`,
    type: 'product',
    description: product.description ? truncate(product.description, META_DESCRIPTION_LENGTH) : undefined,
    image: image ? { src: image.url, alt: image.alt, width: image.width, height: image.height } : undefined,
  });
};

/**
 * A back-in-stock request changes nothing this page shows: its fetcher does not reload the product (nor restart
 * the deferred recommendations, whose boundary may still be hydrating).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === NOTIFY_ACTION ? false : defaultShouldRevalidate;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { catalogue } = context.services;
  const result = await context.timing.measure('db', () =>
    catalogue.getProductPage(params.url ?? '', params.color ?? '', context.viewer.priceList),
  );
  if (!result) throw new Response('Not Found', { status: 404 });
  if (result.kind === 'redirect') throw redirect(`${result.path}${url.search}`);
  const { page } = result;
  const selectedVariant = chosenVariant(page.variants, url.searchParams.get('size'));
  // The chart that fits the product's type and audience, shown only when it lists every size it sells. Chosen here,
  // so the browser gets this one chart rather than the code and data of every chart (issue 7 §6).
  const sizes = page.variants.flatMap((variant) => (variant.size === null ? [] : [variant.size]));
  const fitting = sizeChartFor(page.customFields.product_type, page.customFields.gender);
  const sizeChart = fitting && sizes.length > 0 && chartCoversSizes(fitting, sizes) ? fitting : null;
  const sizeChartOpen = sizeChart !== null && url.searchParams.get(SIZE_CHART_FLAG) === 'true';
  // The render must not suspend on the form's or the open chart's module: the HTML carries them for browsers
  // without JavaScript.
  await Promise.all([preloadBackInStockForm(), sizeChartOpen ? preloadSizeChartModal() : null]);
  // The same for the recommendations' strip, which the browser loads only when it nears the viewport.
  await loadProductStrip();
  // The badges beside the price (its sale badge, merchandising badges whose discount claim holds), chosen here: the
  // claims' rules stay out of the browser's scripts (decision 056). The stock refresh changes levels, never prices.
  const { price } = selectedVariant ?? page.product;
  const badges = badgesBeside(price, page.badges, (badge) => badge.label);
  // Deferred: streamed after the page, and never rejects (a failure is logged and shows nothing).
  const recommendations = catalogue
    .getProductRecommendations(page.product.id, context.viewer.priceList)
    // The cards' own fields only (card-view.ts).
    .then((cards) => cards.map(cardView))
    .catch((error: unknown) => {
      context.logger.error('Failed to fetch recommendations.', {
        error: String(error),
        productId: page.product.id,
      });
      return [];
    });
  return {
    page,
    badges,
    selectedVariant,
    // Usually kept in the catalogue's data cache: then sent with the page's data, not as a second chunk streamed
    // after it (a Suspense boundary and a second pass of the data encoder per render: decision 058).
    recommendations: await settledOrPending(recommendations),
    sizeChart,
    sizeChartOpen,
    // The same for every viewer of this price list (decision 021): a pro list (`p{group}`, price-lists.ts) shows "Pro
    // price"; other lists keep the component's own name (null: nothing sent).
    customerPriceLabel: context.viewer.priceList.startsWith('p') ? 'Pro price' : null,
  };
}

export default function ProductRoute() {
  const {
    page,
    badges,
    selectedVariant: servedVariant,
    recommendations,
    sizeChart,
    sizeChartOpen,
    customerPriceLabel,
  } = useLoaderData<typeof loader>();
  const { product, selectedColor, rating } = page;
  const { pathname, search } = useLocation();
  // With JavaScript, stock is refreshed from the warehouse endpoint (60 s client cache).
  const variants = useLiveVariants(product.id, page.variants, page.proStock);
  // With the shopper's performance consent, this view is reported for the ranking (issue 12 §6).
  useProductViewBeacon(product.id);
  const selectedVariant = servedVariant
    ? (variants.find((variant) => variant.id === servedVariant.id) ?? null)
    : null;
  const hasSizes = variants.some((variant) => variant.size !== null);
  const { price } = selectedVariant ?? product;
  const params = new URLSearchParams(search);
  params.delete(SIZE_CHART_FLAG);
  const here = `${pathname}${params.size > 0 ? `?${params}` : ''}`;
  const withChart = new URLSearchParams(params);
  withChart.set(SIZE_CHART_FLAG, 'true');
  const soldOut = selectedVariant !== null && stockStatus(selectedVariant) === 'sold-out';
  return (
    <div className={`${container} ${styles.page}`}>
      <Breadcrumbs items={[...page.breadcrumbs, { label: product.name, href: pathname }]} />
      <ProductJsonLd page={page} selectedVariant={selectedVariant} />
      <div className={styles.layout}>
        <Gallery images={page.images} lifestyle={page.lifestyleImages} />
        <div className={styles.buyBox}>
          <BadgeList {...badges} />
          <h1 className={styles.title}>{product.name}</h1>
          {rating ? <RatingSummary rating={rating} /> : null}
          <Price className={styles.price} price={price} customerLabel={customerPriceLabel ?? undefined} />
          <ColorPicker colors={page.colors} selected={selectedColor} size={selectedVariant?.size ?? null} />
          {hasSizes ? <SizePicker variants={variants} selected={selectedVariant?.size ?? null} /> : null}
          {sizeChart ? <SizeChartLink openHref={`${pathname}?${withChart}`} /> : null}
          <StockNote variants={variants} selected={selectedVariant} colorLabel={selectedColor.label} />
          <AddToCart
            productId={product.id}
            variantId={selectedVariant?.id ?? null}
            redirectTo={`${pathname}${searchWithPanel(params.toString(), 'cart')}`}
            unavailable={selectedVariant?.purchasingDisabled ? 'Not available' : soldOut ? 'Sold out' : null}
          />
          {soldOut && selectedVariant ? (
            <BackInStockForm sku={selectedVariant.sku} size={selectedVariant.size} redirectTo={here} />
          ) : null}
          <TechnologyBadges badges={page.technologyBadges} />
        </div>
      </div>
      <div className={styles.more}>
        <ProductDescription description={product.description} />
        <ProductFacts customFields={page.customFields} technologyBadges={page.technologyBadges} />
      </div>
      <Recommendations products={recommendations} productId={product.id} />
      <RecentlyViewed productId={product.id} colorSlug={selectedColor.slug} />
      {sizeChartOpen && sizeChart ? <SizeChartModal chart={sizeChart} closeHref={here} /> : null}
    </div>
  );
}

const PENDING = Symbol('pending');

/**
 * The promise's value when it has settled by the time the event loop's current turn ends (a cache hit resolves
 * within microtasks), else the promise itself, to be streamed when it settles. Never slower than one turn.
 */
async function settledOrPending<T>(promise: Promise<T>): Promise<T | Promise<T>> {
  const first = await Promise.race([
    promise,
    new Promise<typeof PENDING>((resolve) => setImmediate(() => resolve(PENDING))),
  ]);
  return first === PENDING ? promise : first;
}

function truncate(description: string, length: number): string {
  const text = (description.trim().split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ');
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}
