/**
 * The path imported pictures are served at, and what a stored picture's name may be (decision 096). A module of its
 * own, importing nothing heavy, for the HTTP entry point that serves them.
 */

/** Where `/images/imported/{name}` is served. */
export const IMPORTED_IMAGES_PATH = '/images/imported';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** The content type of a stored picture's name (`{32 hex}.{ext}`), or null for a name no import writes. */
export function importedImageType(name: string): string | null {
  const match = /^[0-9a-f]{32}\.([a-z]{3,4})$/.exec(name);
  return (match && TYPES[match[1]!]) ?? null;
}
