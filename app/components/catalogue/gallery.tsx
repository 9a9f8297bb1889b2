import type { CatalogueImage } from '../../../server/catalogue/types';
import * as styles from './gallery.css';

/** The selected colour's images; the first is the page's main image and loads at once, the rest lazily. */
export function Gallery({ images }: { images: CatalogueImage[] }) {
  if (images.length === 0) return null;
  return (
    // Focusable so that keyboard users can scroll the sideways row on phones.
    <ul role="list" className={styles.gallery} aria-label="Product images" tabIndex={0}>
      {images.map((image, index) => (
        <li key={image.url} className={styles.frame}>
          <img
            className={styles.image}
            src={image.url}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}
