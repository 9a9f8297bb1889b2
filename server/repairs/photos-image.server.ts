/**
 * Repair photos decoded and written anew (issue 27 §6, decision 085) with sharp (libvips): an upload that does not
 * decode as the type its first bytes claim is refused, one of more than `MAX_PHOTO_PIXELS` pixels is refused before
 * its pixels are decoded (a small PNG can claim 20000×20000), and what is stored is a fresh encoding of the pixels
 * only: no EXIF (a phone's GPS position), XMP, ICC profile, comment or bytes after the image survive, so a JPEG/HTML
 * polyglot comes out as a plain JPEG. The image is turned upright by its EXIF orientation first, and shrunk to fit
 * `MAX_PHOTO_SIDE` so no browser is asked to decode more.
 */
import sharp from 'sharp';
import { MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE, sniffPhotoType, type PhotoType } from './photos';

// Each upload is new: libvips' operation cache would only hold decoded photos in memory.
sharp.cache(false);

export type RewrittenPhoto =
  | { ok: true; type: PhotoType; bytes: Uint8Array; width: number; height: number }
  | { ok: false; reason: 'not-an-image' | 'too-many-pixels' };

const FORMAT: Record<PhotoType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The photo re-encoded in its own type, or why it is refused. `bytes` must already be within the byte limit; its
 * type is read from its first bytes and must agree with what libvips decodes.
 */
export async function rewritePhoto(bytes: Uint8Array): Promise<RewrittenPhoto> {
  const type = sniffPhotoType(bytes);
  if (!type) return { ok: false, reason: 'not-an-image' };
  // `failOn: 'error'`: corrupt or truncated data is refused, not painted grey. Only the first frame of an animated
  // WebP or PNG is read (sharp's default).
  const options = { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS } as const;
  let header: sharp.Metadata;
  try {
    // The header only (no pixels are decoded): libvips would refuse an image over the limit here with a message
    // that tells it apart from a broken file only by its wording, so the count is checked below instead.
    header = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'not-an-image' };
  }
  if (header.format !== FORMAT[type] || !header.width || !header.height)
    return { ok: false, reason: 'not-an-image' };
  // The pipeline below enforces the same limit again (`limitInputPixels`).
  if (header.width * header.height > MAX_PHOTO_PIXELS) return { ok: false, reason: 'too-many-pixels' };
  try {
    const pipeline = sharp(bytes, options)
      .rotate()
      .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true });
    // sharp writes no metadata unless asked (no keepMetadata/withMetadata here): pixels only, in sRGB.
    const encoded =
      type === 'image/jpeg'
        ? pipeline.jpeg({ quality: 85 })
        : type === 'image/png'
          ? pipeline.png()
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, type, bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    return { ok: false, reason: 'not-an-image' };
  }
}
