/**
 * Product images per colour. Each image's description JSON (SPEC §3) names its colour (colorName and the
 * SKU colour code colorCode) and marks the colour's default image. Pure.
 */
import type { ImageDescription } from '../db/schema';
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

/** Alt text that tells the gallery's images apart: what each shows, or which view it is. */
function imageAlt(productName: string, image: ImageRecord, color: ImageColor, position: number): string {
  const subject = `${productName} in ${color.label}`;
  if (image.description.islifestyle) return `${subject}, out in the field`;
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
