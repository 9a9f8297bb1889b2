/**
 * The product page in one colour: `/products/{url}/{color slug}` (SPEC §2), the size chosen by `?size=`.
 * An unknown colour redirects to the product's default colour; an unknown product is a 404.
 */
import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { chosenVariant } from '../../server/catalogue/variant-choice';
import { CACHE_CATALOGUE } from '../../server/http/cache';
import { container } from '../../styles/utilities.css';
import { Breadcrumbs } from '../components/breadcrumbs';
import { Gallery } from '../components/catalogue/gallery';
import { ColorPicker, SizePicker, StockNote } from '../components/catalogue/option-pickers';
import { Price } from '../components/catalogue/price';
import { ProductDescription, ProductFacts, TechnologyBadges } from '../components/catalogue/product-details';
import * as styles from '../components/catalogue/product-page.css';
import { RatingSummary } from '../components/catalogue/rating-summary';
import { pageMeta } from '../components/seo/meta';

/** A meta description is cut near the length search engines show. */
const META_DESCRIPTION_LENGTH = 160;

export const headers: HeadersFunction = () => ({ 'Cache-Control': CACHE_CATALOGUE });

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.data) return pageMeta(args, { title: 'Page not found', noIndex: true });
  const { product, selectedColor, images } = args.data.page;
  const [image] = images;
  return pageMeta(args, {
    title: `${product.name} in ${selectedColor.label}`,
    description: product.description ? truncate(product.description, META_DESCRIPTION_LENGTH) : undefined,
    image: image ? { src: image.url, alt: image.alt, width: image.width, height: image.height } : undefined,
  });
};

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const result = await context.timing.measure('db', () =>
    context.services.catalogue.getProductPage(params.url ?? '', params.color ?? ''),
  );
  if (!result) throw new Response('Not Found', { status: 404 });
  if (result.kind === 'redirect') throw redirect(`${result.path}${url.search}`);
  const { page } = result;
  const selectedVariant = chosenVariant(page.variants, url.searchParams.get('size'));
  return { page, selectedVariant };
}

export default function ProductRoute() {
  const { page, selectedVariant } = useLoaderData<typeof loader>();
  const { product, selectedColor, variants, rating } = page;
  const { pathname } = useLocation();
  const hasSizes = variants.some((variant) => variant.size !== null);
  const price = selectedVariant ?? product;
  return (
    <div className={`${container} ${styles.page}`}>
      <Breadcrumbs items={[...page.breadcrumbs, { label: product.name, href: pathname }]} />
      <div className={styles.layout}>
        <Gallery images={page.images} />
        <div className={styles.buyBox}>
          <h1 className={styles.title}>{product.name}</h1>
          {rating ? <RatingSummary rating={rating} /> : null}
          <Price className={styles.price} listCents={price.priceCents} saleCents={price.salePriceCents} />
          <ColorPicker colors={page.colors} selected={selectedColor} size={selectedVariant?.size ?? null} />
          {hasSizes ? <SizePicker variants={variants} selected={selectedVariant?.size ?? null} /> : null}
          <StockNote variants={variants} selected={selectedVariant} colorLabel={selectedColor.label} />
          <TechnologyBadges badges={page.technologyBadges} />
        </div>
      </div>
      <div className={styles.more}>
        <ProductDescription description={product.description} />
        <ProductFacts customFields={page.customFields} technologyBadges={page.technologyBadges} />
      </div>
    </div>
  );
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}
