/**
 * Images of an import (decision 096). Nothing is downloaded: a URL is kept as given (its size from the record, or the
 * 4:5 frame of the store's own product art when the record gives none); a local file, named relative to the
 * import file, is checked (it exists, sharp can read it) and copied into the store's imported-image folder
 * (`DATA_DIR/images/imported/`, served at `/images/imported/`) under a name made of its content's hash, so that
 * importing the same file twice writes one copy and the URL of a given picture never changes (it is cached as
 * immutable).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_HEIGHT, IMAGE_WIDTH } from '../../db/seed/product-art';
import { IMPORTED_IMAGES_PATH, importedImagesDir } from './image-paths';
import type { ImportImage, ImportProduct, ImportRefusal } from './records';

/** A larger file is refused: a product photo for the web is a few hundred kilobytes. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

export type ResolvedImage = { url: string; width: number; height: number };

type PendingCopy = { from: string; name: string };

/**
 * Checks every local image and works out each image's URL and size; returns the refusals, and `copy()` to put the
 * files in place (after the database accepted the run: a refused run copies nothing).
 */
export async function resolveImages(
  products: readonly ImportProduct[],
  options: { baseDir: string; dataDir: string },
): Promise<{
  resolved: Map<ImportImage, ResolvedImage>;
  refusals: ImportRefusal[];
  copy(): Promise<number>;
}> {
  const resolved = new Map<ImportImage, ResolvedImage>();
  const refusals: ImportRefusal[] = [];
  const copies = new Map<string, PendingCopy>();
  const byFile = new Map<string, Promise<{ name: string; width: number; height: number } | string>>();
  for (const product of products) {
    for (const [index, image] of product.images.entries()) {
      if (image.source.kind === 'url') {
        resolved.set(image, {
          url: image.source.url,
          width: image.width ?? IMAGE_WIDTH,
          height: image.height ?? IMAGE_HEIGHT,
        });
        continue;
      }
      const file = path.resolve(options.baseDir, image.source.path);
      let inspected = byFile.get(file);
      if (!inspected) {
        inspected = inspect(file);
        byFile.set(file, inspected);
      }
      const outcome = await inspected;
      if (typeof outcome === 'string') {
        refusals.push({
          record: product.source.label,
          sku: product.sku,
          field: `images[${index}].image_file`,
          message: outcome,
        });
        continue;
      }
      copies.set(outcome.name, { from: file, name: outcome.name });
      resolved.set(image, {
        url: `${IMPORTED_IMAGES_PATH}/${outcome.name}`,
        width: image.width ?? outcome.width,
        height: image.height ?? outcome.height,
      });
    }
  }
  return {
    resolved,
    refusals,
    async copy() {
      const dir = importedImagesDir(options.dataDir);
      fs.mkdirSync(dir, { recursive: true });
      let written = 0;
      for (const { from, name } of copies.values()) {
        const target = path.join(dir, name);
        if (fs.existsSync(target)) continue;
        // Written beside and renamed, so a server never sends half a file.
        const partial = `${target}.${process.pid}.partial`;
        fs.copyFileSync(from, partial);
        fs.renameSync(partial, target);
        written++;
      }
      return written;
    },
  };
}

async function inspect(file: string): Promise<{ name: string; width: number; height: number } | string> {
  let bytes: Buffer;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return `is not a file: ${file}`;
    if (stat.size > MAX_IMAGE_BYTES) return `is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB: ${file}`;
    bytes = fs.readFileSync(file);
  } catch {
    return `file not found: ${file}`;
  }
  try {
    const metadata = await sharp(bytes).metadata();
    if (!metadata.width || !metadata.height) return `is not an image sharp can read: ${file}`;
    const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const extension = path.extname(file).toLowerCase().replace('.jpeg', '.jpg');
    return { name: `${hash}${extension}`, width: metadata.width, height: metadata.height };
  } catch {
    return `is not an image sharp can read: ${file}`;
  }
}
