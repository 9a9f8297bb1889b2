import { Link } from '@remix-run/react';
import type { ProductCard as Card } from '../../../server/catalogue/types';
import { Price } from './price';
import { RatingSummary } from './rating-summary';
import { SwatchList } from './swatch';
import * as styles from './product-card.css';

export function ProductCard({ product, priority }: { product: Card; priority: boolean }) {
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {product.image ? (
          <img
            className={styles.image}
            src={product.image.url}
            alt={product.image.alt}
            width={product.image.width}
            height={product.image.height}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : null}
      </div>
      <h2 className={styles.name}>
        <Link className={styles.link} to={product.href} prefetch="intent">
          {product.name}
        </Link>
      </h2>
      <Price listCents={product.priceCents} saleCents={product.salePriceCents} />
      {product.swatches.length > 0 ? <SwatchList colors={product.swatches} /> : null}
      {product.rating ? <RatingSummary rating={product.rating} /> : null}
    </article>
  );
}
