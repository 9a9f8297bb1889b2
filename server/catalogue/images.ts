/**
 * Product images per colour. Each image's description JSON (SPEC §3) names its colour (colorName and the
 * SKU colour code colorCode) and marks the colour's default image. Pure.
 */
import type { ImageDescription } from './schema';
import type { CatalogueImage } from './types';

export type ImageRecord = {
  url: string;
  width: number;
  height: number;
  sortOrder: number;
  isThumbnail: boolean;
  description: ImageDescription;
};

/** The colour to show: its label, and its SKU colour code when known ("600123-SUB-M" → "SUB"). */
export type ImageColor = { label: string; code: string | null };

function isOfColor(image: ImageRecord, color: ImageColor): boolean {
  const { colorName, colorCode } = image.description;
  if (color.code !== null && colorCode === color.code) return true;
  return typeof colorName === 'string' && colorName.toLowerCase() === color.label.toLowerCase();
}

/** Default image first, then the rest by position. */
const galleryOrder = (a: ImageRecord, b: ImageRecord) =>
  Number(b.description.default === true) - Number(a.description.default === true) ||
  a.sortOrder - b.sortOrder ||
  (a.description.number ?? 0) - (b.description.number ?? 0);

/** A lifestyle image's scene ("on a mountain ridge"), when its description names one. */
function sceneOf(image: ImageRecord): string | null {
  const scene = image.description.scene;
  return typeof scene === 'string' && scene.trim() !== '' ? scene.trim() : null;
}

/** Alt text that tells the gallery's images apart: what each shows, or which view it is. */
function imageAlt(productName: string, image: ImageRecord, color: ImageColor, position: number): string {
  const subject = `${productName} in ${color.label}`;
  if (image.description.islifestyle) return `${subject}, ${sceneOf(image) ?? 'out in the field'}`;
  if (image.description.isModel) return `${subject}, worn by a model`;
  return position === 0 ? subject : `${subject}, view ${position + 1}`;
}

/**
 * The gallery of one colour in display order. A colour without images of its own falls back to the
 * product's thumbnail (or first image), so that a page or card is never without a picture when one exists.
 */
export function colorGallery(
  productName: string,
  images: readonly ImageRecord[],
  color: ImageColor,
): CatalogueImage[] {
  const own = images.filter((image) => isOfColor(image, color)).sort(galleryOrder);
  const fallback = images.find((image) => image.isThumbnail) ?? [...images].sort(galleryOrder)[0];
  const shown = own.length > 0 ? own : fallback ? [fallback] : [];
  return shown.map((image, position) => ({
    url: image.url,
    alt: imageAlt(productName, image, color, position),
    width: image.width,
    height: image.height,
  }));
}

/** The 2-up gallery shows two lifestyle images (SPEC §9). */
export const LIFESTYLE_IMAGES_SHOWN = 2;

/**
 * The two lifestyle images (description `islifestyle`) of the gallery: the selected colour's own first, by
 * position; when it has fewer, the product's other lifestyle images fill in, so that a colour shot only in
 * the studio still shows the product in the field. Fewer than two only when the product has fewer.
 */
export function lifestyleImages(
  productName: string,
  images: readonly ImageRecord[],
  color: ImageColor,
): CatalogueImage[] {
  const lifestyle = images.filter((image) => image.description.islifestyle === true).sort(galleryOrder);
  const own = lifestyle.filter((image) => isOfColor(image, color));
  const others = lifestyle.filter((image) => !isOfColor(image, color));
  return [...own, ...others].slice(0, LIFESTYLE_IMAGES_SHOWN).map((image, index) => {
    const shown = isOfColor(image, color) ? color : { label: image.description.colorName, code: null };
    const scene = sceneOf(image);
    return {
      url: image.url,
      // Each image its own alt text, naming the product and the scene (issue 9 §10).
      alt: scene
        ? `${productName} in ${shown.label}, ${scene}`
        : `${productName} in ${shown.label}, out in the field${index === 0 ? '' : `, view ${index + 1}`}`,
      width: image.width,
      height: image.height,
    };
  });
}

/**
 * What the 2-up gallery shows (SPEC §9): the colour's studio views, default first, then the lifestyle images.
 * An even number of images, so the grid has no half-empty row (issue 9 §10): when the count is odd, the last
 * studio view after the first gives way (or, with one studio view, the last lifestyle image). A lone image
 * stays.
 */
export function galleryImages(
  images: readonly CatalogueImage[],
  lifestyle: readonly CatalogueImage[],
): CatalogueImage[] {
  const lifestyleUrls = new Set(lifestyle.map((image) => image.url));
  const studio = images.filter((image) => !lifestyleUrls.has(image.url));
  const shown = [...studio, ...lifestyle];
  if (shown.length % 2 === 0 || shown.length === 1) return shown;
  return studio.length > 1 ? [...studio.slice(0, -1), ...lifestyle] : shown.slice(0, -1);
}

/** SPEC §9: images are requested at quality 75 by default. */
export const IMAGE_QUALITY = 75;

/**
 * An image URL at a width and quality. The embedded server has no image resizer and answers the same
 * (SVG) file whatever the query; an image CDN in front of it honours `w` and `q` (the Imgix/Cloudinary-
 * style convention), so the same markup serves resized images in production.
 */
export function imageUrl(url: string, width: number, quality: number = IMAGE_QUALITY): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('w', String(width));
  params.set('q', String(quality));
  return `${path}?${params.toString()}`;
}

/** A `srcset` over the given widths (the theme widths of styles/tokens.ts), smallest first. */
export function imageSrcSet(url: string, widths: readonly number[], quality: number = IMAGE_QUALITY): string {
  return [...new Set(widths)]
    .sort((a, b) => a - b)
    .map((width) => `${imageUrl(url, width, quality)} ${width}w`)
    .join(', ');
}

/**
 * A `sizes` attribute: how wide the image shows from each min-width up, widest screen first, then the
 * width below them all. `[[1024, '30vw'], [768, '50vw']]`, `'88vw'` →
 * "(min-width: 1024px) 30vw, (min-width: 768px) 50vw, 88vw".
 */
export function imageSizes(
  from: readonly (readonly [minWidth: number, size: string])[],
  base: string,
): string {
  const rules = [...from]
    .sort((a, b) => b[0] - a[0])
    .map(([minWidth, size]) => `(min-width: ${minWidth}px) ${size}`);
  return [...rules, base].join(', ');
}
