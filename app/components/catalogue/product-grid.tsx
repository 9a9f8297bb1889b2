import { useRef } from 'react';
import { useViewItemList } from '../analytics/view-item-list';
import { usePlainLinkPrefetch, usePlainLinks } from '../layout/plain-links';
import type { CardView } from './card-view';
import { CardItem } from './card-markup';
import * as styles from './product-grid.css';

/** Images of the first row load eagerly: they are likely above the fold. */
const EAGER_IMAGES = 4;

export function ProductGrid({ products, label }: { products: CardView[]; label: string }) {
  const gridRef = useRef<HTMLUListElement>(null);
  usePlainLinks(gridRef);
  const prefetch = usePlainLinkPrefetch(gridRef);
  // Analytics (SPEC §4): view_item_list 3 s after the grid shows; app/components/analytics.
  useViewItemList(
    label,
    products.map((p) => ({
      item_id: String(p.id),
      item_name: p.name,
      price: (p.price.currentCents ?? 0) / 100,
    })),
  );
  return (
    <>
      <ul ref={gridRef} role="list" className={styles.grid} aria-label={label}>
        {products.map((product, index) => (
          <CardItem key={product.id} product={product} priority={index < EAGER_IMAGES} />
        ))}
      </ul>
      {prefetch}
    </>
  );
}
