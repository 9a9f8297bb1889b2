import { PLAIN_LINK } from '../layout/plain-links';
import type { CardView } from './card-view';
import { Price } from './price';
import { RatingSummary } from './rating-summary';
import { SwatchList } from './swatch';
import * as styles from './product-card.css';

/**
 * A product in a listing or a strip. Its link is a plain anchor: the grid or strip around it navigates in the app
 * and prefetches on intent (`usePlainLinks`, `usePlainLinkPrefetch`), which a page of 24 `<Link>`s cost on every
 * server render (decision 049).
 *
 * It must stay a pure function of its props (no hooks, no context, nothing read from the request): the server pastes
 * its markup from a cache keyed by those props (`CardItem`, card-markup.tsx, decision 058).
 */
export function ProductCard({
  product,
  priority,
  headingLevel = 2,
}: {
  product: CardView;
  priority: boolean;
  /** 3 in a strip under its own h2 (recommendations, recently viewed), so headings nest. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
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
        {product.badges.length > 0 ? (
          <ul role="list" className={styles.badges} aria-label="Badges">
            {product.badges.map((badge) => (
              <li
                key={badge}
                className={
                  badge === product.badges[0] && isSaleBadge(badge) ? styles.saleBadge : styles.badge
                }
              >
                {badge}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Heading className={styles.name}>
        <a className={styles.link} href={product.href} {...PLAIN_LINK}>
          {product.name}
        </a>
      </Heading>
      <Price price={product.price} />
      {product.swatches.length > 0 ? (
        <SwatchList colors={product.swatches} count={product.colorCount} shownId={product.shownSwatchId} />
      ) : null}
      {product.rating ? <RatingSummary rating={product.rating} /> : null}
    </article>
  );
}

/** The sale badge ("Sale" or "N% OFF") stands out from the dated ones. */
function isSaleBadge(badge: string): boolean {
  return badge === 'Sale' || /^\d+% OFF$/.test(badge);
}
