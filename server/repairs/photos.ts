/**
 * Which files are accepted as repair photos: JPEG, PNG and WebP, recognised by their first bytes (a renamed
 * executable or an HTML page with a .jpg name is refused), with an extension that agrees with the content, up to
 * `MAX_PHOTO_BYTES` each and `MAX_PHOTOS_PER_DAMAGE` per damage. Pure; browser-safe. The server then decodes and
 * re-encodes each one (`photos-image.server.ts`, decision 085).
 */

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

export const PHOTO_TYPES: readonly PhotoType[] = ['image/jpeg', 'image/png', 'image/webp'];

/** Extensions accepted for each type (lower case, no dot). */
export const PHOTO_EXTENSIONS: Record<PhotoType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
};

/** The extension a stored photo of this type gets. */
export const STORED_EXTENSION: Record<PhotoType, 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/**
 * Pixels a photo may have (decision 085): 50 megapixels, above a 48 MP phone's 8000×6000; a photo claiming more is
 * refused before its pixels are decoded (a 1.1 MB PNG can claim 20000×20000, 400 million).
 */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** The longest side a stored photo keeps (decision 085): larger ones are shrunk to fit, keeping their shape. */
export const MAX_PHOTO_SIDE = 4096;
export const MAX_PHOTOS_PER_DAMAGE = 6;

/** The image type of these bytes by their signature, or null when they are none of the accepted types. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  const starts = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export function isPhotoType(value: unknown): value is PhotoType {
  return typeof value === 'string' && (PHOTO_TYPES as readonly string[]).includes(value);
}

/** The extension of a file name (lower case, no dot), or '' when it has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function extensionMatches(type: PhotoType, extension: string): boolean {
  return PHOTO_EXTENSIONS[type].includes(extension.toLowerCase().replace(/^\./, ''));
}

export type PhotoCheck =
  | { ok: true; type: PhotoType }
  | { ok: false; reason: 'empty' | 'too-large' | 'not-an-image' | 'extension-mismatch' };

/** Checks an uploaded file: not empty, within the size limit, an accepted image by content and by name. */
export function checkPhoto(
  file: { name: string; bytes: Uint8Array },
  maxBytes: number = MAX_PHOTO_BYTES,
): PhotoCheck {
  if (file.bytes.length === 0) return { ok: false, reason: 'empty' };
  if (file.bytes.length > maxBytes) return { ok: false, reason: 'too-large' };
  const type = sniffPhotoType(file.bytes);
  if (!type) return { ok: false, reason: 'not-an-image' };
  if (!extensionMatches(type, extensionOf(file.name))) return { ok: false, reason: 'extension-mismatch' };
  return { ok: true, type };
}

/** A file name fit to show back: its last path segment, printable characters only, at most 120 of them. */
export function displayFileName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'photo').slice(0, 120);
}
