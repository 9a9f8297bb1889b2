import { Link } from '@remix-run/react';
import type { HomeContent } from '../../../server/content/public';
import { container } from '../../../styles/utilities.css';
import * as styles from './category-tiles.css';

export function CategoryTiles({ tiles }: { tiles: HomeContent['categoryTiles'] }) {
  return (
    <section className={`${container} ${styles.section}`} aria-labelledby="category-tiles-heading">
      <h2 id="category-tiles-heading" className={styles.heading}>
        {tiles.heading}
      </h2>
      <ul className={styles.grid}>
        {tiles.tiles.map((tile) => (
          <li key={tile.url}>
            <Link to={tile.url} className={styles.tile}>
              <img
                className={styles.image}
                src={tile.image.src}
                alt={tile.image.alt}
                width={tile.image.width}
                height={tile.image.height}
                loading="lazy"
                decoding="async"
              />
              <div className={styles.caption}>
                <h3 className={styles.title}>{tile.title}</h3>
                <p className={styles.description}>{tile.description}</p>
                <span className={styles.shop} aria-hidden="true">
                  Shop now
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
