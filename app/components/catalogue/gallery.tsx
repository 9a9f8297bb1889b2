import {
  galleryImages,
  imageSizes,
  imageSrcSet,
  imageUrl,
  IMAGE_QUALITY,
} from '../../../server/catalogue/public';
import type { CatalogueImage } from '../../../server/catalogue/public';
import { themeWidths } from '../../../styles/tokens';
import * as styles from './gallery.css';

const WIDTHS = Object.values(themeWidths);

/**
 * How wide a gallery image shows: 88% of the screen in the sideways row on phones, half the gallery in the
 * 2-up grid from tablets, and half of the gallery's 3/5 of the container from desktops up.
 */
const GALLERY_SIZES = imageSizes(
  [
    [themeWidths.md, '50vw'],
    [themeWidths.lg, '30vw'],
    [themeWidths.xl, `${Math.round((1280 * 3) / 5 / 2)}px`],
  ],
  '88vw',
);

/**
 * The selected colour's images in a 2-up grid (SPEC §9): its default image first, its other views, then
 * two lifestyle images, an even number of them (see `galleryImages`). Quality 75, contain-fit, lazy except the first (the page's main image), which loads
 * at once with high fetch priority. `srcset` widths are the theme widths; see images.ts on `?w=&q=`.
 */
export function Gallery({ images, lifestyle }: { images: CatalogueImage[]; lifestyle: CatalogueImage[] }) {
  // An even number of images on the 2-up grid (issue 9 §10).
  const shown = galleryImages(images, lifestyle);
  if (shown.length === 0) return null;
  return (
    // Focusable so that keyboard users can scroll the sideways row on phones.
    <ul role="list" className={styles.gallery} aria-label="Product images" tabIndex={0}>
      {shown.map((image, index) => (
        <li key={image.url} className={styles.frame}>
          <GalleryImage image={image} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

export function GalleryImage({ image, priority }: { image: CatalogueImage; priority: boolean }) {
  return (
    <img
      className={styles.image}
      src={imageUrl(image.url, themeWidths.md, IMAGE_QUALITY)}
      srcSet={imageSrcSet(image.url, WIDTHS, IMAGE_QUALITY)}
      sizes={GALLERY_SIZES}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      // React 18 does not know the attribute's camel-case name; the lower-case one reaches the HTML.
      {...{ fetchpriority: priority ? 'high' : undefined }}
      decoding="async"
    />
  );
}
